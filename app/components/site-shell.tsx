import type { ReactNode } from "react";
import { useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { useI18n } from "#app/lib/i18n.ts";
import type { RootData } from "#app/lib/root-data.ts";
import { useVisitTrail } from "#app/lib/visit-trail.ts";
import { Footer } from "./footer.tsx";
import { Navbar } from "./navbar.tsx";
import { SmoothScroll } from "./smooth-scroll.tsx";
import { Spinner } from "./ui/spinner.tsx";
import { ToastArea } from "./ui/toast.tsx";

/** The shared layout of every page (docs/product.md §2): top bar, page keyed on the path, footer, toast area. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const location = useLocation();
  // Each page enters anew at its path; the admin's views and dialogs, one page at addresses of their own, do not
  // (a new view must not remount the admin, its focus or a dialog's form).
  const admin = Boolean(useRouteLoaderData<RootData>("root")?.adminPage);
  const page = admin ? "admin" : location.pathname;
  useVisitTrail(location.pathname, !admin && !/^(\/ar)?\/preview\//.test(location.pathname));
  // The next page's data is loading (docs/product.md §2: "A spinner shows while loading"); first loads arrive rendered.
  const loading = useNavigation().state === "loading";
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t("nav.skip")}
      </a>
      <Navbar />
      <main id="main" className="relative flex-1" aria-busy={loading}>
        {/* Above the page it replaces, never over its heading. */}
        {loading ? <Spinner className="py-4" /> : null}
        <div key={page} className={`page-enter ${loading ? "opacity-60" : ""}`}>
          {children}
        </div>
      </main>
      <Footer />
      <ToastArea />
      <SmoothScroll />
    </div>
  );
}
