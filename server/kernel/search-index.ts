import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { articleLanguages } from "#core/articles.ts";
import type { Language } from "#core/preferences.ts";
import { normalizeSearchText, searchQueryText } from "#core/search-text.ts";
import type { Database } from "#db/client.ts";
import { articles, projects, searchDocuments, type ArticleRow, type ProjectRow } from "#db/schema.ts";

// The search index (docs/product.md §30): each item's rows of search_documents, written by the articles' and the
// projects' services in the transaction that writes the item, so what is saved is found at once, and nothing is
// found once deleted. The rows are derived data: `rebuildSearchIndex` writes them all again, after a restore and
// at start when they lag behind their items (a new version of the normaliser, rows written before the index).

/** Raised whenever normalizeSearchText changes what it makes of a text: every row is then written again. */
export const SEARCH_INDEX_VERSION = 1;

/** The most of an item's plain text that is indexed and kept for excerpts. */
const MAX_BODY_LENGTH = 60_000;

type Executor = Pick<Database, "insert" | "delete" | "execute" | "select">;

export type SearchKind = "article" | "project";

const CONFIG: Record<Language, string> = { en: "english", ar: "arabic" };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Stored rich text (sanitised HTML) as the words a reader sees: tags are word breaks, entities their characters. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s>][\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

interface SearchText {
  language: Language;
  slug: string;
  title: string;
  excerpt: string;
  /** Weighs as much as the excerpt: tags, a project's category and stack. */
  labels: string;
  body: string;
  date: Date;
  published: boolean;
}

async function writeDocuments(tx: Executor, kind: SearchKind, itemId: string, texts: SearchText[]) {
  await tx
    .delete(searchDocuments)
    .where(and(eq(searchDocuments.kind, kind), eq(searchDocuments.item_id, itemId)));
  for (const text of texts) {
    const config = CONFIG[text.language];
    const body = text.body.slice(0, MAX_BODY_LENGTH);
    const weighed = (value: string, weight: "A" | "B" | "D") =>
      sql`setweight(to_tsvector(${config}::regconfig, ${normalizeSearchText(value)}), ${weight})`;
    await tx.insert(searchDocuments).values({
      kind,
      item_id: itemId,
      language: text.language,
      slug: text.slug,
      title: text.title,
      excerpt: text.excerpt,
      body,
      date: text.date,
      published: text.published,
      version: SEARCH_INDEX_VERSION,
      terms: sql`${weighed(text.title, "A")} || ${weighed(`${text.labels} ${text.excerpt}`, "B")} || ${weighed(body, "D")}`,
    });
  }
}

/** Writes an article's rows: one per language its text exists in (decision 015). */
export function indexArticle(tx: Executor, row: ArticleRow): Promise<void> {
  const texts = articleLanguages(row).map((language): SearchText => {
    const title = row[`title_${language}`] || row.title;
    return {
      language,
      slug: language === "ar" ? row.slug_ar || row.slug : row.slug,
      title,
      excerpt: row[`excerpt_${language}`],
      labels: row.tags.map((tag) => tag[language]).join(" "),
      body: plainText(row[`content_${language}`]),
      date: row.date,
      published: row.published,
    };
  });
  return writeDocuments(tx, "article", row.id, texts);
}

/** Writes a project's rows: English always, Arabic when it has an Arabic title. */
export function indexProject(tx: Executor, row: ProjectRow): Promise<void> {
  const languages: Language[] = row.title_ar.trim() ? ["en", "ar"] : ["en"];
  const texts = languages.map((language): SearchText => {
    const own = (en: string, ar: string) => (language === "ar" ? ar : en);
    return {
      language,
      slug: language === "ar" ? row.slug_ar || row.slug_en : row.slug_en,
      title: own(row.title, row.title_ar),
      excerpt: own(row.description, row.description_ar),
      labels: [own(row.category, row.category_ar), ...row.tags].join(" "),
      body: [
        own(row.client_en, row.client_ar),
        own(row.role_en, row.role_ar),
        ...own(row.results_en.join("\n"), row.results_ar.join("\n")).split("\n"),
        plainText(own(row.problem_en, row.problem_ar)),
        plainText(own(row.approach_en, row.approach_ar)),
        plainText(own(row.outcome_en, row.outcome_ar)),
      ]
        .filter((part) => part.trim() !== "")
        .join(" · "),
      date: row.created_at,
      published: row.published,
    };
  });
  return writeDocuments(tx, "project", row.id, texts);
}

/** Removes a deleted item's rows. */
export async function unindexItem(tx: Executor, kind: SearchKind, itemId: string): Promise<void> {
  await tx
    .delete(searchDocuments)
    .where(and(eq(searchDocuments.kind, kind), eq(searchDocuments.item_id, itemId)));
}

/**
 * Whether the index lags behind its items: an item without rows, a row without its item, or a row of an older
 * normaliser. Two scans of keys, so it may run at every start.
 */
export async function searchIndexIsStale(db: Pick<Database, "execute">): Promise<boolean> {
  // Both drivers (pg and PGlite) answer with { rows }.
  const answer: unknown = await db.execute(sql`select
    exists (select 1 from ${articles} a where not exists (select 1 from ${searchDocuments} d
      where d.kind = 'article' and d.item_id = a.id))
    or exists (select 1 from ${projects} p where not exists (select 1 from ${searchDocuments} d
      where d.kind = 'project' and d.item_id = p.id))
    or exists (select 1 from ${searchDocuments} d where d.version <> ${SEARCH_INDEX_VERSION}
      or (d.kind = 'article' and not exists (select 1 from ${articles} a where a.id = d.item_id))
      or (d.kind = 'project' and not exists (select 1 from ${projects} p where p.id = d.item_id))) as stale`);
  return Boolean((answer as { rows: { stale: boolean }[] }).rows[0]?.stale);
}

/** Writes every row again from the items, in the caller's transaction (a restore's) or one of its own. */
export async function rebuildSearchIndex(
  db: Executor & Partial<Pick<Database, "transaction">>,
): Promise<void> {
  const work = async (tx: Executor) => {
    await tx.delete(searchDocuments);
    for (const row of await tx.select().from(articles)) await indexArticle(tx, row);
    for (const row of await tx.select().from(projects)) await indexProject(tx, row);
  };
  if (db.transaction) await db.transaction(work);
  else await work(db);
}

/**
 * The owner's lists (docs/product.md §21): the items of `kind`, drafts and scheduled ones included, that `query`
 * finds with the site's search's matching (the same normalisation, each language's stemmer), as a condition on
 * `id`. A query without a word to search (stop words only) finds nothing.
 */
export function matchingItems(kind: SearchKind, id: AnyColumn, query: string): SQL {
  const text = searchQueryText(query);
  const language = (name: Language) => sql`(d.language = ${name} and case
    when numnode(plainto_tsquery(${CONFIG[name]}::regconfig, ${text})) > 0
    then d.terms @@ plainto_tsquery(${CONFIG[name]}::regconfig, ${text}) else false end)`;
  return sql`${id} in (select d.item_id from ${searchDocuments} d
    where d.kind = ${kind} and (${language("en")} or ${language("ar")}))`;
}

/** A short text matched outside the index: its language, a title (weighs as an indexed title) and a text. */
export interface LooseText {
  language: Language;
  title: string;
  text: string;
}

/**
 * Which of `texts` `query` finds, best first, by their place in `texts`: each text normalised and stemmed in its
 * own language as the index is. For the few dozen texts that have no rows of their own (services, tags,
 * testimonials), read fresh, so an edit is found at once.
 */
export async function matchingTexts(
  db: Pick<Database, "execute">,
  query: string,
  texts: readonly LooseText[],
): Promise<number[]> {
  const text = searchQueryText(query);
  if (texts.length === 0 || !/[\p{L}\p{N}]/u.test(text)) return [];
  const documents = JSON.stringify(
    texts.map((item) => ({
      config: CONFIG[item.language],
      title: normalizeSearchText(item.title),
      text: normalizeSearchText(item.text),
    })),
  );
  const answer: unknown = await db.execute(sql`
    with q as (
      select plainto_tsquery('arabic', ${text}) as ar, plainto_tsquery('english', ${text}) as en
    ), docs as (
      select x.ord as i, x.v->>'config' as config,
        setweight(to_tsvector((x.v->>'config')::regconfig, x.v->>'title'), 'A')
          || setweight(to_tsvector((x.v->>'config')::regconfig, x.v->>'text'), 'B') as terms
      from jsonb_array_elements(${documents}::jsonb) with ordinality as x(v, ord)
    )
    select i, ts_rank(terms, x.query) as rank
    from docs, q, lateral (select case when config = 'arabic' then q.ar else q.en end as query) x
    -- A query of stop words only in a language matches nothing in it (and PostgreSQL would say so each time).
    where case when numnode(x.query) > 0 then terms @@ x.query else false end
    order by rank desc, i`);
  return (answer as { rows: { i: number | string }[] }).rows.map((row) => Number(row.i) - 1);
}
