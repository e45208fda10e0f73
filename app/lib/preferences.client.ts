import { LANGUAGE_KEY, THEME_KEY, preferenceCookie, type Language, type Theme } from "#core/preferences.ts";

// The browser side of the preferences: localStorage as docs/product.md §3.8 says, and the cookie mirror the server reads.

function remember(key: typeof THEME_KEY | typeof LANGUAGE_KEY, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; the cookie still carries the choice.
  }
  document.cookie = preferenceCookie(key, value);
}

export function applyTheme(theme: Theme) {
  remember(THEME_KEY, theme);
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.documentElement.style.colorScheme = theme;
}

/** Remembers the language; the page that shows it (its address, or the admin page's re-render) sets lang and dir. */
export function applyLanguage(language: Language) {
  remember(LANGUAGE_KEY, language);
}
