import { LogOut } from "lucide-react";
import { useEffect, useState } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { formatNumber } from "#core/intl.ts";
import { onSessionEnded } from "#app/features/admin/api/client.ts";
import { useMutation } from "#app/features/admin/api/mutation.ts";
import { SignInForm } from "./sign-in-form.tsx";

// The admin page once the owner has signed in (docs/product.md §2.10): its title, "Sign out", the links to its views
// and the open view (a route of its own below the admin route). When the session ends mid-edit, the sign-in comes
// back as a dialog over the view, which stays as it is: nothing typed is lost (docs/product.md §11.5).

export const ADMIN_VIEWS = [
  "projects",
  "articles",
  "testimonials",
  "cv",
  "messages",
  "visits",
  "settings",
  "activity",
] as const;

export function AdminShell({ unread, held }: { unread: number; held: number }) {
  const { t, locale } = useI18n();
  const [sessionEnded, setSessionEnded] = useState(false);
  useEffect(() => onSessionEnded(() => setSessionEnded(true)), []);
  const signOut = useMutation();
  // The open view: the segment after the admin's own path.
  const segment = useLocation().pathname.split("/")[2];
  const view = ADMIN_VIEWS.find((name) => name === segment);

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-12 sm:px-6">
      <header className="flex flex-wrap items-center gap-4">
        <div className="me-auto flex flex-col gap-1">
          <h1 className="text-3xl font-bold">{t("admin.title")}</h1>
          <p className="text-muted-foreground">{t("admin.subtitle")}</p>
        </div>
        <signOut.fetcher.Form method="post">
          <button
            type="submit"
            name="intent"
            value="signOut"
            disabled={signOut.busy}
            className="inline-flex items-center gap-2 rounded-md border border-border px-4 py-2 font-medium hover:bg-muted disabled:opacity-60"
          >
            <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {signOut.busy ? t("admin.signingOut") : t("admin.signOut")}
          </button>
        </signOut.fetcher.Form>
      </header>
      <nav aria-label={t("admin.tabs.label")} className="self-start">
        <ul className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
          {ADMIN_VIEWS.map((view) => (
            <li key={view}>
              <NavLink
                to={view}
                className="inline-flex rounded-md px-4 py-2 text-sm font-medium text-muted-foreground aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
              >
                {t(`admin.tabs.${view}`)}
                {view === "messages" && unread > 0 ? (
                  <span
                    aria-label={t("admin.messages.unreadCount", { count: unread })}
                    className="ms-2 rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
                  >
                    {formatNumber(unread, locale)}
                  </span>
                ) : null}
                {view === "messages" && held > 0 ? (
                  <span className="ms-2 rounded-full border border-border bg-background px-1.5 text-xs font-semibold text-foreground">
                    {t("admin.messages.heldCount", { count: held })}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={view ? t(`admin.tabs.${view}`) : undefined} className="flex flex-col gap-6">
        <Outlet />
      </section>
      <Dialog
        open={sessionEnded}
        onOpenChange={() => undefined}
        dismissible={false}
        title={t("admin.signIn.expiredTitle")}
        description={t("admin.signIn.expiredText")}
        closeLabel={t("admin.common.close")}
      >
        <SignInForm onSignedIn={() => setSessionEnded(false)} />
      </Dialog>
    </section>
  );
}
