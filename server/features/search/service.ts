import { sql } from "drizzle-orm";
import type { Language } from "#core/preferences.ts";
import { isMatchedWord, searchQueryText, searchWords } from "#core/search-text.ts";
import type { Database } from "#db/client.ts";
import { articles, searchDocuments } from "#db/schema.ts";
import { addressGroup } from "#server/http/client-address.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { RateLimits } from "#server/kernel/rate-limits.ts";
import {
  matchingTexts,
  rebuildSearchIndex,
  searchIndexIsStale,
  type LooseText,
  type SearchKind,
} from "#server/kernel/search-index.ts";

// The site's search (docs/product.md §30): public articles and projects in both languages, matched by PostgreSQL's
// full text search on the index the services keep (server/kernel/search-index.ts), the page's language first; and,
// on the first page, the services the owner offers and the tags of public articles, matched the same way when
// searched (a few dozen short texts, read fresh, so an edit is found at once without rows of their own).

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

/** What a result is: an indexed item, one of the site's services, or a tag of public articles. */
export type HitKind = SearchKind | "service" | "tag";

/** A service as the search sees it: its title and text in each language, and its place on the services page. */
export interface SearchableService {
  number: number;
  en: { title: string; text: string };
  ar: { title: string; text: string };
}

/** Tags and services shown at most on the first page of results. */
const MAX_TAG_HITS = 5;

export interface SearchHit {
  kind: HitKind;
  /** The language its texts are in: the page's when the item exists in it. */
  language: Language;
  slug: string;
  title: ExcerptPart[];
  excerpt: ExcerptPart[];
  /** Empty for a service or a tag, which have no date. */
  date: string;
  /** A tag's count of public articles in `language`. */
  count?: number;
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
  /** Of `total`, the articles and projects, which are paged (services and tags are on the first page). */
  pagedTotal: number;
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

  const matchLoose = (query: string, texts: readonly LooseText[]) => matchingTexts(db, query, texts);

  /** The services and the tags of public articles that `query` finds, in the page's language where they exist. */
  async function extraHits(
    query: string,
    stems: Record<Language, string[]>,
    language: Language,
    services: readonly SearchableService[],
  ): Promise<SearchHit[]> {
    const hits: SearchHit[] = [];
    const serviceTexts = services.flatMap((service) =>
      (["en", "ar"] as const).map((lang) => ({ language: lang, ...service[lang] })),
    );
    const seen = new Set<number>();
    for (const index of await matchLoose(query, serviceTexts)) {
      const service = services[Math.floor(index / 2)]!;
      if (seen.has(service.number)) continue;
      seen.add(service.number);
      // A service is written in both languages: it shows in the page's, its words marked by either's stems.
      const marks = [...stems.en, ...stems.ar];
      hits.push({
        kind: "service",
        language,
        slug: String(service.number),
        title: markWords(service[language].title, marks),
        excerpt: markWords(service[language].text, marks),
        date: "",
        own: true,
      });
    }
    // The tags of public articles, with how many of them each language has.
    const tagRows = rowsOf<{ slug: string; en: string; ar: string; language: Language; n: number | string }>(
      await db.execute(sql`
        select t->>'slug' as slug, min(t->>'en') as en, min(coalesce(t->>'ar', '')) as ar, d.language,
          count(*) as n
        from ${searchDocuments} d join ${articles} a on a.id = d.item_id,
          jsonb_array_elements(a.tags) t
        where d.kind = 'article' and d.published and d.date <= ${now().toISOString()}::timestamptz
        group by t->>'slug', d.language
        order by t->>'slug', d.language`),
    );
    const tags = new Map<string, { en: string; ar: string; counts: Partial<Record<Language, number>> }>();
    for (const row of tagRows) {
      const tag = tags.get(row.slug) ?? { en: row.en, ar: row.ar, counts: {} };
      tag.counts[row.language] = Number(row.n);
      tags.set(row.slug, tag);
    }
    const list = [...tags.entries()];
    const tagTexts = list.flatMap(([, tag]) => [
      { language: "en" as const, title: tag.en, text: "" },
      { language: "ar" as const, title: tag.ar || tag.en, text: "" },
    ]);
    const found = new Set<string>();
    for (const index of await matchLoose(query, tagTexts)) {
      const [slug, tag] = list[Math.floor(index / 2)]!;
      if (found.has(slug) || found.size >= MAX_TAG_HITS) continue;
      found.add(slug);
      // Its page in the page's language when articles of that language carry it, else in the other.
      const shown: Language = tag.counts[language] ? language : language === "ar" ? "en" : "ar";
      const name = shown === "ar" ? tag.ar || tag.en : tag.en;
      hits.push({
        kind: "tag",
        language: shown,
        slug,
        title: markWords(name, stems[shown]),
        excerpt: [],
        date: "",
        count: tag.counts[shown] ?? 0,
        own: shown === language,
      });
    }
    return hits;
  }

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
    async find(options: {
      query: string;
      language: Language;
      page: number;
      services?: readonly SearchableService[];
    }): Promise<SearchResults> {
      const query = searchQueryText(options.query);
      const perPage = SEARCH_PER_PAGE;
      const empty = { query, items: [], total: 0, ownTotal: 0, pagedTotal: 0, page: 1, perPage };
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
      const extras =
        page === 1 ? await extraHits(query, stems, options.language, options.services ?? []) : [];
      if (Date.now() - started > 1000) logger.warn("slow search", { ms: Date.now() - started });
      const pagedTotal = Number(rows[0]?.total ?? 0);
      const items = rows.map((row) => hitOf(row, stems[row.language]));
      const ownExtras = extras.filter((hit) => hit.own);
      return {
        query,
        total: pagedTotal + extras.length,
        ownTotal: Number(rows[0]?.own_total ?? 0) + ownExtras.length,
        pagedTotal,
        page,
        perPage,
        items: [
          ...ownExtras,
          ...items.filter((hit) => hit.own),
          ...extras.filter((hit) => !hit.own),
          ...items.filter((hit) => !hit.own),
        ],
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
