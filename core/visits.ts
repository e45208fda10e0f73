import { dateTimeFormat } from "./intl.ts";

// Visits and leads (docs/product.md §27, decision 045): what a counted view is made of, the same rules for the
// server that counts and the admin page that shows the counts. Nothing here names a visitor.

/**
 * The figures a day is counted by: one row per day, kind and key. "search" is the searches made, by language;
 * "search-none" a query that found nothing, keyed "language:query" (normalised, never who typed it).
 */
export const VISIT_KINDS = [
  "page",
  "language",
  "device",
  "source",
  "referrer",
  "search",
  "search-none",
] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

/** Where a visit came from: a search engine, a social site, a feed reader, another site, or nowhere said. */
export const VISIT_SOURCES = ["search", "social", "feed", "site", "direct"] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

export const DEVICE_CLASSES = ["desktop", "mobile", "tablet"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Of the queries that found nothing, at most this many different ones are kept a day (docs/product.md §27). */
export const NOTHING_FOUND_PER_DAY = 50;

/** The key of a query that found nothing: its language, then the query as it was searched. */
export function nothingFoundKey(language: "en" | "ar", query: string): string {
  return `${language}:${query}`;
}

/** The longest path or host counted or kept; anything longer is not a page of this site nor a real host. */
export const VISIT_KEY_MAX = 300;

// Hosts by the name they are known under: a host counts when it is the name or ends with "." and it
// ("www.google.com", "news.google.co.uk"). Lists of the services people arrive from, not of crawlers.
const SEARCH = [
  "google",
  "bing",
  "duckduckgo",
  "yahoo",
  "yandex",
  "baidu",
  "ecosia",
  "qwant",
  "startpage",
  "brave",
  "kagi",
  "naver",
  "seznam",
];
const SOCIAL = [
  "facebook.com",
  "fb.com",
  "fb.me",
  "instagram.com",
  "t.co",
  "twitter.com",
  "x.com",
  "linkedin.com",
  "lnkd.in",
  "reddit.com",
  "news.ycombinator.com",
  "youtube.com",
  "tiktok.com",
  "pinterest.com",
  "threads.net",
  "bsky.app",
  "mastodon.social",
  "telegram.org",
  "t.me",
  "whatsapp.com",
  "wa.me",
  "snapchat.com",
  "quora.com",
  "medium.com",
];
const FEEDS = [
  "feedly.com",
  "inoreader.com",
  "newsblur.com",
  "theoldreader.com",
  "feedbin.com",
  "netnewswire.com",
  "bazqux.com",
];

const searchNames = new Set(SEARCH);
const socialHosts = new Set(SOCIAL);
const feedHosts = new Set(FEEDS);

/** Whether `host` is one of `hosts` or under one ("m.facebook.com" is under "facebook.com"). */
function isUnder(host: string, hosts: ReadonlySet<string>): boolean {
  for (let domain = host; ;) {
    if (hosts.has(domain)) return true;
    const dot = domain.indexOf(".");
    if (dot === -1) return false;
    domain = domain.slice(dot + 1);
  }
}

/** A search engine's host: its name as a label ("google" in www.google.com.eg or search.brave.com). */
const isSearchHost = (host: string) => host.split(".").some((label) => searchNames.has(label));

/**
 * The class of a visit from its Referer: none, or this site's own host (a reload, or a page opened in a new
 * tab), is "direct"; else by the referring host.
 */
export function visitSource(refererHost: string | null): VisitSource {
  if (!refererHost) return "direct";
  if (isUnder(refererHost, feedHosts)) return "feed";
  if (isUnder(refererHost, socialHosts)) return "social";
  if (isSearchHost(refererHost)) return "search";
  return "site";
}

/**
 * The page a request shows: the path itself for a document, the page's path for React Router's data request of a
 * navigation in the browser (`/articles/x.data`, `/_root.data` for the home page, `/ar.data`).
 */
export function viewedPath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/** The language of a page's path: Arabic under /ar (docs/product.md §16). */
export function pathLanguage(path: string): "en" | "ar" {
  return path === "/ar" || path.startsWith("/ar/") ? "ar" : "en";
}

/**
 * A path a browser sent for a lead (the entry page, the page before writing), kept only when it is one: starts
 * with a single "/", no query, fragment or control character, not too long. Anything else is not kept.
 */
export function leadPath(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.length > VISIT_KEY_MAX) return null;
  // eslint-disable-next-line no-control-regex -- control characters and a query or fragment are refused.
  if (/[\u0000-\u001f\u007f?#\\\s]/.test(path)) return null;
  return path;
}

/**
 * The contact form's hidden fields of a lead: the path of the page the visitor entered the site on, and of the
 * page they read last before the contact page; the browser fills them from its tab's session storage.
 */
export const LEAD_FIELDS = { entry: "_entry", last: "_last" } as const;

/** The day of `date` in `timeZone`, as YYYY-MM-DD. */
export function dayIn(date: Date, timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    date,
  );
}

/** The day `days` after `day` (YYYY-MM-DD; negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The longest range the admin may ask for at once, in days. */
export const VISIT_RANGE_MAX_DAYS = 400;

/** The longest range shown a day at a time; a longer one is shown a week at a time (docs/product.md §27.5). */
export const VISITS_DAILY_MAX_DAYS = 90;

/** The Monday that begins the week (ISO 8601, Monday to Sunday) of `day` (YYYY-MM-DD). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}
