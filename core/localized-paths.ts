import { LANGUAGES, type Language } from "./preferences.ts";

// Every public page has an address in each language (docs/product.md §16): English at the root, Arabic under
// /ar. The language of a page comes from its address.

export const LANGUAGE_PREFIX: Record<Language, string> = { en: "", ar: "/ar" };

/** The language an address is in; React Router's data requests (`/ar/about.data`, `/ar.data`) count as their page. */
export function languageOfPath(pathname: string): Language {
  return /^\/ar(?:\/|\.data$|$)/.test(pathname) ? "ar" : "en";
}

/** The address without its language prefix: "/ar/about" → "/about", "/ar" → "/". */
export function pathWithoutLanguage(pathname: string): string {
  if (languageOfPath(pathname) === "en") return pathname;
  const rest = pathname.slice(LANGUAGE_PREFIX.ar.length);
  return rest === "" || rest.startsWith(".") ? "/" : rest;
}

/** A site path in a language: "/about" → "/ar/about", "/" → "/ar"; a query and a hash are kept. */
export function localizePath(path: string, language: Language): string {
  const match = /^([^?#]*)(.*)$/.exec(path)!;
  const pathname = pathWithoutLanguage(match[1] || "/");
  const prefix = LANGUAGE_PREFIX[language];
  const localized = prefix && pathname === "/" ? prefix : prefix + pathname;
  return localized + match[2];
}

/** The same page in every language, keyed by language. */
export function alternatePaths(pathname: string): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, localizePath(pathname, language)]),
  ) as Record<Language, string>;
}

/** The public pages that exist once per language, apart from each article's (docs/product.md §2.1). */
export const PUBLIC_PAGES = ["/", "/about", "/projects", "/articles", "/services", "/contact"] as const;

/** Characters a path may carry as they are or percent-encoded alike (RFC 3986 §2.3): written as they are. */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * The one spelling of a public page's path (docs/product.md §20): one "/" between segments and none at the end,
 * lower case (every public address is: slugs and tags are made so), percent-encoding only where it is needed and
 * with capital hex digits, as browsers and `itemPath` write it. `//host/x`, `/About/` and `/%61bout` name
 * `/host/x`, `/about` and `/about`; whatever comes in, the answer starts with exactly one "/", so a redirect to
 * it stays on the site.
 */
export function canonicalPath(pathname: string): string {
  const segments = pathname
    .split(/[/\\]/)
    .filter((segment) => segment !== "")
    .map((segment) =>
      segment.toLowerCase().replace(/%([0-9a-f]{2})/g, (_escape: string, hex: string) => {
        const character = String.fromCharCode(parseInt(hex, 16));
        return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
      }),
    );
  return `/${segments.join("/")}`;
}
