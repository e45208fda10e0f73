import { and, asc, count, desc, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import { ITEM_IMAGE_COLUMNS } from "#core/images.ts";
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
  SLUG_MIN_LENGTH,
  readingMinutes,
} from "#core/article-rules.ts";
import { arabicSlug, englishSlug, isPossibleSlug, wantedSlug, type ItemSlugs } from "#core/slugs.ts";
import { isUuid } from "#core/ids.ts";
import type { Language } from "#core/preferences.ts";
import type { ListPage, Page } from "#core/paging.ts";
import type { Database } from "#db/client.ts";
import { withShareImages, type ArticleInput } from "#db/inputs.ts";
import {
  ARTICLE_DETAIL_COLUMNS,
  ARTICLE_LIST_COLUMNS,
  articleColumns,
  serializeRow,
  publicationOf,
  type ArticleDetail,
  type ArticleListItem,
  type ArticleStatus,
  type OwnerArticle,
} from "#db/records.ts";
import { articles, type ArticleRow } from "#db/schema.ts";
import {
  resolveAddress,
  retireDeleted,
  retireSlugs,
  type AddressAnswer,
  type ItemFinder,
} from "#server/kernel/item-addresses.ts";
import { indexArticle, matchingItems, unindexItem } from "#server/kernel/search-index.ts";
import { ServiceError } from "#server/http/errors.ts";
import { readPage, type PagingQuery } from "#server/http/paging.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { Uploads } from "#server/features/uploads/service.ts";
import { articleHtml, keepArticleRenders, renderArticle } from "./rendered.ts";
import { sanitizeHtml } from "./sanitize.ts";

// Articles (docs/product.md §3, §5, §7): the public list and pages, and the owner's writes, each of which tells
// the site its content changed. The server is the authority for the rules of §5 (core/article-rules.ts); HTML is
// sanitised when saved, and rendered for its page (sanitised again, code highlighted) before the save's
// transaction, which keeps the renders (decision 011).

/** What visitors may see (docs/product.md §18): published articles whose time has come. */
const isPublic = (now: Date) => and(eq(articles.published, true), lte(articles.date, now));
const NEWEST = [desc(articles.date), desc(articles.created_at)] as const;

/** The list fields of every public article, date newest first (the API's list and the sitemap). */
export async function listArticles(db: Database, now = new Date()): Promise<ArticleListItem[]> {
  const rows = await db
    .select(articleColumns(ARTICLE_LIST_COLUMNS))
    .from(articles)
    .where(isPublic(now))
    .orderBy(...NEWEST);
  return rows.map(serializeRow);
}

/** One page of the public articles' list fields for the API (docs/product.md §7.2), date newest first. */
export async function listArticleApiPage(
  db: Database,
  query: PagingQuery,
  now = new Date(),
): Promise<ListPage<ArticleListItem>> {
  const page = await readPage(
    query,
    async () => (await db.select({ n: count() }).from(articles).where(isPublic(now)))[0]?.n ?? 0,
    (limit, offset) =>
      db
        .select(articleColumns(ARTICLE_LIST_COLUMNS))
        .from(articles)
        .where(isPublic(now))
        .orderBy(...NEWEST, asc(articles.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...page, items: page.items.map(serializeRow) };
}

/**
 * Public articles, only those with `tag` when given, only those that exist in `language` when given (decision 015:
 * their content has text in it, or neither language's has).
 */
function publicWith(now: Date, tag: string | undefined, language?: Language) {
  const inLanguage =
    language === undefined
      ? undefined
      : or(
          gt(language === "en" ? articles.reading_minutes_en : articles.reading_minutes_ar, 0),
          and(eq(articles.reading_minutes_en, 0), eq(articles.reading_minutes_ar, 0)),
        );
  return and(
    isPublic(now),
    tag ? sql`${articles.tags} @> ${JSON.stringify([{ slug: tag }])}::jsonb` : undefined,
    inLanguage,
  );
}

/**
 * One page of public articles, newest first, with how many there are; only those with `tag` when given. Reads
 * one page of rows however many articles there are.
 */
export async function listArticlePage(
  db: Database,
  options: { page: number; perPage: number; tag?: string; language?: Language; now?: Date },
): Promise<Page<ArticleListItem>> {
  const where = publicWith(options.now ?? new Date(), options.tag, options.language);
  const [rows, [total]] = await Promise.all([
    db
      .select(articleColumns(ARTICLE_LIST_COLUMNS))
      .from(articles)
      .where(where)
      .orderBy(...NEWEST, asc(articles.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return { items: rows.map(serializeRow), total: total?.total ?? 0 };
}

/** The public articles' tags, each with its articles' last change. */
function publicTags(db: Database, now: Date) {
  return db
    .select({
      slug: sql<string>`jsonb_array_elements(${articles.tags}) ->> 'slug'`.as("slug"),
      updated_at: articles.updated_at,
    })
    .from(articles)
    .where(isPublic(now))
    .as("tagged");
}

/**
 * One page of the tags public articles have, by slug, each with when the newest of its articles changed (the
 * sitemap's tag pages, docs/product.md §16.7), and how many there are.
 */
export async function listPublicTagPage(
  db: Database,
  options: { page: number; perPage: number; now?: Date },
): Promise<Page<{ slug: string; lastmod: string }>> {
  const tagged = publicTags(db, options.now ?? new Date());
  const [rows, [total]] = await Promise.all([
    db
      .select({ slug: tagged.slug, lastmod: sql`max(${tagged.updated_at})`.mapWith(articles.updated_at) })
      .from(tagged)
      .groupBy(tagged.slug)
      .orderBy(tagged.slug)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ total: sql<number>`count(distinct ${tagged.slug})`.mapWith(Number) }).from(tagged),
  ]);
  return {
    items: rows.map((row) => ({ slug: row.slug, lastmod: row.lastmod.toISOString() })),
    total: total?.total ?? 0,
  };
}

/** When a public article was last saved; null while there is none. */
export async function lastPublicChange(db: Database, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ at: sql`max(${articles.updated_at})`.mapWith(articles.updated_at) })
    .from(articles)
    .where(isPublic(now));
  return row?.at instanceof Date ? row.at.toISOString() : null;
}

/** How many articles are public (with `tag`, only those with that tag): the lists' page count (§18.9). */
export async function countPublicArticles(
  db: Database,
  options: { tag?: string; now?: Date } = {},
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(articles)
    .where(publicWith(options.now ?? new Date(), options.tag));
  return row?.total ?? 0;
}

/** When the next scheduled article goes public, if one is waiting: a page rendered now is stale from then. */
export async function nextPublication(db: Database, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ date: articles.date })
    .from(articles)
    .where(and(eq(articles.published, true), gt(articles.date, now)))
    .orderBy(articles.date)
    .limit(1);
  return row?.date ?? null;
}

/** One public article by its slug in either language, or null (a draft or a scheduled one is not found). */
export async function getArticleBySlug(
  db: Database,
  slug: string,
  now = new Date(),
): Promise<ArticleDetail | null> {
  if (!isPossibleSlug(slug)) return null;
  const [row] = await db
    .select(articleColumns(ARTICLE_DETAIL_COLUMNS))
    .from(articles)
    .where(and(or(eq(articles.slug, slug), eq(articles.slug_ar, slug)), isPublic(now)))
    // Its English slug first: another article's Arabic slug may be spelled the same (decision 015).
    .orderBy(desc(eq(articles.slug, slug)))
    .limit(1);
  return row ? serializeRow(row) : null;
}

/** An article's slugs; a row restored from a backup older than Arabic slugs uses the English one for both. */
export const articleSlugs = (row: { slug: string; slug_ar: string }): ItemSlugs => ({
  en: row.slug,
  ar: row.slug_ar || row.slug,
});

/** How the addresses of public articles are read (server/kernel/item-addresses.ts). */
function articleFinder(db: Database, now: Date): ItemFinder<ArticleDetail> {
  const one = async (where: ReturnType<typeof and>) => {
    const [row] = await db
      .select(articleColumns(ARTICLE_DETAIL_COLUMNS))
      .from(articles)
      .where(and(where, isPublic(now)))
      .limit(1);
    return row ? serializeRow(row) : null;
  };
  return {
    bySlug: (language, slug) =>
      one(
        language === "en"
          ? eq(articles.slug, slug)
          : or(eq(articles.slug_ar, slug), and(eq(articles.slug_ar, ""), eq(articles.slug, slug))),
      ),
    byId: (id) => one(eq(articles.id, id)),
    exists: async (id) =>
      (await db.select({ id: articles.id }).from(articles).where(eq(articles.id, id)).limit(1)).length > 0,
    slugs: articleSlugs,
  };
}

/**
 * What an article's address in a language answers (decision 015): the public article, a move to its current
 * address (an old slug, or its slug in the other language), gone when it was deleted, or null.
 */
export function resolveArticle(
  db: Database,
  language: Language,
  slug: string,
  now = new Date(),
): Promise<AddressAnswer<ArticleDetail>> {
  return resolveAddress(db, "articles", articleFinder(db, now), language, slug);
}

/** Any article by id, draft or not: the owner's preview (docs/product.md §18). */
export async function getArticleForPreview(db: Database, id: string): Promise<ArticleDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(articleColumns(ARTICLE_DETAIL_COLUMNS))
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1);
  return row ? serializeRow(row) : null;
}

const toOwnerArticle = (row: ArticleRow, now: Date): OwnerArticle => ({
  ...serializeRow(row),
  ...publicationOf(row, now),
});

/**
 * One article with every column and its status, for the owner's edit form; 404 when there is none. Its content is
 * sanitised again as it leaves: the editor parses it into the page, and a row need not have come through the API
 * (a restored backup, a hand-made row), so no event handler or script of a stored row reaches the admin's DOM.
 */
export async function getOwnerArticle(db: Database, id: string, now = new Date()): Promise<OwnerArticle> {
  const article = toOwnerArticle(await findArticle(db, id), now);
  const [content_en, content_ar] = await Promise.all([
    sanitizeHtml(article.content_en),
    sanitizeHtml(article.content_ar),
  ]);
  return { ...article, content_en, content_ar };
}

const MB = 1024 * 1024;

/** What the owner's writes need: the database, the clock, and the uploads (features/uploads) for images. */
export interface ArticleWriteDeps {
  db: Database;
  now: () => Date;
  uploads: Pick<Uploads, "storeInline" | "requireStored" | "removeUnused">;
}

/** Every article with all its columns, newest created_at first (docs/product.md §7 "Admin lists"). */
/** Which articles the admin lists (docs/product.md §18, §21): every one, or those in one state. */
export type ArticleStatusFilter = ArticleStatus | "all" | "untranslated";

function withStatus(status: ArticleStatusFilter, now: Date) {
  if (status === "draft") return eq(articles.published, false);
  if (status === "scheduled") return and(eq(articles.published, true), gt(articles.date, now));
  if (status === "published") return isPublic(now);
  // One language's text changed at another time than the other's, or only one has text (decision 015).
  if (status === "untranslated")
    return sql`${articles.text_changed_en} is distinct from ${articles.text_changed_ar}`;
  return undefined;
}

/** One page of the owner's articles, newest created_at first (the id breaks ties), every column and its status. */
export async function listAdminArticlePage(
  db: Database,
  query: PagingQuery & { status: ArticleStatusFilter; q?: string },
  now = new Date(),
): Promise<ListPage<OwnerArticle>> {
  const where = and(
    withStatus(query.status, now),
    query.q ? matchingItems("article", articles.id, query.q) : undefined,
  );
  const page = await readPage(
    query,
    async () => (await db.select({ n: count() }).from(articles).where(where))[0]?.n ?? 0,
    (limit, offset) =>
      db
        .select()
        .from(articles)
        .where(where)
        .orderBy(desc(articles.created_at), desc(articles.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...page, items: page.items.map((row) => toOwnerArticle(row, now)) };
}

async function cleanContent(html: string, path: string): Promise<string> {
  if (Buffer.byteLength(html) > MAX_ARTICLE_HTML_BYTES)
    throw new ServiceError(413, "articleTooLarge", { vars: { max: MAX_ARTICLE_HTML_BYTES / MB }, path });
  if (largestEmbeddedImageBytes(html) > MAX_EMBEDDED_IMAGE_BYTES)
    throw new ServiceError(413, "embeddedImageTooLarge", {
      vars: { max: MAX_EMBEDDED_IMAGE_BYTES / MB },
      path,
    });
  return sanitizeHtml(html, path);
}

/** What the row stores apart from id, slug and dates, derived from what the owner typed. */
async function deriveFields(deps: ArticleWriteDeps, input: ArticleInput) {
  const titles = buildArticleTitles(input);
  if (!titles) throw new ServiceError(422, "articleTitleRequired", { path: "title_en" });
  const content_en = await deps.uploads.storeInline(
    await cleanContent(input.content_en, "content_en"),
    "articles",
  );
  const content_ar = await deps.uploads.storeInline(
    await cleanContent(input.content_ar, "content_ar"),
    "articles",
  );
  return {
    ...titles,
    content_en,
    content_ar,
    // The owner's excerpt when written, else the product's rule (docs/product.md §5.8).
    summary_en: input.summary_en,
    summary_ar: input.summary_ar,
    excerpt_en: input.summary_en || buildExcerpt(content_en),
    excerpt_ar: input.summary_ar || buildExcerpt(content_ar),
    reading_minutes_en: readingMinutes(content_en),
    reading_minutes_ar: readingMinutes(content_ar),
    tags: input.tags,
    meta_title_en: input.meta_title_en,
    meta_title_ar: input.meta_title_ar,
    meta_description_en: input.meta_description_en,
    meta_description_ar: input.meta_description_ar,
    share_image_en: input.share_image_en,
    share_image_ar: input.share_image_ar,
    image_url: input.image_url,
    // A description without its image means nothing (docs/product.md §5).
    image_alt_en: input.image_url ? input.image_alt_en : "",
    image_alt_ar: input.image_url ? input.image_alt_ar : "",
  };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Runs `work` with the article's unique slug in each language (docs/product.md §5, decision 015): the owner's own,
 * or the English one from the English title by the spec's rule and the Arabic one from the Arabic title; a
 * language without a title (or whose title leaves too little) takes the other's slug, and the English one at last
 * `article-` and digits. A stand-in sent back unchanged when its language gets a title is built anew from it
 * (core/slugs.ts wantedSlug). In a transaction that holds a lock only article writes take: two saves of one title
 * at the same moment, even on two servers, cannot both pick the same slug.
 */
async function withUniqueSlugs<T>(
  db: Database,
  wanted: {
    title_en: string;
    title_ar: string;
    slug_en: string;
    slug_ar: string;
    current?: { slugs: ItemSlugs; titles: Record<Language, string> };
  },
  currentId: string | null,
  work: (tx: Transaction, slugs: ItemSlugs) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:article-slugs'))`);
    const now = Date.now();
    const taken = (column: typeof articles.slug | typeof articles.slug_ar) => async (slug: string) => {
      const same = eq(column, slug);
      const [row] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(currentId ? and(same, ne(articles.id, currentId)) : same)
        .limit(1);
      return Boolean(row);
    };
    const titles = { before: wanted.current?.titles, after: { en: wanted.title_en, ar: wanted.title_ar } };
    // The owner's slugs keep the letters of either language (core/slugs.ts); one sent back as it is stays.
    const own = (language: Language) => {
      const current = wanted.current?.slugs[language];
      const typed = wantedSlug(wanted[`slug_${language}`], current, language, titles);
      return typed === "" ? "" : typed === current ? typed : arabicSlug(typed);
    };
    const long = (slug: string) => (slug.length >= SLUG_MIN_LENGTH ? slug : "");
    const ownEn = own("en");
    const ownAr = own("ar");
    const fromTitleAr = long(arabicSlug(wanted.title_ar));
    const en = await buildUniqueSlug(
      ownEn || long(englishSlug(wanted.title_en)) || fromTitleAr || buildSlug("", now),
      taken(articles.slug),
      now,
    );
    const ar = await buildUniqueSlug(long(ownAr) || fromTitleAr || en, taken(articles.slug_ar), now);
    return work(tx, { en, ar });
  });
}

/**
 * The publication an input asks for (docs/product.md §18). `date` is the first publication: set when the article is
 * first published (now) or scheduled (its time), kept by every later edit once it has been public; a scheduled
 * article not yet public may be moved.
 */
function publicationFields(input: ArticleInput, current: ArticleRow | null, now: Date) {
  if (input.status === "draft") return { published: false, date: current?.date ?? now };
  const wasPublic = current !== null && current.ever_published && current.date <= now;
  const wanted = input.status === "scheduled" ? new Date(input.publish_at!) : now;
  return { published: true, ever_published: true, date: wasPublic ? current.date : wanted };
}

/**
 * When each language's text last changed (decision 015): now when its content, excerpt or title differs from the
 * stored one, the stored time when it does not, null when the language has no text.
 */
function textChanges(
  current: ArticleRow | null,
  fields: Awaited<ReturnType<typeof deriveFields>>,
  now: Date,
) {
  const at = (language: Language) => {
    if (fields[`reading_minutes_${language}`] === 0) return null;
    const same =
      current !== null &&
      (["content", "summary", "title"] as const).every(
        (field) => current[`${field}_${language}`] === fields[`${field}_${language}`],
      );
    return same ? (current[`text_changed_${language}`] ?? now) : now;
  };
  return { text_changed_en: at("en"), text_changed_ar: at("ar") };
}

const wantedSlugs = (
  fields: { title_en: string; title_ar: string },
  input: ArticleInput,
  current?: ArticleRow,
) => ({
  title_en: fields.title_en,
  title_ar: fields.title_ar,
  slug_en: input.slug_en,
  slug_ar: input.slug_ar,
  current: current
    ? { slugs: articleSlugs(current), titles: { en: current.title_en, ar: current.title_ar } }
    : undefined,
});

export async function createArticle(deps: ArticleWriteDeps, body: ArticleInput): Promise<OwnerArticle> {
  const input = withShareImages(body, null);
  for (const column of ITEM_IMAGE_COLUMNS)
    await deps.uploads.requireStored(input[column], null, "articles", column);
  const fields = await deriveFields(deps, input);
  const renders = await renderArticle(fields);
  const now = deps.now();
  const row = await withUniqueSlugs(deps.db, wantedSlugs(fields, input), null, async (tx, slugs) => {
    const [inserted] = await tx
      .insert(articles)
      .values({
        ...fields,
        ...textChanges(null, fields, now),
        ever_published: false,
        ...publicationFields(input, null, now),
        slug: slugs.en,
        slug_ar: slugs.ar,
        created_at: now,
        updated_at: now,
      })
      .returning();
    await keepArticleRenders(tx, inserted!.id, renders);
    await indexArticle(tx, inserted!);
    return inserted!;
  });
  return toOwnerArticle(row, now);
}

export async function updateArticle(
  deps: ArticleWriteDeps,
  id: string,
  body: ArticleInput,
): Promise<OwnerArticle> {
  const current = await findArticle(deps.db, id);
  const input = withShareImages(body, current);
  for (const column of ITEM_IMAGE_COLUMNS)
    await deps.uploads.requireStored(input[column], current[column], "articles", column);
  const fields = await deriveFields(deps, input);
  const renders = await renderArticle(fields);
  const now = deps.now();
  const row = await withUniqueSlugs(deps.db, wantedSlugs(fields, input, current), id, async (tx, slugs) => {
    const [updated] = await tx
      .update(articles)
      .set({
        ...fields,
        ...textChanges(current, fields, now),
        ...publicationFields(input, current, now),
        slug: slugs.en,
        slug_ar: slugs.ar,
        updated_at: now,
      })
      .where(eq(articles.id, id))
      .returning();
    if (!updated) throw new ServiceError(404, "articleNotFound");
    // An address that was ever public keeps answering (decision 015).
    if (current.ever_published) await retireSlugs(tx, "articles", id, articleSlugs(current), slugs);
    await keepArticleRenders(tx, updated.id, renders);
    await indexArticle(tx, updated);
    return updated;
  });
  // A replaced image goes once the row points at the new one (decision 009).
  for (const column of ITEM_IMAGE_COLUMNS)
    if (current[column] !== row[column]) await deps.uploads.removeUnused(current[column]);
  return toOwnerArticle(row, now);
}

/** Deletes an article and its images; answers its title. Its addresses, once public, answer 410 Gone. */
export async function deleteArticle(deps: ArticleWriteDeps, id: string): Promise<{ title: string }> {
  if (!isUuid(id)) throw new ServiceError(404, "articleNotFound");
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(articles).where(eq(articles.id, id)).returning();
    if (deleted?.ever_published) await retireDeleted(tx, "articles", id, articleSlugs(deleted));
    await unindexItem(tx, "article", id);
    return deleted;
  });
  if (!row) throw new ServiceError(404, "articleNotFound");
  for (const column of ITEM_IMAGE_COLUMNS) await deps.uploads.removeUnused(row[column]);
  return { title: row.title };
}

async function findArticle(db: Database, id: string): Promise<ArticleRow> {
  if (!isUuid(id)) throw new ServiceError(404, "articleNotFound");
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!row) throw new ServiceError(404, "articleNotFound");
  return row;
}

/** The articles service: what the pages and the API ask of articles, on the site's clock. */
export function createArticles(deps: ArticleWriteDeps & { logger: Logger; contentChanged: () => void }) {
  const { db, now, logger, contentChanged } = deps;
  const changed = <T>(saved: T) => {
    contentChanged();
    return saved;
  };
  return {
    /** Every public article, newest first (the API's list and the sitemap). */
    list: () => listArticles(db, now()),
    /** One page of the public articles' list fields for the API, newest first. */
    apiPage: (query: PagingQuery) => listArticleApiPage(db, query, now()),
    /**
     * One page of public articles, newest first (with `tag`, only those with that tag; with `language`, only those
     * that exist in it: a feed).
     */
    listPage: (options: { page: number; perPage: number; tag?: string; language?: Language }) =>
      listArticlePage(db, { ...options, now: now() }),
    /** One page of the public articles' tags, each with its last change (the sitemap). */
    tagPage: (options: { page: number; perPage: number }) =>
      listPublicTagPage(db, { ...options, now: now() }),
    /** When a public article was last saved (the sitemap); null while there is none. */
    lastChange: () => lastPublicChange(db, now()),
    /** How many articles are public (with `tag`, only those with that tag). */
    countPublic: (tag?: string) => countPublicArticles(db, { tag, now: now() }),
    /** A public article by its English slug; drafts and scheduled articles are not found. */
    bySlug: (slug: string) => getArticleBySlug(db, slug, now()),
    /** What an article's address in a language answers: the article, a move, gone, or null (decision 015). */
    atAddress: (language: Language, slug: string) => resolveArticle(db, language, slug, now()),
    /** Any article by id, for the owner's preview (docs/product.md §18). */
    forPreview: (id: string) => getArticleForPreview(db, id),
    /** When the next scheduled article goes public, if one is waiting. */
    nextPublication: () => nextPublication(db, now()),
    /** An article's content in one language as its page shows it: sanitised, code highlighted (decision 011). */
    html: (article: { id: string; language: Language; content: string }) =>
      articleHtml(
        {
          db,
          logError: (message, fields, error) => logger.error(message, { ...fields, error: String(error) }),
        },
        article,
      ),
    adminPage: (query: PagingQuery & { status: ArticleStatusFilter; q?: string }) =>
      listAdminArticlePage(db, query, now()),
    /** One article with its status, for the owner's edit form. */
    adminOne: (id: string) => getOwnerArticle(db, id, now()),
    create: async (input: ArticleInput) => changed(await createArticle(deps, input)),
    update: async (id: string, input: ArticleInput) => changed(await updateArticle(deps, id, input)),
    remove: async (id: string) => changed(await deleteArticle(deps, id)),
  };
}

export type Articles = ReturnType<typeof createArticles>;
