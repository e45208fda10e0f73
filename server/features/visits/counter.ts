import { and, eq, inArray, sql } from "drizzle-orm";
import { isbot } from "isbot";
import {
  dayIn,
  NOTHING_FOUND_PER_DAY,
  nothingFoundKey,
  pathLanguage,
  viewedPath,
  visitSource,
  VISIT_KEY_MAX,
  type DeviceClass,
  type VisitKind,
} from "#core/visits.ts";
import type { Language } from "#core/preferences.ts";
import { MAX_LOGGED_QUERY_LENGTH, normalizeSearchText } from "#core/search-text.ts";
import type { Database } from "#db/client.ts";
import { visitCounts } from "#db/schema.ts";
import type { Logger } from "#server/kernel/logger.ts";

// Public page views counted on the server (docs/product.md §27, decision 045). A view adds one to a few counters
// in memory (its page, language, device class, and for an arrival from elsewhere its source and referring host);
// every FLUSH_MS the counters go to the database as one upsert of daily rows that adds to what is there, so any
// number of instances on one PostgreSQL add up. Nothing about the visitor is kept: no address, no user agent, no
// identifier.

/** How often the counters are written. */
export const VISIT_FLUSH_MS = 10_000;
/** At most this many different counters wait in memory; views that would add one more are not counted. */
export const VISIT_BUFFER_MAX = 20_000;
/** Referring hosts kept per day by one instance; arrivals from further hosts count by source only. */
export const REFERRER_HOSTS_PER_DAY = 500;
/** Rows per statement when writing. */
const ROWS_PER_INSERT = 1_000;

/** What the counter reads from the settings: whether to count at all, and whose days. */
export interface VisitSettings {
  countVisits: boolean;
  timeZone: string;
}

export interface VisitCounter {
  /** A public page view the server answered (200, or 304 for a page the browser kept). Never throws. */
  view(request: Request): void;
  /**
   * A search of the site's search page (docs/product.md §27, §30): one more of `language`, and when it found
   * nothing its query, normalised and cut to MAX_LOGGED_QUERY_LENGTH, among at most NOTHING_FOUND_PER_DAY a day.
   * Nothing of who searched is kept. Never throws.
   */
  search(request: Request, language: Language, query: string, found: boolean): void;
  /** Writes what is counted so far; the settings are read again. */
  flush(): Promise<void>;
  /** The settings the owner just saved: the next view is counted, or not, by them. */
  use(settings: VisitSettings): void;
  /** Reads the settings, then writes every FLUSH_MS until stopped. */
  start(): void;
  /** Stops the writing and writes what is left. */
  stop(): Promise<void>;
}

const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/** A Referer's host as it came (to tell this site's own), and its name as counted: without "www.", or null. */
interface RefererHost {
  host: string;
  name: string | null;
}

function refererHost(referer: string): RefererHost | null {
  try {
    const from = new URL(referer);
    const name = from.hostname.toLowerCase().replace(/^www\./, "");
    return { host: from.host, name: name.length <= 253 && HOST.test(name) ? name : null };
  } catch {
    return null;
  }
}

/**
 * Where a request came from: "inside" for a navigation from one of this site's pages (React Router's data request,
 * a link or a reload), else the referring host (without "www."), or null for none or one that is not a host name.
 */
function arrivalFrom(request: Request, url: URL): { inside: true } | { inside: false; host: string | null } {
  if (url.pathname.endsWith(".data") || request.headers.get("sec-fetch-site") === "same-origin")
    return { inside: true };
  const referer = request.headers.get("referer");
  const from = referer ? refererHost(referer) : null;
  if (from?.host === url.host) return { inside: true };
  return { inside: false, host: from?.name ?? null };
}

/**
 * React Router's data request for the page the browser already shows (after a form was sent, say): the same page
 * again, not a view. A navigation's data request names the page the visitor leaves in its Referer.
 */
function isRevalidation(request: Request, url: URL, path: string): boolean {
  try {
    const from = new URL(request.headers.get("referer") ?? "");
    return from.host === url.host && from.pathname === path;
  } catch {
    return false;
  }
}

/**
 * The coarse class of a browser: "Mobi" anywhere in the User-Agent is a phone, as MDN advises ("Browser detection
 * using the user agent"); an iPad, a "Tablet" or an Android without "Mobile" a tablet.
 */
function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  return /Mobi|iPhone/i.test(userAgent) ? "mobile" : "desktop";
}

/** Whether the browser asked not to be tracked (DNT, RFC-less but honoured) or for Global Privacy Control. */
function optedOut(request: Request): boolean {
  return request.headers.get("dnt") === "1" || request.headers.get("sec-gpc") === "1";
}

/** A prefetch (a link hovered, Speculation Rules): not a view until the page is shown. */
function isPrefetch(request: Request): boolean {
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  return purpose.includes("prefetch") || purpose.includes("prerender");
}

export function createVisitCounter(deps: {
  db: Database;
  logger: Logger;
  now?: () => Date;
  settings: () => Promise<VisitSettings>;
  /** The settings until they are first read. */
  initial: VisitSettings;
}): VisitCounter {
  const now = deps.now ?? (() => new Date());
  let { countVisits, timeZone } = deps.initial;
  // Views not yet written, by day, kind and key.
  let counts = new Map<string, { day: string; kind: VisitKind; key: string; views: number }>();
  const referrers = { day: "", hosts: new Set<string>() };
  const nothingFound = { day: "", queries: new Set<string>() };
  let full = false;
  let writing = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;

  /** Adds `views` to a counter; false when it is a new one and the buffer is full. */
  const put = (day: string, kind: VisitKind, key: string, views: number) => {
    const id = `${day}\n${kind}\n${key}`;
    const counter = counts.get(id);
    if (counter) counter.views += views;
    else if (counts.size < VISIT_BUFFER_MAX) counts.set(id, { day, kind, key, views });
    else return false;
    return true;
  };

  const add = (day: string, kind: VisitKind, key: string) => {
    if (put(day, kind, key, 1) || full) return;
    full = true;
    deps.logger.warn("visit counts not kept: too many different counters before the next write", {
      max: VISIT_BUFFER_MAX,
    });
  };

  const today = () => dayIn(now(), timeZone);

  const view = (request: Request) => {
    if (!countVisits || optedOut(request) || isPrefetch(request)) return;
    const userAgent = request.headers.get("user-agent");
    if (!userAgent || isbot(userAgent)) return;
    const device = deviceClass(userAgent);
    const url = new URL(request.url);
    const path = viewedPath(url.pathname);
    if (path.length > VISIT_KEY_MAX) return;
    if (url.pathname.endsWith(".data") && isRevalidation(request, url, path)) return;
    const day = today();
    add(day, "page", path);
    add(day, "language", pathLanguage(path));
    add(day, "device", device);
    // A navigation inside the site is a view, not an arrival: only arrivals have a source.
    const from = arrivalFrom(request, url);
    if (from.inside) return;
    add(day, "source", visitSource(from.host));
    if (!from.host) return;
    if (referrers.day !== day) Object.assign(referrers, { day, hosts: new Set<string>() });
    if (!referrers.hosts.has(from.host) && referrers.hosts.size >= REFERRER_HOSTS_PER_DAY) return;
    referrers.hosts.add(from.host);
    add(day, "referrer", from.host);
  };

  const search = (request: Request, language: Language, query: string, found: boolean) => {
    if (!countVisits || optedOut(request) || isPrefetch(request)) return;
    const userAgent = request.headers.get("user-agent");
    if (!userAgent || isbot(userAgent)) return;
    const day = today();
    add(day, "search", language);
    if (found) return;
    const normal = Array.from(normalizeSearchText(query)).slice(0, MAX_LOGGED_QUERY_LENGTH).join("").trim();
    if (normal === "") return;
    const key = nothingFoundKey(language, normal);
    if (nothingFound.day !== day) Object.assign(nothingFound, { day, queries: new Set<string>() });
    if (!nothingFound.queries.has(key) && nothingFound.queries.size >= NOTHING_FOUND_PER_DAY) return;
    nothingFound.queries.add(key);
    add(day, "search-none", key);
  };

  /**
   * Of the queries that found nothing, those a day may still take: the day's stored ones and new ones while it
   * holds fewer than NOTHING_FOUND_PER_DAY (other instances write theirs too), so the table stays bounded.
   */
  const withinDailyCap = async <T extends { day: string; kind: VisitKind; key: string }>(rows: T[]) => {
    const days = [...new Set(rows.filter((row) => row.kind === "search-none").map((row) => row.day))];
    if (days.length === 0) return rows;
    const stored = await deps.db
      .select({ day: visitCounts.day, key: visitCounts.key })
      .from(visitCounts)
      .where(and(eq(visitCounts.kind, "search-none"), inArray(visitCounts.day, days)));
    const kept = new Map<string, Set<string>>(days.map((day) => [day, new Set()]));
    for (const row of stored) kept.get(row.day)?.add(row.key);
    return rows.filter((row) => {
      if (row.kind !== "search-none") return true;
      const keys = kept.get(row.day)!;
      if (keys.has(row.key)) return true;
      if (keys.size >= NOTHING_FOUND_PER_DAY) return false;
      keys.add(row.key);
      return true;
    });
  };

  // The table's statistics, renewed when the counter starts and after the first write of each day. PostgreSQL's
  // autovacuum keeps them, but PGlite runs none: without them the planner sums a range's rows by sorting them, on
  // disk for a year of 500 pages, and the owner's figures for a year took twice as long (decision 045).
  let analyzedOn = "";
  const keepStatistics = async () => {
    const day = today();
    if (day === analyzedOn) return;
    analyzedOn = day;
    await deps.db
      .execute(sql`analyze ${visitCounts}`)
      .catch((error: unknown) =>
        deps.logger.warn("visit counts' statistics could not be renewed", { error: String(error) }),
      );
  };

  /** The owner's settings, read again: whether to count, and whose days. */
  const readSettings = async () => {
    try {
      ({ countVisits, timeZone } = await deps.settings());
    } catch (error) {
      deps.logger.warn("visit counting could not read the settings", { error: String(error) });
    }
  };

  const write = async () => {
    let rows = [...counts.values()];
    counts = new Map();
    full = false;
    await readSettings();
    if (!countVisits || rows.length === 0) return;
    // In one order everywhere, so two instances writing the same rows at once never wait on each other in a circle.
    rows.sort((a, b) => (`${a.kind}\n${a.day}\n${a.key}` < `${b.kind}\n${b.day}\n${b.key}` ? -1 : 1));
    try {
      rows = await withinDailyCap(rows);
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
        await deps.db
          .insert(visitCounts)
          .values(rows.slice(start, start + ROWS_PER_INSERT))
          .onConflictDoUpdate({
            target: [visitCounts.kind, visitCounts.day, visitCounts.key],
            set: { views: sql`${visitCounts.views} + excluded.views` },
          });
    } catch (error) {
      // Kept for the next write, as far as the buffer holds them: a database that is down loses no count.
      deps.logger.warn("visit counts could not be written; trying again", { error: String(error) });
      for (const { day, kind, key, views } of rows) put(day, kind, key, views);
      return;
    }
    await keepStatistics();
  };

  // One write at a time; a flush asked for meanwhile writes, after it, what came since.
  const flush = () => (writing = writing.then(write));

  return {
    view(request) {
      try {
        view(request);
      } catch (error) {
        deps.logger.warn("a page view could not be counted", { error: String(error) });
      }
    },
    search(request, language, query, found) {
      try {
        search(request, language, query, found);
      } catch (error) {
        deps.logger.warn("a search could not be counted", { error: String(error) });
      }
    },
    flush,
    use(settings) {
      ({ countVisits, timeZone } = settings);
    },
    start() {
      timer ??= setInterval(() => void flush(), VISIT_FLUSH_MS);
      timer.unref();
      // A site whose owner counts no visits counts none from its first view, not from the first write.
      writing = writing.then(readSettings).then(keepStatistics);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
