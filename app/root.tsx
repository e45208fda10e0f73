import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useEffect, type ReactNode } from "react";
import { DirectionProvider } from "@radix-ui/react-direction";
import { languageOfPath } from "#core/localized-paths.ts";
import { directionOf, readPreferences } from "#core/preferences.ts";
import type { Route } from "./+types/root";
import cairoArabic from "@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2?url";
import cairoLatin from "@fontsource-variable/cairo/files/cairo-latin-wght-normal.woff2?url";
import { RouteErrorScreen } from "./components/error-screens.tsx";
import { dictionaries } from "./i18n/dictionaries.server.ts";
import { loadPublicDictionary } from "./i18n/public-dictionary.ts";
import { pageHead } from "./lib/meta.ts";
import { preferenceScript } from "./lib/preference-script.ts";
import type { RootData } from "./lib/root-data.ts";
import { getNonce, getServices, readSite } from "./lib/services.server.ts";
// The site's one stylesheet, a hashed file every page links (decision 037): cached once for every page.
import "./app.css";

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
    // A public page's texts are a module of their own (app/i18n/public-dictionary.ts); the admin page's come here.
    dictionary: adminPage ? dictionaries[language] : null,
    nonce: getNonce(context),
    origin: services.site.origin ?? url.origin,
    adminPage,
    site: await readSite(context, language),
  };
}

/** Before a navigation into the other language, its public texts load beside the root's data. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    loadPublicDictionary(languageOfPath(new URL(request.url).pathname)),
  ]);
  return data;
}

// The theme is the browser's alone (decision 037); the language changes with the address, whose texts the
// clientLoader above loads. Moving between pages of one language leaves the root data alone.
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
  // Set once React has committed the page (the effects of everything in it have run): the end-to-end tests wait for
  // it before they touch a page, as a person finds it answering a moment after it shows.
  useEffect(() => {
    (window as { siraHydrated?: boolean }).siraHydrated = true;
  }, []);
  // The head script sets the theme's class and its theme-color element before the first paint
  // (app/lib/preference-script.ts): the server's HTML is the same for every visitor, and hydration leaves the
  // script's changes alone.
  return (
    <html lang={language} dir={directionOf(language)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
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
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
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
