import type { Dictionary } from "#core/i18n.ts";
import type { Language, Theme } from "#core/preferences.ts";

/** What the root loader hands every page: preferences from the cookies and the current dictionary. */
export interface RootData {
  language: Language;
  theme: Theme;
  dictionary: Dictionary;
  nonce: string;
}
