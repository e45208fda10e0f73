import type { Language } from "./preferences.ts";

// Where an item's translation stands (decision 015), from when each language's text last changed: a language with
// no text while the other has some is missing; a language whose text is older than the other's was translated
// from an older version (or not yet followed an edit), and by how many whole days.

export type TranslationState =
  | { kind: "missing"; language: Language }
  | { kind: "behind"; language: Language; newer: Language; days: number }
  | null;

const DAY_MS = 24 * 60 * 60 * 1000;

export function translationState(row: {
  text_changed_en: string | null;
  text_changed_ar: string | null;
}): TranslationState {
  const en = row.text_changed_en === null ? null : Date.parse(row.text_changed_en);
  const ar = row.text_changed_ar === null ? null : Date.parse(row.text_changed_ar);
  if (en === null && ar === null) return null;
  if (en === null) return { kind: "missing", language: "en" };
  if (ar === null) return { kind: "missing", language: "ar" };
  if (en === ar) return null;
  const [newer, language]: [Language, Language] = en > ar ? ["en", "ar"] : ["ar", "en"];
  return { kind: "behind", language, newer, days: Math.floor(Math.abs(en - ar) / DAY_MS) };
}
