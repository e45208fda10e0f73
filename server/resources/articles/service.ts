import { and, desc, eq, ne, sql } from "drizzle-orm";
import {
  MAX_ARTICLE_HTML_BYTES,
  MAX_EMBEDDED_IMAGE_BYTES,
  largestEmbeddedImageBytes,
} from "#core/article-limits.ts";
import {
  buildArticleTitles,
  buildExcerpt,
  buildSlug,
  buildUniqueSlug,
  isPossibleSlug,
} from "#core/article-rules.ts";
import { isUuid } from "#core/ids.ts";
import type { Database } from "#db/client.ts";
import type { ArticleInput } from "#db/inputs.ts";
import {
  ARTICLE_DETAIL_COLUMNS,
  ARTICLE_LIST_COLUMNS,
  articleColumns,
  serializeRow,
  type Article,
  type ArticleDetail,
  type ArticleListItem,
} from "#db/records.ts";
import { articles, type ArticleRow } from "#db/schema.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { WriteDeps } from "#server/resources/deps.ts";
import { removeUnusedImage, requireStoredImage } from "#server/resources/uploads/references.ts";
import { sanitizeHtml } from "./sanitize.ts";

// Articles (docs/product.md §3, §5, §7): the public list and pages, and the owner's writes. The server is the
// authority for the rules of §5 (core/article-rules.ts); HTML is sanitised when saved, and again when a page
// renders it.

/** The list fields, date newest first. */
export async function listArticles(db: Database): Promise<ArticleListItem[]> {
  const rows = await db
    .select(articleColumns(ARTICLE_LIST_COLUMNS))
    .from(articles)
    .orderBy(desc(articles.date), desc(articles.created_at));
  return rows.map(serializeRow);
}

/** One article by slug, or null. */
export async function getArticleBySlug(db: Database, slug: string): Promise<ArticleDetail | null> {
  if (!isPossibleSlug(slug)) return null;
  const [row] = await db
    .select(articleColumns(ARTICLE_DETAIL_COLUMNS))
    .from(articles)
    .where(eq(articles.slug, slug))
    .limit(1);
  return row ? serializeRow(row) : null;
}

const MB = 1024 * 1024;

/** Every article with all its columns, newest created_at first (docs/product.md §7 "Admin lists"). */
export async function listAdminArticles(db: Database): Promise<Article[]> {
  const rows = await db.select().from(articles).orderBy(desc(articles.created_at));
  return rows.map(serializeRow);
}

async function cleanContent(html: string, path: string): Promise<string> {
  if (Buffer.byteLength(html) > MAX_ARTICLE_HTML_BYTES)
    throw new ServiceError(413, "articleTooLarge", { vars: { max: MAX_ARTICLE_HTML_BYTES / MB }, path });
  if (largestEmbeddedImageBytes(html) > MAX_EMBEDDED_IMAGE_BYTES)
    throw new ServiceError(413, "embeddedImageTooLarge", {
      vars: { max: MAX_EMBEDDED_IMAGE_BYTES / MB },
      path,
    });
  return sanitizeHtml(html);
}

/** What the row stores apart from id, slug and dates, derived from what the owner typed. */
async function deriveFields(input: ArticleInput) {
  const titles = buildArticleTitles(input);
  if (!titles) throw new ServiceError(422, "articleTitleRequired", { path: "title_en" });
  const content_en = await cleanContent(input.content_en, "content_en");
  const content_ar = await cleanContent(input.content_ar, "content_ar");
  return {
    ...titles,
    content_en,
    content_ar,
    excerpt_en: buildExcerpt(content_en),
    excerpt_ar: buildExcerpt(content_ar),
    image_url: input.image_url,
    // A description without its image means nothing (docs/product.md §5).
    image_alt_en: input.image_url ? input.image_alt_en : "",
    image_alt_ar: input.image_url ? input.image_alt_ar : "",
  };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Runs `work` with the unique slug for `title` (docs/product.md §5), in a transaction that holds a lock only article
 * writes take: two saves of one title at the same moment, even on two servers, cannot both pick the same slug.
 */
async function withUniqueSlug<T>(
  db: Database,
  title: string,
  currentId: string | null,
  work: (tx: Transaction, slug: string) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:article-slugs'))`);
    const now = Date.now();
    const isTaken = async (slug: string) => {
      const same = eq(articles.slug, slug);
      const [row] = await tx
        .select({ slug: articles.slug })
        .from(articles)
        .where(currentId ? and(same, ne(articles.id, currentId)) : same)
        .limit(1);
      return Boolean(row);
    };
    return work(tx, await buildUniqueSlug(buildSlug(title, now), isTaken, now));
  });
}

export async function createArticle(deps: WriteDeps, input: ArticleInput): Promise<Article> {
  await requireStoredImage(deps.images, input.image_url, null, "articles");
  const fields = await deriveFields(input);
  const row = await withUniqueSlug(deps.db, fields.title, null, async (tx, slug) => {
    const now = new Date();
    const [inserted] = await tx
      .insert(articles)
      .values({ ...fields, slug, date: now, created_at: now, updated_at: now })
      .returning();
    return inserted!;
  });
  return serializeRow(row);
}

export async function updateArticle(deps: WriteDeps, id: string, input: ArticleInput): Promise<Article> {
  const current = await findArticle(deps, id);
  await requireStoredImage(deps.images, input.image_url, current.image_url, "articles");
  const fields = await deriveFields(input);
  const row = await withUniqueSlug(deps.db, fields.title, id, async (tx, slug) => {
    // The date is set on create and kept on edit (docs/product.md §7).
    const [updated] = await tx
      .update(articles)
      .set({ ...fields, slug, updated_at: new Date() })
      .where(eq(articles.id, id))
      .returning();
    if (!updated) throw new ServiceError(404, "articleNotFound");
    return updated;
  });
  // The replaced image goes once the row points at the new one (decision 009).
  if (current.image_url !== row.image_url) await removeUnusedImage(deps, current.image_url);
  return serializeRow(row);
}

export async function deleteArticle(deps: WriteDeps, id: string): Promise<void> {
  if (!isUuid(id)) throw new ServiceError(404, "articleNotFound");
  const [row] = await deps.db.delete(articles).where(eq(articles.id, id)).returning();
  if (!row) throw new ServiceError(404, "articleNotFound");
  await removeUnusedImage(deps, row.image_url);
}

async function findArticle(deps: WriteDeps, id: string): Promise<ArticleRow> {
  if (!isUuid(id)) throw new ServiceError(404, "articleNotFound");
  const [row] = await deps.db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!row) throw new ServiceError(404, "articleNotFound");
  return row;
}
