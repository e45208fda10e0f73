import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import {
  addDays,
  dayIn,
  pathLanguage,
  VISITS_DAILY_MAX_DAYS,
  weekStart,
  type VisitKind,
} from "#core/visits.ts";
import { readableAddress } from "#core/readable-address.ts";
import type { Database } from "#db/client.ts";
import { messages, visitCounts } from "#db/schema.ts";

// What the owner sees of the visits and leads (docs/product.md §27): the figures of a range of days, read from
// the daily rows (server/features/visits/counter.ts) and the contact messages' entry and last pages.

/** How many rows a ranked list shows (top pages, referrers, leads). */
export const RANKED_MAX = 50;

export interface KeyCount {
  key: string;
  count: number;
}

export interface VisitReport {
  from: string;
  to: string;
  /** "day" for a range of up to 90 days; a longer one is counted a week at a time. */
  per: "day" | "week";
  /**
   * Every day of the range, or every week (Monday to Sunday, the first and last cut to the range), oldest first,
   * by its first day in the range, with its views (0 when none).
   */
  periods: { day: string; views: number }[];
  total: number;
  pages: KeyCount[];
  languages: KeyCount[];
  devices: KeyCount[];
  sources: KeyCount[];
  referrers: KeyCount[];
  /** The site's searches (docs/product.md §30): by language, by day and language, and the top that found nothing. */
  searches: {
    total: number;
    languages: KeyCount[];
    /** The days of the range with searches, newest first, with each language's. */
    days: { day: string; en: number; ar: number }[];
    /** The queries that found nothing most often (at most RANKED_MAX), in their language, as searched. */
    nothingFound: { language: "en" | "ar"; query: string; count: number }[];
  };
  /** Messages received in the range, and by the page their writer entered on, read last, and its language. */
  leads: { total: number; entries: KeyCount[]; lastPages: KeyCount[]; languages: KeyCount[] };
}

export function createVisitReports(deps: { db: Database; timeZone: () => Promise<string>; now: () => Date }) {
  const { db } = deps;

  const ranked = async (from: string, to: string, kind: VisitKind, limit: number): Promise<KeyCount[]> => {
    const count = sql<number>`sum(${visitCounts.views})::int`;
    return db
      .select({ key: visitCounts.key, count })
      .from(visitCounts)
      .where(and(eq(visitCounts.kind, kind), gte(visitCounts.day, from), lte(visitCounts.day, to)))
      .groupBy(visitCounts.key)
      .orderBy(desc(count), visitCounts.key)
      .limit(limit);
  };

  /** Messages (not held) received on the days of the range in the site's time zone, by `column`. */
  const leads = async (from: string, to: string, column: SQL) => {
    const timeZone = await deps.timeZone();
    const day = sql`(${messages.created_at} at time zone ${timeZone})::date`;
    const count = sql<number>`count(*)::int`;
    return db
      .select({ key: sql<string | null>`${column}`, count })
      .from(messages)
      .where(and(eq(messages.held, false), gte(day, from), lte(day, to)))
      .groupBy(column)
      .orderBy(desc(count));
  };

  const known = (rows: { key: string | null; count: number }[]): KeyCount[] =>
    rows.filter((row): row is KeyCount => row.key !== null).slice(0, RANKED_MAX);

  return {
    /** The last `days` days in the site's time zone, today included. */
    async lastDays(days: number): Promise<{ from: string; to: string }> {
      const to = dayIn(deps.now(), await deps.timeZone());
      return { from: addDays(to, 1 - days), to };
    },

    async report(from: string, to: string): Promise<VisitReport> {
      const perDay = await db
        .select({ day: visitCounts.day, views: sql<number>`sum(${visitCounts.views})::int` })
        .from(visitCounts)
        .where(and(eq(visitCounts.kind, "language"), gte(visitCounts.day, from), lte(visitCounts.day, to)))
        .groupBy(visitCounts.day);
      const byDay = new Map(perDay.map((row) => [row.day, row.views]));
      const per = addDays(from, VISITS_DAILY_MAX_DAYS) > to ? "day" : "week";
      const periods: VisitReport["periods"] = [];
      let total = 0;
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const views = byDay.get(day) ?? 0;
        total += views;
        const last = periods.at(-1);
        if (per === "week" && last && weekStart(day) === weekStart(last.day)) last.views += views;
        else periods.push({ day, views });
      }
      const searchDays = await db
        .select({ day: visitCounts.day, key: visitCounts.key, views: visitCounts.views })
        .from(visitCounts)
        .where(and(eq(visitCounts.kind, "search"), gte(visitCounts.day, from), lte(visitCounts.day, to)))
        .orderBy(desc(visitCounts.day));
      const days = new Map<string, { day: string; en: number; ar: number }>();
      for (const row of searchDays) {
        const entry = days.get(row.day) ?? { day: row.day, en: 0, ar: 0 };
        if (row.key === "en" || row.key === "ar") entry[row.key] += row.views;
        days.set(row.day, entry);
      }
      const [pages, languages, devices, sources, referrers, entries, lastPages, searchLanguages, none] =
        await Promise.all([
          ranked(from, to, "page", RANKED_MAX),
          ranked(from, to, "language", 2),
          ranked(from, to, "device", 3),
          ranked(from, to, "source", 5),
          ranked(from, to, "referrer", RANKED_MAX),
          leads(from, to, sql`${messages.entry_path}`),
          leads(from, to, sql`${messages.from_path}`),
          ranked(from, to, "search", 2),
          ranked(from, to, "search-none", RANKED_MAX),
        ]);
      // A lead's language is its entry page's (or, without one, the page read last).
      const byLanguage = new Map<string, number>();
      const leadsTotal = entries.reduce((sum, row) => sum + row.count, 0);
      const languageRows = await leads(
        from,
        to,
        sql`coalesce(${messages.entry_path}, ${messages.from_path})`,
      );
      for (const row of languageRows)
        if (row.key !== null) {
          const language = pathLanguage(row.key);
          byLanguage.set(language, (byLanguage.get(language) ?? 0) + row.count);
        }
      return {
        from,
        to,
        per,
        periods,
        total,
        pages,
        languages,
        devices,
        sources,
        referrers,
        searches: {
          total: searchLanguages.reduce((sum, row) => sum + row.count, 0),
          languages: searchLanguages,
          days: [...days.values()],
          nothingFound: none.map((row) => {
            const at = row.key.indexOf(":");
            return {
              language: row.key.slice(0, at) === "ar" ? ("ar" as const) : ("en" as const),
              query: row.key.slice(at + 1),
              count: row.count,
            };
          }),
        },
        leads: {
          total: leadsTotal,
          entries: known(entries),
          lastPages: known(lastPages),
          languages: [...byLanguage]
            .map(([key, count]) => ({ key, count }))
            .sort((a, b) => b.count - a.count),
        },
      };
    },

    /**
     * Every daily row of the range and every lead, as CSV (RFC 4180): day, kind, key, count. It opens with a UTF-8
     * byte-order mark, which tells a spreadsheet the file's encoding (without it Excel reads Arabic as Latin-1),
     * and addresses are written as a person reads them, Arabic letters and not their percent-encoding.
     */
    async csv(from: string, to: string): Promise<string> {
      const rows = await db
        .select()
        .from(visitCounts)
        .where(and(gte(visitCounts.day, from), lte(visitCounts.day, to)))
        .orderBy(visitCounts.day, visitCounts.kind, desc(visitCounts.views), visitCounts.key);
      const timeZone = await deps.timeZone();
      const day = sql<string>`to_char((${messages.created_at} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
      const leadRows = await db
        .select({ day, entry: messages.entry_path, last: messages.from_path })
        .from(messages)
        .where(
          and(
            eq(messages.held, false),
            gte(sql`(${messages.created_at} at time zone ${timeZone})::date`, from),
            lte(sql`(${messages.created_at} at time zone ${timeZone})::date`, to),
          ),
        )
        .orderBy(messages.created_at);
      const lines = [["day", "kind", "key", "count"]];
      for (const row of rows) lines.push([row.day, row.kind, readableAddress(row.key), String(row.views)]);
      const leadCounts = new Map<string, number>();
      for (const lead of leadRows) {
        for (const [kind, key] of [
          ["lead-entry", lead.entry],
          ["lead-last-page", lead.last],
        ] as const) {
          if (key === null) continue;
          const id = `${lead.day}\n${kind}\n${readableAddress(key)}`;
          leadCounts.set(id, (leadCounts.get(id) ?? 0) + 1);
        }
      }
      for (const [id, count] of leadCounts) lines.push([...id.split("\n"), String(count)]);
      return "\uFEFF" + lines.map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n";
    },
  };
}

export type VisitReports = ReturnType<typeof createVisitReports>;

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet (OWASP CSV injection). */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
