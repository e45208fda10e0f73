import type { Language } from "#core/preferences.ts";
import type { SiraExtras } from "./sira-extras.ts";

// What every source of an import is read into (docs/product.md §31): articles with a text per language, the
// images they name, and what was left out and why. The service decides what is created, updated or skipped.

/** An image an item names: a file of the imported folder or zip, or an address on the web. */
export type ImageRef = { file: string } | { url: string };

/** One language of an imported article. */
export interface ImportText {
  title: string;
  slug: string;
  /** Rich text, not yet sanitised. Images and links still name the source's addresses. */
  html: string;
  summary: string;
  metaTitle: string;
  metaDescription: string;
  coverAlt: string;
  tags: string[];
  shareImage: ImageRef | null;
  /** Paths the text answered at on the old site ("/2023/05/my-post/"), or on this one ("/articles/old-slug"). */
  oldPaths: string[];
  /** The folder of its file, for images named relative to it ("" at the root or for a single-file source). */
  folder: string;
}

export interface ImportArticle {
  /** The source's own id of the item (a post id, a translation key): importing it again updates the same one. */
  sourceId: string;
  /** How the owner recognises it in the preview: its title. */
  label: string;
  /** Our own export's translation key: the article's id here. */
  id?: string;
  status: "draft" | "published";
  /** Its first publication, or when it is scheduled (a published article dated later). */
  date: Date | null;
  updated: Date | null;
  texts: Partial<Record<Language, ImportText>>;
  /** The English names of its tags when it has no English text (the Arabic names are the text's `tags`). */
  tagsEn?: string[];
  /** Its English slug when it has no English text (the English address still exists). */
  slugEn?: string;
  cover: ImageRef | null;
}

/** Why an item of the source was not imported: a key of the "moving.skip" texts. */
export type SkipReason = "notAPost" | "trashed" | "noTitle" | "noContent" | "duplicate" | "unreadable";

export interface Skipped {
  label: string;
  reason: SkipReason;
}

export interface ImportSource {
  /** The kind of source and the site it came from: idempotency keys are unique within it. */
  source: string;
  format: "sira" | "markdown" | "wordpress" | "ghost";
  articles: ImportArticle[];
  skipped: Skipped[];
  /** The files of a folder or zip, by path from its root ("posts/a/cover.png"). */
  files: Map<string, Buffer>;
  /** The old site's origin (https://old.example.com): links to it inside the texts are rewritten. */
  origin?: string;
  /** Our own export's projects, testimonials and settings. */
  extras?: SiraExtras;
}
