import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import {
  dayIn,
  pathLanguage,
  viewedPath,
  visitSource,
  VISIT_KEY_MAX,
  VISIT_KINDS,
  type DeviceClass,
  type VisitKind,
} from "#core/visits.ts";
import type { Database } from "#db/client.ts";
import { visitCounts } from "#db/schema.ts";
import type { Logger } from "#server/kernel/logger.ts";

// Public page views counted on the server (docs/product.md §27, decision 045). A view adds one to a few counters
// in memory (its page, language, device class, and for an arrival from elsewhere its source and referring host);
// every FLUSH_MS the counters go to the database as one upsert of daily rows that adds to what is there, so any
// number of instances on one PostgreSQL add up. Nothing about the visitor is kept: no address, no user agent, no
// identifier; in memory, besides the counters, only the verdicts on recent User-Agents and referring origins, with
// no day, page or count.

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
function arrivalFrom(
  request: Request,
  url: URL,
  hostOf: (referer: string) => RefererHost | null,
): { inside: true } | { inside: false; host: string | null } {
  if (url.pathname.endsWith(".data") || request.headers.get("sec-fetch-site") === "same-origin")
    return { inside: true };
  const referer = request.headers.get("referer");
  const from = referer ? hostOf(referer) : null;
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
 * using the user agent"); an iPad, a "Tablet" or an Android without "Mobile" a tablet. A parser (bowser) took
 * 20 µs a view for the same three answers.
 */
function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  return /Mobi|iPhone/i.test(userAgent) ? "mobile" : "desktop";
}

/** User-Agents whose verdict is remembered, and the longest remembered (a browser's is some 100–200 characters). */
export const USER_AGENTS_REMEMBERED = 500;
const REMEMBERED_LENGTH = 512;

/** `compute`'s answers for the last `max` different keys (none longer than REMEMBERED_LENGTH), forgotten at once. */
function remembered<T extends object | string | null>(
  max: number,
  compute: (key: string) => T,
  worthKeeping: (key: string) => boolean = () => true,
) {
  const answers = new Map<string, T>();
  return (key: string): T => {
    const known = answers.get(key);
    if (known !== undefined) return known;
    const answer = compute(key);
    if (key.length <= REMEMBERED_LENGTH && worthKeeping(key)) {
      if (answers.size >= max) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

/**
 * What a User-Agent is: a crawler's (null) or a browser's device class. `isbot`'s pattern is the dearest step of a
 * view (about 10 µs under load, most of what counting cost a page), and most views come from a few browsers: the
 * verdict on the last USER_AGENTS_REMEMBERED is kept in memory, with nothing else (no day, count or page).
 */
const userAgentClassifier = () =>
  remembered(USER_AGENTS_REMEMBERED, (userAgent): DeviceClass | null =>
    isbot(userAgent) ? null : deviceClass(userAgent),
  );

/**
 * A Referer's host, remembered for the referrers that are an origin alone (what browsers send another site by
 * default, "strict-origin-when-cross-origin"): parsing it was the next dearest step of an arrival. A Referer with
 * a path is parsed each time and never kept.
 */
const refererHosts = () =>
  remembered(USER_AGENTS_REMEMBERED, refererHost, (referer) => /^https?:\/\/[^/]+\/?$/.test(referer));

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
  // Views not yet written, by day, then kind, then key: a view finds its counters by strings it already has,
  // without building one key of all three (that took a fifth of what a view cost).
  let counts = new Map<string, Record<VisitKind, Map<string, number>>>();
  let size = 0;
  const referrers = { day: "", hosts: new Set<string>() };
  let full = false;
  let writing = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | undefined;
  const classify = userAgentClassifier();
  const hostOf = refererHosts();

  const countsOf = (day: string) => {
    let kinds = counts.get(day);
    if (!kinds) {
      kinds = {
        page: new Map(),
        language: new Map(),
        device: new Map(),
        source: new Map(),
        referrer: new Map(),
      };
      counts.set(day, kinds);
    }
    return kinds;
  };

  /** Adds `views` to a counter; false when it is a new one and the buffer is full. */
  const put = (day: string, kind: VisitKind, key: string, views: number) => {
    const keys = countsOf(day)[kind];
    const count = keys.get(key);
    if (count !== undefined) keys.set(key, count + views);
    else if (size < VISIT_BUFFER_MAX) {
      keys.set(key, views);
      size++;
    } else return false;
    return true;
  };

  const add = (day: string, kind: VisitKind, key: string) => {
    if (put(day, kind, key, 1) || full) return;
    full = true;
    deps.logger.warn("visit counts not kept: too many different counters before the next write", {
      max: VISIT_BUFFER_MAX,
    });
  };

  // The day, read from the clock at most once a second: formatting a date in a time zone is the dearest step of
  // a view (about 4 µs), and a view a second after midnight counted for the day before is no matter.
  const clock = { day: "", until: 0, timeZone: "" };
  const today = () => {
    const at = now();
    if (at.getTime() >= clock.until || clock.timeZone !== timeZone)
      Object.assign(clock, { day: dayIn(at, timeZone), until: at.getTime() + 1000, timeZone });
    return clock.day;
  };

  const view = (request: Request) => {
    if (!countVisits || optedOut(request) || isPrefetch(request)) return;
    const userAgent = request.headers.get("user-agent");
    const device = userAgent ? classify(userAgent) : null;
    if (!device) return;
    const url = new URL(request.url);
    const path = viewedPath(url.pathname);
    if (path.length > VISIT_KEY_MAX) return;
    if (url.pathname.endsWith(".data") && isRevalidation(request, url, path)) return;
    const day = today();
    add(day, "page", path);
    add(day, "language", pathLanguage(path));
    add(day, "device", device);
    // A navigation inside the site is a view, not an arrival: only arrivals have a source.
    const from = arrivalFrom(request, url, hostOf);
    if (from.inside) return;
    add(day, "source", visitSource(from.host));
    if (!from.host) return;
    if (referrers.day !== day) Object.assign(referrers, { day, hosts: new Set<string>() });
    if (!referrers.hosts.has(from.host) && referrers.hosts.size >= REFERRER_HOSTS_PER_DAY) return;
    referrers.hosts.add(from.host);
    add(day, "referrer", from.host);
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
    const taken = counts;
    counts = new Map();
    size = 0;
    full = false;
    await readSettings();
    if (!countVisits || taken.size === 0) return;
    const rows: { day: string; kind: VisitKind; key: string; views: number }[] = [];
    for (const [day, kinds] of taken)
      for (const kind of VISIT_KINDS)
        for (const [key, views] of kinds[kind]) rows.push({ day, kind, key, views });
    // In one order everywhere, so two instances writing the same rows at once never wait on each other in a circle.
    rows.sort((a, b) => (`${a.kind}\n${a.day}\n${a.key}` < `${b.kind}\n${b.day}\n${b.key}` ? -1 : 1));
    try {
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

  // A view is counted once the event loop's turn has written its answers (setImmediate), so that no answer waits
  // on counting: counted before its answer went out, a view held the answers of the turn behind it, and counting
  // cost the site a tenth of its throughput (decision 045).
  let waiting: Request[] = [];
  const countWaiting = () => {
    const views = waiting;
    waiting = [];
    for (const request of views)
      try {
        view(request);
      } catch (error) {
        deps.logger.warn("a page view could not be counted", { error: String(error) });
      }
  };

  // One write at a time; a flush asked for meanwhile writes, after it, what came since.
  const flush = () =>
    (writing = writing.then(() => {
      countWaiting();
      return write();
    }));

  return {
    view(request) {
      if (!countVisits) return;
      if (waiting.length === 0) setImmediate(countWaiting);
      waiting.push(request);
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
