import type { Dictionary } from "#core/i18n.ts";
import type { Language } from "#core/preferences.ts";
import arJson from "./ar.json";
import en from "./en.json";
import type { EnglishDictionary } from "./keys.ts";

// A key missing from the Arabic dictionary does not compile here.
const ar: EnglishDictionary = arJson;

// Dictionaries stay on the server: each page receives only its language's through the root loader.
export const dictionaries: Record<Language, Dictionary> = { en, ar };
