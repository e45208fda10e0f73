import { createHash, randomBytes } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context, Env, MiddlewareHandler } from "hono";
import { canonicalPath } from "#core/localized-paths.ts";
import { viewedPath } from "#core/visits.ts";

// Rendered public pages, kept for PAGE_CACHE_SECONDS inside the app (decision 008): a small shared cache in front of
// the page renderer that keeps what the page's own Cache-Control lets a shared cache keep (`public, s-maxage=N`),
// as a CDN in front of the site would. Every visitor of a language gets the same HTML, so a page is kept once, in
// brotli and gzip besides its bytes, compressed when it is stored. A visitor cannot make the server render a page
// more than once a period, whatever the query string: each page's key holds only the parameters it reads, with the
// values it takes (`pageAddress`); any other query is answered with a redirect to the page's canonical address, and
// refused values and pages past the last share one kept 404.

/** The encodings a page is kept in besides its bytes. */
type Encoding = "br" | "gzip";

interface Entry {
  expiresAt: number;
  status: number;
  /** The page's own headers (type, policy, caching, ETag), as the renderer answered them. */
  headers: Readonly<Record<string, string>>;
  identity: Uint8Array;
  br: Uint8Array;
  gzip: Uint8Array;
}

export interface PageCache {
  /**
   * The middleware in front of the renderer. `key` names the request's page (`pageAddress`), null for one that is
   * never kept; `pastTheLast`, asked only when that page is not kept, answers the key of the list's kept 404 when
   * the page lies past the last one of its list, else null.
   */
  middleware<E extends Env>(options: {
    key: (c: Context<E>) => string | null;
    pastTheLast?: (c: Context<E>) => Promise<string | null>;
  }): MiddlewareHandler<E>;
  /** Forgets every page: after the owner changes content. */
  clear(): void;
  /**
   * While paused no page is kept or served from here: another instance may have changed content unheard (the
   * change feed is down, server/kernel/change-feed.ts).
   */
  pause(paused: boolean): void;
  readonly size: number;
  readonly bytes: number;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** A new marker of the page's own scripts (`ownScripts`): 16 random bytes in hex, valid as a nonce. */
export function newScriptMarker(): string {
  return randomBytes(16).toString("hex");
}

/**
 * The page's own inline scripts, told from any other by `marker`: a random nonce the renderer wrote on each script it
 * made (React Router's and ours) and that no stored row can know. Answers the page without the marker, so that every
 * render of a page is the same bytes, and the CSP sources (hashes) of those scripts as they are then. A script that
 * got into the page any other way (a row that escaped the sanitiser) is not among them, and the policy refuses it.
 */
export function ownScripts(html: string, marker: string): { html: string; sources: string } {
  const attribute = ` nonce="${marker}"`;
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT))
    if (match[1]!.includes(attribute))
      hashes.add(
        `'sha256-${createHash("sha256").update(match[2]!.replaceAll(marker, ""), "utf8").digest("base64")}'`,
      );
  return { html: html.replaceAll(attribute, "").replaceAll(marker, ""), sources: [...hashes].join(" ") };
}

/** Which kept encoding to send for an Accept-Encoding header (q=0 refuses one). */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let br = false;
  let gzip = false;
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean);
    const accepted = q === undefined || Number(q) > 0;
    if (name.trim() === "br") br = accepted;
    else if (name.trim() === "gzip") gzip = accepted;
  }
  return br ? "br" : gzip ? "gzip" : null;
}

/** The seconds a Cache-Control lets a shared cache keep the answer (`s-maxage`); 0 when it says nothing. */
export function sharedCacheSeconds(cacheControl: string): number {
  const value = /(?:^|,)\s*s-maxage=(\d+)/i.exec(cacheControl)?.[1];
  return value === undefined ? 0 : Number(value);
}

/** Headers a kept page is not kept with: they belong to one answer (its length and encoding, its request). */
const OWN_HEADERS = new Set(["content-length", "content-encoding", "date", "set-cookie", "x-request-id"]);

/**
 * Bounded whatever visitors send: at most `maxEntries` pages and `maxBytes` of them (the least recently used go
 * first), expired pages swept every TTL even when nobody asks for them again, and keys that only name real pages.
 * Requests for a page being rendered wait for that render instead of starting their own.
 */
export function createPageCache({
  ttlMs,
  maxEntries = 500,
  maxBytes = 32 * 1024 * 1024,
}: {
  ttlMs: number;
  maxEntries?: number;
  /** The kept bytes: each page and its two compressed copies. */
  maxBytes?: number;
}): PageCache {
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<void>>();
  let paused = false;
  let bytes = 0;
  const sizeOf = (entry: Entry) => entry.identity.byteLength + entry.br.byteLength + entry.gzip.byteLength;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= sizeOf(entry);
    entries.delete(key);
  };
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (now >= entry.expiresAt) drop(key);
  };
  if (ttlMs > 0) setInterval(sweep, Math.max(ttlMs, 1_000)).unref();
  const clear = () => {
    entries.clear();
    bytes = 0;
  };

  const lookup = (key: string) => {
    if (paused) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (Date.now() >= entry.expiresAt) {
      drop(key);
      return undefined;
    }
    // Most recently used last: eviction takes the first.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  const answer = (entry: Entry, c: Context) => {
    const encoding = pickEncoding(c.req.header("Accept-Encoding"));
    const headers: Record<string, string> = { ...entry.headers, Vary: "Accept-Encoding" };
    if (encoding) headers["Content-Encoding"] = encoding;
    const body = encoding ? entry[encoding] : entry.identity;
    return new Response(c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), {
      status: entry.status,
      headers,
    });
  };

  /** Keeps a rendered page when its Cache-Control lets a shared cache keep it; answers the response to send. */
  const keep = async (key: string, response: Response): Promise<Response> => {
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    const seconds = sharedCacheSeconds(cacheControl);
    const kept =
      !paused &&
      ttlMs > 0 &&
      seconds > 0 &&
      /(?:^|,)\s*public\b/i.test(cacheControl) &&
      (response.status === 200 || response.status === 404) &&
      !response.headers.has("Content-Encoding") &&
      !response.headers.has("Set-Cookie");
    if (!kept || !response.body) return response;
    const identity = new Uint8Array(await response.arrayBuffer());
    // The page's validator is made once, when it is kept: the revalidation in front of the cache (hono/etag)
    // compares it instead of hashing the page again on every request.
    const answered = new Response(identity, { status: response.status, headers: response.headers });
    if (!answered.headers.has("ETag"))
      answered.headers.set("ETag", `W/"${createHash("sha1").update(identity).digest("hex")}"`);
    const headers: Record<string, string> = {};
    answered.headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name)) headers[name] = value;
    });
    const entry: Entry = {
      expiresAt: Date.now() + Math.min(ttlMs, seconds * 1000),
      status: response.status,
      headers,
      identity,
      br: brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
        },
      }),
      gzip: gzipSync(identity, { level: 6 }),
    };
    if (sizeOf(entry) <= maxBytes && !paused) {
      drop(key);
      while (entries.size >= maxEntries || (entries.size > 0 && bytes + sizeOf(entry) > maxBytes))
        drop(entries.keys().next().value!);
      entries.set(key, entry);
      bytes += sizeOf(entry);
    }
    return answered;
  };

  return {
    middleware<E extends Env>({
      key: keyOf,
      pastTheLast,
    }: {
      key: (c: Context<E>) => string | null;
      pastTheLast?: (c: Context<E>) => Promise<string | null>;
    }): MiddlewareHandler<E> {
      return async (c, next) => {
        if ((c.req.method !== "GET" && c.req.method !== "HEAD") || ttlMs <= 0 || paused) return next();
        let key = keyOf(c);
        if (key === null) return next();
        let hit = lookup(key);
        const notFound = hit || !pastTheLast ? null : await pastTheLast(c);
        if (notFound !== null) {
          key = notFound;
          hit = lookup(key);
        }
        // A page being rendered is waited for, once: afterwards, kept or not, this request is rendered itself.
        const pending = hit ? undefined : rendering.get(key);
        if (pending) {
          await pending;
          hit = lookup(key);
        }
        if (hit) return answer(hit, c);
        // HEAD is rendered without a body: it is answered, never kept.
        if (c.req.method === "HEAD" || rendering.has(key)) return next();
        const { promise, resolve } = Promise.withResolvers<void>();
        rendering.set(key, promise);
        try {
          await next();
          c.res = await keep(key, c.res);
        } finally {
          rendering.delete(key);
          resolve();
        }
      };
    },
    clear,
    pause(value) {
      paused = value;
      if (value) clear();
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** A query parameter a public page reads, and what it does with the values it does not take. */
interface QueryParam {
  name: string;
  value: RegExp;
  /** A value the address leaves out (page 1 has no query). */
  implied?: string;
  /** What another value gets: the page's 404 (one kept for every such value), or the page without it. */
  refused: "notFound" | "dropped";
}

/** The query parameters of the public pages that read any, in the order their canonical address names them. */
interface PageQuery {
  path: RegExp;
  params: QueryParam[];
  /** A paged list: a page past its last, or a category it does not have, is its 404. */
  list?: boolean;
}

/** The search page's address in each language: rendered for each query, never kept (any query is a new page). */
export const SEARCH_PATH = /^(?:\/ar)?\/search$/;

/** A list's page, 2 onwards (docs/product.md §18.9). */
const PAGE: QueryParam = { name: "page", value: /^[1-9]\d{0,5}$/, implied: "1", refused: "notFound" };

const PAGE_QUERIES: PageQuery[] = [
  // The articles and a tag's articles.
  { path: /^(?:\/ar)?\/articles(?:\/tag\/[^/]+)?$/, params: [PAGE], list: true },
  // The projects of a category, named as the page's language shows it (docs/product.md §2.5): a trimmed text of a
  // category's length; whether a project has it is the server's to say (`pastTheLast`).
  {
    path: /^(?:\/ar)?\/projects$/,
    params: [{ name: "category", value: /^(?!\s)[^\p{Cc}]{1,60}(?<!\s)$/u, refused: "notFound" }, PAGE],
    list: true,
  },
  // The search page (docs/product.md §30): any query, and its pages; a page number it cannot be is left out.
  {
    path: SEARCH_PATH,
    params: [
      { name: "q", value: /^[\s\S]*$/, implied: "", refused: "dropped" },
      { ...PAGE, refused: "dropped" },
    ],
  },
  // The contact page after a plain form post (docs/product.md §4).
  { path: /^(?:\/ar)?\/contact$/, params: [{ name: "sent", value: /^1$/, refused: "dropped" }] },
];

/**
 * React Router's data request of a navigation names the routes whose data it wants (`_routes`, route ids joined by
 * commas) after the page's own parameters.
 */
const DATA_ROUTES: QueryParam = {
  name: "_routes",
  value: /^[\w/.-]{1,100}(?:,[\w/.-]{1,100}){0,30}$/,
  refused: "dropped",
};

/** A public page's address: the key it is kept under, and where to send a request that asks for it another way. */
export interface PageAddress {
  key: string;
  /** The canonical address, when the request's query holds anything the page does not read. */
  redirect?: string;
  /**
   * A list asked for with a query (`?page=N`, N from 2, and a category), with the key of the list's kept 404: for
   * a page past the last, or a category no project has.
   */
  listPage?: { number: number; category?: string; notFoundKey: string };
}

/**
 * A public page's address, from a request's (`prefix` goes before the path in the key: the origin, when pages are
 * built from each request's). The canonical address leaves out whatever the page does not read: another parameter,
 * one twice, an implied value, another spelling or order. `/articles?page=abc` is the list's 404, kept once for
 * every refused value, and for every page past the last.
 */
export function pageAddress(
  url: Pick<URL, "pathname" | "search" | "searchParams">,
  prefix = "",
): PageAddress {
  const pathname = canonicalPath(url.pathname);
  // A data request reads what its page reads, and which routes to load.
  const data = pathname.endsWith(".data");
  const page = data ? viewedPath(pathname) : pathname;
  const pageQuery = PAGE_QUERIES.find((candidate) => candidate.path.test(page));
  const params = [...(pageQuery?.params ?? []), ...(data ? [DATA_ROUTES] : [])];
  const kept = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    const param = params.find((candidate) => candidate.name === name);
    if (!param || kept.has(name) || value === param.implied) continue;
    if (param.value.test(value) || param.refused === "notFound") kept.set(name, value);
  }
  const named = params.filter((param) => kept.has(param.name));
  const search =
    named.length > 0
      ? `?${new URLSearchParams(named.map((param) => [param.name, kept.get(param.name)!])).toString()}`
      : "";
  const notFoundKey = `${prefix}${pathname}?✗`;
  const refused = named.some((param) => !param.value.test(kept.get(param.name)!));
  const address: PageAddress = { key: refused ? notFoundKey : `${prefix}${pathname}${search}` };
  if (url.pathname !== pathname || url.search !== search) address.redirect = `${pathname}${search}`;
  if (pageQuery?.list && !data && named.length > 0 && !refused) {
    const category = kept.get("category");
    address.listPage = {
      number: Number(kept.get("page") ?? 1),
      ...(category === undefined ? {} : { category }),
      notFoundKey,
    };
  }
  return address;
}
