import type { Dictionary } from "#core/i18n.ts";
import type { Language } from "#core/preferences.ts";
import type { EnglishDictionary } from "./keys.ts";

// The public pages' texts are modules of their own, one per language (decision 037): hashed files the browser
// keeps, so no page carries its dictionary in its HTML. The browser loads the page's language before hydrating
// (app/entry.client.tsx) and the other language before a navigation into it (the root's clientLoader); the server
// has both from the start (app/i18n/dictionaries.server.ts). The admin page gets its whole dictionary from the root
// loader instead.

/** The sections only the admin page uses: its panels, the article editor, the image picker, the owner's tools, moving in
 * and out, the Arabic regions of the settings. */
export const ADMIN_SECTIONS = [
  "admin",
  "editor",
  "imageField",
  "ownerTools",
  "moving",
  "arabicRegion",
] as const;

/** Every section of the dictionary but the admin page's: a public module missing one does not compile. */
export type PublicDictionary = Omit<EnglishDictionary, (typeof ADMIN_SECTIONS)[number]>;

const modules: Record<Language, () => Promise<{ default: Dictionary }>> = {
  en: () => import("./public-en.ts"),
  ar: () => import("./public-ar.ts"),
};

const loaded: Partial<Record<Language, Dictionary>> = {};

/** The public texts of a language, once they have loaded. */
export function publicDictionary(language: Language): Dictionary | undefined {
  return loaded[language];
}

/** Loads the public texts of a language (at most once). */
export async function loadPublicDictionary(language: Language): Promise<void> {
  loaded[language] ??= (await modules[language]()).default;
}

/** The server's way in: it has every dictionary when it starts. */
export function keepPublicDictionary(language: Language, dictionary: Dictionary): void {
  loaded[language] = dictionary;
}
