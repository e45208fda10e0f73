import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { byHeaderValue, type StoredAnswer } from "#server/http/stored-answer.ts";

// Rendered public pages, kept for a few seconds (decision 008). A personal site is read far more often than
// written: a page served from here costs a lookup instead of a React render, a query and a compression.
// A stored page carries no nonce (its value is removed, attributes and hydration data alike); its inline scripts
// are allowed by their hashes instead, named in the CSP it is kept with. So the bytes never change: they are kept
// compressed, in brotli and gzip (decision 020), each with its complete headers, computed once when the page is
// stored, so that an answer is a lookup whether the app or the front of the server (server/ssr/fast-path.ts,
// decision 028) gives it.

interface Entry {
  expiresAt: number;
  identity: StoredAnswer;
  br: StoredAnswer;
  gzip: StoredAnswer;
}

/** What a page is stored with. */
export interface PageToStore {
  status: number;
  contentType: string;
  body: string;
  /**
   * The page's own headers beside Content-Type, Content-Length and Content-Encoding (the security headers, Vary),
   * given `'sha256-…'` of every inline script, space-separated. `Vary: Accept-Encoding` when absent.
   */
  headers?: (scriptHashes: string) => Record<string, string>;
}

export interface PageCache {
  /**
   * The page for this key, in the encoding `acceptEncoding` allows (brotli, then gzip), or undefined when absent
   * or older than the TTL.
   */
  get(key: string, acceptEncoding?: string): Response | undefined;
  /** As `get`, in the stored form; `encoding` as `pickEncoding` chose it. */
  lookup(key: string, encoding: "br" | "gzip" | null): StoredAnswer | undefined;
  /**
   * Stores a rendered page; `nonce` is the one it was rendered with. `until` ends it sooner than the TTL: the
   * moment a scheduled article goes public, when the page may list it (docs/product.md §18).
   */
  set(key: string, nonce: string, page: PageToStore, until?: Date | null): void;
  /** Forgets every page: after the owner changes content. */
  clear(): void;
  /**
   * While paused no page is kept or served from here: another instance may have changed content unheard (the
   * change feed is down, server/kernel/change-feed.ts).
   */
  pause(paused: boolean): void;
  readonly size: number;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source of each inline script's content. */
export function scriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT))
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "", "utf8")
        .digest("base64")}'`,
    );
  return [...hashes].join(" ");
}

/** Which stored encoding to send for an Accept-Encoding header (q=0 refuses one). */
export const pickEncoding = byHeaderValue((header): "br" | "gzip" | null => {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((accepted.get("br") ?? 0) > 0) return "br";
  if ((accepted.get("gzip") ?? 0) > 0) return "gzip";
  return null;
});

/**
 * Bounded whatever visitors send: at most `maxEntries` pages and `maxBytes` of them (the least recently used go
 * first), expired pages swept every TTL even when nobody asks for them again, and keys that only name real pages
 * (`pageCacheKey`).
 */
export function createPageCache({
  ttlMs,
  maxEntries = 500,
  maxBytes = 32 * 1024 * 1024,
}: {
  ttlMs: number;
  maxEntries?: number;
  /** The stored bytes: the page and its two compressed copies. */
  maxBytes?: number;
}): PageCache & { readonly bytes: number; sweep(): void } {
  const entries = new Map<string, Entry>();
  let paused = false;
  let bytes = 0;
  let lastUsed: string | undefined;
  const sizeOf = (entry: Entry) => entry.identity.body.length + entry.br.body.length + entry.gzip.body.length;
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
    lastUsed = undefined;
    bytes = 0;
  };
  const lookup = (key: string, encoding: "br" | "gzip" | null) => {
    if (paused) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (Date.now() >= entry.expiresAt) {
      drop(key);
      return undefined;
    }
    // Most recently used last: eviction takes the first. (A page asked for again and again is already last.)
    if (key !== lastUsed) {
      entries.delete(key);
      entries.set(key, entry);
      lastUsed = key;
    }
    return encoding ? entry[encoding] : entry.identity;
  };
  return {
    get(key, acceptEncoding) {
      const answer = lookup(key, pickEncoding(acceptEncoding));
      if (!answer) return undefined;
      return new Response(answer.body as Uint8Array<ArrayBuffer>, {
        status: answer.status,
        headers: { ...answer.headers },
      });
    },
    lookup,
    set(key, nonce, page, until) {
      if (paused) return;
      const expiresAt = Math.min(Date.now() + ttlMs, until?.getTime() ?? Infinity);
      if (expiresAt <= Date.now()) return;
      const html = nonce ? page.body.replaceAll(nonce, "") : page.body;
      const identity = Buffer.from(html, "utf8");
      if (identity.length > maxBytes) return;
      const own = page.headers?.(scriptHashes(html)) ?? { Vary: "Accept-Encoding" };
      const answer = (body: Buffer, encoding?: string): StoredAnswer => ({
        status: page.status,
        headers: {
          "Content-Type": page.contentType,
          "Content-Length": String(body.length),
          ...(encoding ? { "Content-Encoding": encoding } : {}),
          ...own,
        },
        body,
      });
      const entry: Entry = {
        expiresAt,
        identity: answer(identity),
        br: answer(
          brotliCompressSync(identity, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 6,
              [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          }),
          "br",
        ),
        gzip: answer(gzipSync(identity, { level: 6 }), "gzip"),
      };
      if (sizeOf(entry) > maxBytes) return;
      drop(key);
      while (entries.size >= maxEntries || (entries.size > 0 && bytes + sizeOf(entry) > maxBytes))
        drop(entries.keys().next().value!);
      entries.set(key, entry);
      lastUsed = key;
      bytes += sizeOf(entry);
    },
    clear,
    pause(value) {
      paused = value;
      if (value) clear();
    },
    sweep,
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** Query parameters a public page reads; any other one changes nothing on the page and is left out of the key. */
const PAGE_PARAMETERS: Record<string, RegExp> = {
  // The articles list and tag pages (docs/product.md §18).
  page: /^[1-9]\d{0,5}$/,
  // The contact page after a plain form post (docs/product.md §4).
  sent: /^1$/,
};

const PAGE_PARAMETER_LIST = Object.entries(PAGE_PARAMETERS);

/**
 * The cache key of a public page: its address (origin included when pages are built from each request's own
 * origin), the parameters the page reads, and the theme. Null when a parameter the page reads has a value it
 * refuses (the page answers 404; nothing to keep). So `/articles?v=1`…`?v=500` are one page, not five hundred.
 */
export function pageCacheKey(
  url: Pick<URL, "pathname" | "searchParams">,
  theme: string,
  origin: string | null,
): string | null {
  const kept: string[] = [];
  for (const [name, pattern] of PAGE_PARAMETER_LIST) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    if (!pattern.test(value)) return null;
    kept.push(`${name}=${value}`);
  }
  return `${origin ?? ""}${url.pathname}${kept.length ? `?${kept.join("&")}` : ""}|${theme}`;
}
