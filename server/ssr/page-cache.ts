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

export function createPageCache({
  ttlMs,
  maxEntries = 500,
}: {
  ttlMs: number;
  maxEntries?: number;
}): PageCache {
  const entries = new Map<string, Entry>();
  let paused = false;
  return {
    get(key, nonce) {
      if (paused) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (Date.now() >= entry.expiresAt) {
        entries.delete(key);
        return undefined;
      }
      return new Response(entry.body.replaceAll(NONCE_MARKER, nonce), {
        status: entry.status,
        headers: { "Content-Type": entry.contentType },
      });
    },
    set(key, nonce, page, until) {
      if (paused) return;
      const expiresAt = Math.min(Date.now() + ttlMs, until?.getTime() ?? Infinity);
      if (expiresAt <= Date.now()) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const body = nonce ? page.body.replaceAll(nonce, NONCE_MARKER) : page.body;
      entries.set(key, { ...page, body, expiresAt });
    },
    clear() {
      entries.clear();
    },
    pause(value) {
      paused = value;
      if (value) entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
