import type { Language } from "./preferences.ts";
import { hasOwnTitle } from "./slugs.ts";

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

/**
 * The languages an article exists in (decision 015): those whose content has text. A page in another language
 * shows the text in the language it exists in, marked as such, and is not advertised to search engines or feeds.
 * An article with no text in either language exists in both (its titles are all there is).
 */
export function articleLanguages(row: {
  reading_minutes_en: number;
  reading_minutes_ar: number;
}): Language[] {
  const languages = (["en", "ar"] as const).filter((language) => row[`reading_minutes_${language}`] > 0);
  return languages.length > 0 ? languages : ["en", "ar"];
}

/** The language a page in `language` shows an item's text in: its own, else the one the text exists in. */
export function shownLanguage(languages: readonly Language[], language: Language): Language {
  return languages.includes(language) ? language : (languages[0] ?? language);
}

/**
 * The language of the title a page in `language` shows (pickLocalized): its own when the article has one, else the
 * other one's.
 */
export function titleLanguage(row: { title_en: string; title_ar: string }, language: Language): Language {
  const titles = { en: row.title_en, ar: row.title_ar };
  if (hasOwnTitle(language, titles)) return language;
  return hasOwnTitle(OTHER[language], titles) ? OTHER[language] : language;
}
