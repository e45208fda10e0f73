import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useContext, type ReactNode } from "react";
import { DirectionProvider } from "@radix-ui/react-direction";
import { languageOfPath } from "#core/localized-paths.ts";
import { directionOf, readPreferences } from "#core/preferences.ts";
import type { Route } from "./+types/root";
import cairoArabic from "@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2?url";
import cairoLatin from "@fontsource-variable/cairo/files/cairo-latin-wght-normal.woff2?url";
import { AfterPaintScripts } from "./components/after-paint-scripts.tsx";
import { RouteErrorScreen } from "./components/error-screens.tsx";
import { dictionaries, publicDictionaries } from "./i18n/dictionaries.server.ts";
import { pageHead } from "./lib/meta.ts";
import { preferenceScript } from "./lib/preference-script.ts";
import type { RootData } from "./lib/root-data.ts";
import { getNonce, getServices, readSite } from "./lib/services.server.ts";
import { SITE_STYLE_ID, SiteStyleContext } from "./lib/site-style.ts";

// The stylesheet is written into the page (decision 030), not linked; in development Vite's own copy of it, which
// follows edits, comes on top.
if (import.meta.env.DEV) void import("./app.css");

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const preferences = readPreferences(request.headers.get("Cookie"));
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, "");
  const services = getServices(context);
  // A public page speaks the language of its address; the admin, whose addresses are the same in both languages,
  // the owner's choice.
  const { adminPath } = services.site;
  const adminPage = pathname === adminPath || pathname.startsWith(`${adminPath}/`);
  const language = adminPage ? preferences.language : languageOfPath(pathname);
  return {
    language,
    theme: preferences.theme,
    dictionary: adminPage ? dictionaries[language] : publicDictionaries[language],
    nonce: getNonce(context),
    origin: services.site.origin ?? url.origin,
    adminPage,
    site: await readSite(context, language),
  };
}

// The theme changes in the browser alone; the language changes with the address, whose dictionary the root
// loader then sends. Moving between pages of one language leaves the root data alone.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname);
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const language = data?.language ?? "en";
  const theme = data?.theme ?? "light";
  const siteStyle = useContext(SiteStyleContext);
  return (
    <html
      lang={language}
      dir={directionOf(language)}
      className={theme === "dark" ? "dark" : undefined}
      style={{ colorScheme: theme }}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme === "dark" ? "#020617" : "#ffffff"} />
        {/* The font files the first paint needs, fetched with the stylesheet rather than after it: Arabic
            pages show Latin too (initials, tags, names), so they need both. */}
        {(language === "ar" ? [cairoArabic, cairoLatin] : [cairoLatin]).map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <script
          nonce={data?.nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: preferenceScript }}
        />
        <Meta />
        <Links />
        {/* The whole stylesheet, after the title and share tags that link previews read from the first bytes. */}
        <style id={SITE_STYLE_ID} dangerouslySetInnerHTML={{ __html: siteStyle }} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <AfterPaintScripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

// Radix primitives (the admin's tabs, dialogs and toasts) read the direction from this provider, not from the
// document: without it they lay themselves out left to right in Arabic.
export default function App() {
  const data = useRouteLoaderData<RootData>("root");
  return (
    <DirectionProvider dir={directionOf(data?.language ?? "en")}>
      <Outlet />
    </DirectionProvider>
  );
}

export const meta: Route.MetaFunction = (args) =>
  args.error ? pageHead(args, { titleKey: "meta.error", private: true }) : [];

/** The last resort, when even the root loader failed: the site layout's boundary handles everything else. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} />;
}
