import type { Language } from "#core/preferences.ts";
import type { ImageInfo } from "#core/images.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";

/** A tag in the page's language: its address and its name. */
export interface TagName {
  slug: string;
  name: string;
}

export interface ArticleSummary {
  id: string;
  /** Its address in the page's language (decision 015). */
  path: string;
  /** The language its title and excerpt are in when the article does not exist in the page's; null otherwise. */
  textLanguage: Language | null;
  /** The language its title is in (the page's, or the other when it has none of its own). */
  titleLanguage: Language;
  title: string;
  excerpt: string;
  image_url: string | null;
  /** The cover's responsive variants, when it has them. */
  image_info?: ImageInfo | null;
  date: string;
  /** The long localised date, formatted on the server so both sides print the same text. */
  dateText: string;
  readingMinutes: number;
  tags: TagName[];
}

export interface ArticlesResult {
  articles: ArticleSummary[];
  errorKey: TranslationKey | null;
  /** This page and how many there are (docs/product.md §18). */
  page: number;
  pages: number;
  /** The tag this list is of, if any. */
  tag: TagName | null;
}
