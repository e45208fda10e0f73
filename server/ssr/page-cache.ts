import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Rendered public pages, kept for a few seconds (decision 008). A personal site is read far more often than
// written: a page served from here costs a lookup instead of a React render, a query and a compression.
// A stored page carries no nonce (its value is removed, attributes and hydration data alike); its inline scripts
// are allowed by their hashes instead, which the response names (`SCRIPT_HASHES_HEADER`, turned into the CSP by
// server/http/headers.ts). So the bytes never change, and they are kept compressed, in brotli and gzip
// (decision 020).

/** Names the stored page's script hashes for the security headers, which replace the nonce with them. */
export const SCRIPT_HASHES_HEADER = "X-Sira-Script-Hashes";

interface Entry {
  expiresAt: number;
  status: number;
  contentType: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** `'sha256-…'` of every inline script, space-separated. */
  scriptHashes: string;
}

export interface PageCache {
  /**
   * The page for this key, in the encoding `acceptEncoding` allows (brotli, then gzip), or undefined when absent
   * or older than the TTL.
   */
  get(key: string, acceptEncoding?: string): Response | undefined;
  /**
   * Stores a rendered page; `nonce` is the one it was rendered with. `until` ends it sooner than the TTL: the
   * moment a scheduled article goes public, when the page may list it (docs/product.md §18).
   */
  set(
    key: string,
    nonce: string,
    page: { status: number; contentType: string; body: string },
    until?: Date | null,
  ): void;
  /** Forgets every page: after the owner changes content. */
  clear(): void;
  /**
   * While paused no page is kept or served from here: another instance may have changed content unheard (the
   * change feed is down, server/platform/change-feed.ts).
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
function pickEncoding(header: string | undefined): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((accepted.get("br") ?? 0) > 0) return "br";
  if ((accepted.get("gzip") ?? 0) > 0) return "gzip";
  return null;
}

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
  const sizeOf = (entry: Entry) => entry.identity.length + entry.br.length + entry.gzip.length;
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
  return {
    get(key, acceptEncoding) {
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
      const encoding = pickEncoding(acceptEncoding);
      const body = encoding ? entry[encoding] : entry.identity;
      const headers: Record<string, string> = {
        "Content-Type": entry.contentType,
        "Content-Length": String(body.length),
        Vary: "Accept-Encoding",
        [SCRIPT_HASHES_HEADER]: entry.scriptHashes,
      };
      if (encoding) headers["Content-Encoding"] = encoding;
      return new Response(body as Uint8Array<ArrayBuffer>, {
        status: entry.status,
        headers,
      });
    },
    set(key, nonce, page, until) {
      if (paused) return;
      const expiresAt = Math.min(Date.now() + ttlMs, until?.getTime() ?? Infinity);
      if (expiresAt <= Date.now()) return;
      const html = nonce ? page.body.replaceAll(nonce, "") : page.body;
      const identity = Buffer.from(html, "utf8");
      if (identity.length > maxBytes) return;
      const entry: Entry = {
        status: page.status,
        contentType: page.contentType,
        expiresAt,
        identity,
        br: brotliCompressSync(identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 6,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
        gzip: gzipSync(identity, { level: 6 }),
        scriptHashes: scriptHashes(html),
      };
      if (sizeOf(entry) > maxBytes) return;
      drop(key);
      while (entries.size >= maxEntries || (entries.size > 0 && bytes + sizeOf(entry) > maxBytes))
        drop(entries.keys().next().value!);
      entries.set(key, entry);
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

/**
 * The cache key of a public page: its address (origin included when pages are built from each request's own
 * origin), the parameters the page reads, and the theme. Null when a parameter the page reads has a value it
 * refuses (the page answers 404; nothing to keep). So `/articles?v=1`…`?v=500` are one page, not five hundred.
 */
export function pageCacheKey(url: URL, theme: string, origin: string | null): string | null {
  const kept: string[] = [];
  for (const [name, pattern] of Object.entries(PAGE_PARAMETERS)) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    if (!pattern.test(value)) return null;
    kept.push(`${name}=${value}`);
  }
  return `${origin ?? ""}${url.pathname}${kept.length ? `?${kept.join("&")}` : ""}|${theme}`;
}
