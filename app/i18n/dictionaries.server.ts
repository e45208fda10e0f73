import type { Dictionary } from "#core/i18n.ts";
import type { Language } from "#core/preferences.ts";
import arJson from "./ar.json";
import en from "./en.json";
import type { EnglishDictionary } from "./keys.ts";

// A key missing from the Arabic dictionary does not compile here.
const ar: EnglishDictionary = arJson;

// Dictionaries stay on the server: each page receives only its language's through the root loader.
export const dictionaries: Record<Language, Dictionary> = { en, ar };

/** The sections only the admin page uses: its panels, the article editor and the image picker. */
export const ADMIN_SECTIONS = ["admin", "editor", "imageField"] as const;

function withoutAdmin(dictionary: Dictionary): Dictionary {
  return Object.fromEntries(
    Object.entries(dictionary).filter(
      ([section]) => !(ADMIN_SECTIONS as readonly string[]).includes(section),
    ),
  );
}

/** What a public page is sent: its language's dictionary without the admin's texts (a third of the bytes). */
export const publicDictionaries: Record<Language, Dictionary> = {
  en: withoutAdmin(en),
  ar: withoutAdmin(ar),
};
