import type { TranslationKey } from "#app/i18n/keys.ts";
export interface ArticleSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  image_url: string | null;
  date: string;
  /** The long localised date, formatted on the server so both sides print the same text. */
  dateText: string;
}

export interface ArticlesResult {
  articles: ArticleSummary[];
  errorKey: TranslationKey | null;
}
