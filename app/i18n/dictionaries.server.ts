import type { Messages } from "#core/i18n.ts";
import type { Language } from "#core/preferences.ts";
import ar from "./ar.json";
import en from "./en.json";

// Dictionaries stay on the server: each page receives only its language's through the root loader.
export const dictionaries: Record<Language, Messages> = { en, ar };
