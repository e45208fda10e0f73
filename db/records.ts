import { getTableColumns } from "drizzle-orm";
import {
  articles,
  type ArticleRow,
  type MessageRow,
  type ProjectImageRow,
  type ProjectRow,
  type TestimonialRow,
} from "./schema.ts";
import type { ContactDropReason } from "#core/contact.ts";
import type { ListPage } from "#core/paging.ts";

// What the API and the pages hand out: the rows of db/schema.ts with their dates as ISO strings. Every shape
// here is derived from the tables, so a column added there reaches the API's types without being copied.

/** A row as JSON carries it: dates become ISO strings. */
export type Serialized<Row> = {
  [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K];
};

/** Turns a row's dates into ISO strings (the one place this happens). */
export function serializeRow<Row extends object>(row: Row): Serialized<Row> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as Serialized<Row>;
}

export type Project = Serialized<ProjectRow>;

/** One image of a project's gallery (docs/product.md §28), as the owner sends it back. */
export type GalleryImage = Pick<ProjectImageRow, "url" | "alt_en" | "alt_ar">;

/** A project with its gallery: what the owner edits and the case study shows. */
export type OwnerProject = Project & { gallery: GalleryImage[] };

/** A client's words (docs/product.md §29), every column. */
export type Testimonial = Serialized<TestimonialRow>;

/** Every column of an article: what the owner edits. */
export type Article = Serialized<ArticleRow>;

/** The columns of the articles list (docs/product.md §7): no content, so a long list stays small. */
export const ARTICLE_LIST_COLUMNS = [
  "id",
  "slug",
  "slug_ar",
  "title_en",
  "title_ar",
  "excerpt_en",
  "excerpt_ar",
  "image_url",
  "date",
  "created_at",
  "updated_at",
  "reading_minutes_en",
  "reading_minutes_ar",
  "tags",
] as const satisfies readonly (keyof ArticleRow)[];

export type ArticleListItem = Pick<Article, (typeof ARTICLE_LIST_COLUMNS)[number]>;

/** Where an article stands (docs/product.md §18): a draft, published at a time still to come, or public. */
export type ArticleStatus = "draft" | "scheduled" | "published";

/** What the API says of an article's publication, beside its columns. */
export interface Publication {
  status: ArticleStatus;
  /** When it is (or was) published; null for a draft. */
  publish_at: string | null;
}

/** An article as the owner's API answers it: every column and its publication. */
export type OwnerArticle = Article & Publication;

export function publicationOf(row: { published: boolean; date: Date | string }, now: Date): Publication {
  if (!row.published) return { status: "draft", publish_at: null };
  const date = new Date(row.date);
  return { status: date > now ? "scheduled" : "published", publish_at: date.toISOString() };
}

/** One article as its page reads it (docs/product.md §7): the list columns, the display title and content. */
export const ARTICLE_DETAIL_COLUMNS = [
  ...ARTICLE_LIST_COLUMNS,
  "title",
  "content_en",
  "content_ar",
  "image_alt_en",
  "image_alt_ar",
  "published",
  "meta_title_en",
  "meta_title_ar",
  "meta_description_en",
  "meta_description_ar",
  "share_image_en",
  "share_image_ar",
] as const;

export type ArticleDetail = Pick<Article, (typeof ARTICLE_DETAIL_COLUMNS)[number]>;

/** Drizzle's column objects for a list of column names, for `db.select(…)`. */
export function articleColumns<const Names extends readonly (keyof ArticleRow)[]>(names: Names) {
  const all = getTableColumns(articles);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as {
    [K in Names[number]]: (typeof all)[K];
  };
}

/** The columns of a contact message the owner's inbox shows: not the notification bookkeeping. */
export const INBOX_COLUMNS = [
  "id",
  "name",
  "email",
  "subject",
  "message",
  "form_origin",
  "created_at",
  "read_at",
  "held",
] as const satisfies readonly (keyof MessageRow)[];

export type InboxMessage = Serialized<Pick<MessageRow, (typeof INBOX_COLUMNS)[number]>>;

/**
 * One page of the owner's inbox or of its held messages (docs/product.md §12, §21), with how many messages are
 * unread in the inbox, how many are held, and how many posts were dropped as robots', by reason.
 */
export interface Inbox extends ListPage<InboxMessage> {
  unread: number;
  held: number;
  dropped: Record<ContactDropReason, number>;
}
