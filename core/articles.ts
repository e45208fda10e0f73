import type { Language } from "./preferences.ts";

const OTHER: Record<Language, Language> = { en: "ar", ar: "en" };

type Localized<Field extends string> = Partial<Record<`${Field}_${Language}` | Field, string | null>>;

/**
 * A bilingual field in one language with the product's fallback (docs/product.md §3): the other language's
 * text when this one is empty, else the plain field (an article's display title).
 */
export function pickLocalized<Field extends "title" | "excerpt" | "content">(
  row: Localized<Field>,
  field: Field,
  language: Language,
): string {
  const texts = row as Partial<Record<string, string | null>>;
  for (const key of [`${field}_${language}`, `${field}_${OTHER[language]}`]) {
    const text = texts[key];
    if (typeof text === "string" && text.trim() !== "") return text;
  }
  return texts[field] ?? "";
}
