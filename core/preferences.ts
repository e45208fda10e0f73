// Preferences live in localStorage under `theme` and `language` (docs/product.md §3). The theme is applied in the
// browser before the first paint (decision 037); the language is mirrored in a cookie of the same name, which the admin
// page and the API answer in (docs/product.md §14).

export const LANGUAGES = ["en", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const DEFAULT_LANGUAGE: Language = "en";
export const DEFAULT_THEME: Theme = "light";
/** The browser's theme-color (its bar above the page) in each theme: the page's background. */
export const THEME_COLORS: Record<Theme, string> = { light: "#ffffff", dark: "#020617" };
export const THEME_KEY = "theme";
export const LANGUAGE_KEY = "language";
/** One year: preferences are not secrets and should outlive a browser restart. */
export const PREFERENCE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function parseLanguage(value: unknown): Language {
  return LANGUAGES.includes(value as Language) ? (value as Language) : DEFAULT_LANGUAGE;
}

export function parseTheme(value: unknown): Theme {
  return THEMES.includes(value as Theme) ? (value as Theme) : DEFAULT_THEME;
}

export function directionOf(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/** Reads one cookie from a Cookie header; malformed encodings count as absent. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function readPreferences(cookieHeader: string | null | undefined): {
  language: Language;
  theme: Theme;
} {
  return {
    language: parseLanguage(readCookie(cookieHeader, LANGUAGE_KEY)),
    theme: parseTheme(readCookie(cookieHeader, THEME_KEY)),
  };
}

export function preferenceCookie(name: typeof THEME_KEY | typeof LANGUAGE_KEY, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}; SameSite=Lax`;
}
