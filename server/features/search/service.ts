import { sql } from "drizzle-orm";
import type { Language } from "#core/preferences.ts";
import { isMatchedWord, searchQueryText, searchWords } from "#core/search-text.ts";
import type { Database } from "#db/client.ts";
import { searchDocuments } from "#db/schema.ts";
import { addressGroup } from "#server/http/client-address.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { RateLimits } from "#server/kernel/rate-limits.ts";
import { rebuildSearchIndex, searchIndexIsStale, type SearchKind } from "#server/kernel/search-index.ts";

// The site's search (docs/product.md §30): public articles and projects in both languages, matched by PostgreSQL's
// full text search on the index the services keep (server/kernel/search-index.ts), the page's language first.

/** Results on a page of the search page. */
export const SEARCH_PER_PAGE = 10;

/** How many searches one address (an IPv6 /64 counts as one) may make in a minute before it is asked to wait. */
export const SEARCH_RATE_LIMIT = { max: 60, windowMs: 60_000 };

/** Of each kind, the newest items a search that found nothing offers instead. */
const LATEST_PER_KIND = 3;

/** Words of an excerpt around the first word a search found. */
const EXCERPT_WORDS = 30;

/** A piece of an excerpt: text, marked when it is a word the search found. Marked by the page, never as HTML. */
export interface ExcerptPart {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  kind: SearchKind;
  /** The language its texts are in: the page's when the item exists in it. */
  language: Language;
  slug: string;
  title: ExcerptPart[];
  excerpt: ExcerptPart[];
  date: string;
  /** False for an item that exists only in the other language: the page lists those under their own heading. */
  own: boolean;
}

export interface SearchResults {
  /** The query as it was searched (at most MAX_QUERY_LENGTH characters); empty: nothing was searched. */
  query: string;
  items: SearchHit[];
  total: number;
  /** How many of all the results are in the page's language (they come first). */
  ownTotal: number;
  page: number;
  perPage: number;
}

interface HitRow {
  kind: SearchKind;
  language: Language;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  date: Date | string;
  own: boolean;
  total: number | string;
  own_total: number | string;
}

/** `text` in parts, the words `stems` match marked. */
export function markWords(text: string, stems: readonly string[]): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let at = 0;
  for (const word of searchWords(text)) {
    if (!isMatchedWord(word.word, stems)) continue;
    if (word.start > at) parts.push({ text: text.slice(at, word.start), mark: false });
    parts.push({ text: text.slice(word.start, word.end), mark: true });
    at = word.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

/**
 * What a result shows under its title: the excerpt when the search found a word of it (or of the title), else the
 * few words of the body around the first word it found there.
 */
function excerptOf(row: Pick<HitRow, "title" | "excerpt" | "body">, stems: readonly string[]): ExcerptPart[] {
  const found = (text: string) => searchWords(text).findIndex((word) => isMatchedWord(word.word, stems));
  if (row.excerpt && (found(row.excerpt) !== -1 || found(row.title) !== -1 || !row.body))
    return markWords(row.excerpt, stems);
  const words = searchWords(row.body);
  const first = words.findIndex((word) => isMatchedWord(word.word, stems));
  if (first === -1) return markWords(row.excerpt || row.body.slice(0, 200), stems);
  const from = Math.max(0, first - 8);
  const to = Math.min(words.length, from + EXCERPT_WORDS);
  const start = words[from]!.start;
  const end = to < words.length ? words[to - 1]!.end : row.body.length;
  const text = `${from > 0 ? "… " : ""}${row.body.slice(start, end)}${to < words.length ? " …" : ""}`;
  return markWords(text, stems);
}

const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;

export function createSearch(deps: {
  db: Database;
  now: () => Date;
  logger: Logger;
  rateLimits: RateLimits;
}) {
  const { db, now, logger } = deps;
  const hitOf = (row: HitRow, stems: readonly string[]): SearchHit => ({
    kind: row.kind,
    language: row.language,
    slug: row.slug,
    title: markWords(row.title, stems),
    excerpt: stems.length ? excerptOf(row, stems) : [{ text: row.excerpt, mark: false }],
    date: new Date(row.date).toISOString(),
    own: row.own,
  });
  return {
    /**
     * Counts a search of an address (docs/product.md §25): the seconds it must wait when it made too many in the
     * last minute, else 0. Searches share the rate limits' table with the site's forms.
     */
    async waitFor(address: string): Promise<number> {
      const { hits, windowEndsAt } = await deps.rateLimits.hit(
        "search",
        addressGroup(address),
        SEARCH_RATE_LIMIT.windowMs,
      );
      if (hits <= SEARCH_RATE_LIMIT.max) return 0;
      return Math.max(1, Math.ceil((windowEndsAt.getTime() - now().getTime()) / 1000));
    },

    /** The newest public articles and projects, each in `language` when it exists in it. */
    async latest(language: Language): Promise<SearchHit[]> {
      const rows = rowsOf<HitRow>(
        await db.execute(sql`
          select kind, language, slug, title, excerpt, '' as body, date, own from (
            select *, row_number() over (partition by kind order by date desc, slug) as n from (
              select distinct on (kind, item_id) kind, item_id, language, slug, title, excerpt, date,
                (language = ${language}) as own
              from ${searchDocuments}
              where published and (kind <> 'article' or date <= ${now().toISOString()}::timestamptz)
              order by kind, item_id, (language = ${language}) desc) one) numbered
          where n <= ${LATEST_PER_KIND}
          order by kind, date desc, slug`),
      );
      return rows.map((row) => hitOf(row, []));
    },

    /**
     * One page of the public items `query` finds, those in `language` first (by relevance, then newest), then
     * those that exist only in the other language. A page past the last answers the last.
     */
    async find(options: { query: string; language: Language; page: number }): Promise<SearchResults> {
      const query = searchQueryText(options.query);
      const perPage = SEARCH_PER_PAGE;
      const empty = { query, items: [], total: 0, ownTotal: 0, page: 1, perPage };
      if (!/[\p{L}\p{N}]/u.test(query)) return empty;
      // The stems the query became in each language, for marking the words found; a query of stop words only
      // ("the", "في") has none and finds nothing (PostgreSQL would warn of it on every match).
      const [stemmed] = rowsOf<{ ar: string[]; en: string[] }>(
        await db.execute(sql`select
          tsvector_to_array(to_tsvector('arabic', ${query})) as ar,
          tsvector_to_array(to_tsvector('english', ${query})) as en`),
      );
      const stems = { ar: stemmed?.ar ?? [], en: stemmed?.en ?? [] };
      if (stems.ar.length === 0 && stems.en.length === 0) return empty;
      const at = sql`${now().toISOString()}::timestamptz`;
      const pageOf = async (page: number) =>
        rowsOf<HitRow>(
          await db.execute(sql`
            with q as (
              select
                case when ${stems.ar.length > 0} then plainto_tsquery('arabic', ${query}) end as ar,
                case when ${stems.en.length > 0} then plainto_tsquery('english', ${query}) end as en
            ), hits as (
              select d.kind, d.item_id,
                max(ts_rank(d.terms, case when d.language = 'ar' then q.ar else q.en end)) as rank
              from ${searchDocuments} d, q
              where d.published and (d.kind <> 'article' or d.date <= ${at})
                and ((d.language = 'ar' and d.terms @@ q.ar) or (d.language = 'en' and d.terms @@ q.en))
              group by d.kind, d.item_id
            ), shown as (
              select h.rank, s.kind, s.language, s.slug, s.title, s.excerpt, s.body, s.date,
                (s.language = ${options.language}) as own
              from hits h cross join lateral (
                select * from ${searchDocuments} s where s.kind = h.kind and s.item_id = h.item_id
                order by (s.language = ${options.language}) desc limit 1) s
            )
            select kind, language, slug, title, excerpt, body, date, own,
              count(*) over () as total, count(*) filter (where own) over () as own_total
            from shown
            order by own desc, rank desc, date desc, slug
            limit ${perPage} offset ${(page - 1) * perPage}`),
        );
      const started = Date.now();
      let page = Math.max(1, options.page);
      let rows = await pageOf(page);
      if (rows.length === 0 && page > 1) {
        // Past the last page: the last one (docs/product.md §15.1), counted first.
        const [first] = await pageOf(1);
        if (!first) return empty;
        page = Math.max(1, Math.ceil(Number(first.total) / perPage));
        rows = await pageOf(page);
      }
      if (Date.now() - started > 1000) logger.warn("slow search", { ms: Date.now() - started });
      const total = Number(rows[0]?.total ?? 0);
      return {
        query,
        total,
        ownTotal: Number(rows[0]?.own_total ?? 0),
        page,
        perPage,
        items: rows.map((row) => hitOf(row, stems[row.language])),
      };
    },

    /** Writes the index again when it lags behind its items (an upgrade, rows written before it); at start. */
    async ensureIndex(): Promise<boolean> {
      if (!(await searchIndexIsStale(db))) return false;
      await rebuildSearchIndex(db);
      return true;
    },
  };
}

export type Search = ReturnType<typeof createSearch>;
