import type { Dictionary } from "#core/i18n.ts";
import type { Language } from "#core/preferences.ts";
import arJson from "./ar.json";
import en from "./en.json";
import type { EnglishDictionary } from "./keys.ts";
import publicAr from "./public-ar.ts";
import publicEn from "./public-en.ts";
import { keepPublicDictionary } from "./public-dictionary.ts";

// A key missing from the Arabic dictionary does not compile here.
const ar: EnglishDictionary = arJson;

/** The whole dictionaries: the admin page receives its language's through the root loader. */
export const dictionaries: Record<Language, Dictionary> = { en, ar };

// The public pages' texts, for every render on the server (app/i18n/public-dictionary.ts).
keepPublicDictionary("en", publicEn);
keepPublicDictionary("ar", publicAr);
