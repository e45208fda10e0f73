import {
  LANGUAGE_KEY,
  THEME_COLORS,
  THEME_KEY,
  preferenceCookie,
  type Language,
  type Theme,
} from "#core/preferences.ts";

// The browser side of the preferences: localStorage as docs/product.md §3.8 says; the language also in the cookie
// the admin page and the API read (decision 037).

function remember(key: typeof THEME_KEY | typeof LANGUAGE_KEY, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage: the choice then lasts for this page.
  }
}

export function applyTheme(theme: Theme) {
  remember(THEME_KEY, theme);
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);
}

/** Remembers the language; the page that shows it (its address, or the admin page's re-render) sets lang and dir. */
export function applyLanguage(language: Language) {
  remember(LANGUAGE_KEY, language);
  document.cookie = preferenceCookie(LANGUAGE_KEY, language);
}
