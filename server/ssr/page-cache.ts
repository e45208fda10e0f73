// Rendered public pages, kept for a few seconds (decision 008). A personal site is read far more often than
// written: a page served from here costs a string replace instead of a React render and a query.
// Each entry holds the page with its CSP nonce replaced by a marker, so every answer gets a fresh nonce.

const NONCE_MARKER = "\u0000nonce\u0000";

interface Entry {
  expiresAt: number;
  status: number;
  contentType: string;
  body: string;
}

export interface PageCache {
  /** The page for this key with the given nonce, or undefined when absent or older than the TTL. */
  get(key: string, nonce: string): Response | undefined;
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
  /** Counted as UTF-16 code units × 2, what a string holds in memory at most. */
  maxBytes?: number;
}): PageCache & { readonly bytes: number; sweep(): void } {
  const entries = new Map<string, Entry>();
  let paused = false;
  let bytes = 0;
  const sizeOf = (entry: Entry) => entry.body.length * 2;
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
  return {
    get(key, nonce) {
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
      return new Response(entry.body.replaceAll(NONCE_MARKER, nonce), {
        status: entry.status,
        headers: { "Content-Type": entry.contentType },
      });
    },
    set(key, nonce, page, until) {
      if (paused) return;
      const expiresAt = Math.min(Date.now() + ttlMs, until?.getTime() ?? Infinity);
      if (expiresAt <= Date.now()) return;
      const body = nonce ? page.body.replaceAll(nonce, NONCE_MARKER) : page.body;
      const entry = { ...page, body, expiresAt };
      if (sizeOf(entry) > maxBytes) return;
      drop(key);
      while (entries.size >= maxEntries || (entries.size > 0 && bytes + sizeOf(entry) > maxBytes))
        drop(entries.keys().next().value!);
      entries.set(key, entry);
      bytes += sizeOf(entry);
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    pause(value) {
      paused = value;
      if (value) this.clear();
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
