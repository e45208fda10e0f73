import type { Language } from "#core/preferences.ts";

// What the search page shows (docs/product.md §30), shared by its loader and its components.

/** The longest query the page takes; a longer one is answered 400 (only its first MAX_QUERY_LENGTH are searched). */
export const MAX_SEARCH_INPUT = 1000;

/** A piece of a title or an excerpt; `mark` for a word the search found. Text only: React escapes it. */
export interface TextPart {
  text: string;
  mark: boolean;
}

export interface SearchResult {
  kind: "article" | "project" | "service" | "tag";
  /** The language of its texts: the page's, or the other one for an item that exists only in it. */
  language: Language;
  /** Its address in its own language. */
  path: string;
  title: TextPart[];
  excerpt: TextPart[];
  /** Empty for a service or a tag. */
  date: string;
  dateText: string;
  /** A tag's count of public articles in its language. */
  count?: number;
  own: boolean;
}

export interface SearchPage {
  status: 200 | 400 | 429;
  /** What the visitor typed, for the field. */
  query: string;
  problem: "tooLong" | "tooMany" | null;
  errorKey: "errors.databaseUnavailable" | null;
  items: SearchResult[];
  total: number;
  /** How many results are in the page's language: they come first, the others under their own heading. */
  ownTotal: number;
  page: number;
  pages: number;
  /** When nothing was found: the newest articles and projects. */
  latest: SearchResult[];
}
