import { afterEach, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createPageCache, pageCacheKey } from "./page-cache.ts";

const page = (body: string) => ({ status: 200, contentType: "text/html; charset=utf-8", body });

describe("the page cache", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps a page without its nonce, with the headers its inline scripts' hashes give it", async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const script = 'window.__data = {"nonce":"OLDNONCE"};';
    cache.set("/|en|light", "OLDNONCE", {
      ...page(`<script nonce="OLDNONCE">${script}</script><script src="/a.js"></script>`),
      headers: (hashes) => ({ "Content-Security-Policy": `script-src 'self' ${hashes}`, Vary: "Cookie" }),
    });
    const hit = cache.get("/|en|light");
    expect(hit?.status).toBe(200);
    expect(hit?.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await hit!.text();
    expect(html).toBe('<script nonce="">window.__data = {"nonce":""};</script><script src="/a.js"></script>');
    const hash = createHash("sha256").update('window.__data = {"nonce":""};').digest("base64");
    expect(hit?.headers.get("Content-Security-Policy")).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(hit?.headers.get("Vary")).toBe("Cookie");
    // The stored form, as the fast path sends it: the same headers, computed once.
    const stored = cache.lookup("/|en|light", null)!;
    expect(stored.headers).toEqual({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(stored.body.length),
      "Content-Security-Policy": `script-src 'self' 'sha256-${hash}'`,
      Vary: "Cookie",
    });
    expect(cache.lookup("/|en|light", null)).toBe(stored);
  });

  it("answers brotli, then gzip, then plain, as the request accepts, from bytes compressed once", async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const html = `<main>${"سلام ".repeat(2_000)}</main>`;
    cache.set("/", "", page(html));
    const br = cache.get("/", "gzip, deflate, br")!;
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    const gzip = cache.get("/", "gzip, br;q=0")!;
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
    const plain = cache.get("/")!;
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
    expect(plain.headers.get("Vary")).toBe("Accept-Encoding");
    expect(Number(br.headers.get("Content-Length"))).toBeLessThan(html.length / 10);
  });

  it("forgets a page once it is older than the TTL, and everything on clear()", () => {
    vi.useFakeTimers();
    const cache = createPageCache({ ttlMs: 1_000 });
    cache.set("/a", "n", page("a"));
    cache.set("/b", "n", page("b"));
    vi.advanceTimersByTime(999);
    expect(cache.get("/a", "m")).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(cache.get("/a", "m")).toBeUndefined();
    cache.clear();
    expect(cache.get("/b", "m")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps nothing when the TTL is 0, and at most maxEntries pages (oldest go first)", () => {
    const off = createPageCache({ ttlMs: 0 });
    off.set("/", "n", page("x"));
    expect(off.size).toBe(0);

    const small = createPageCache({ ttlMs: 10_000, maxEntries: 2 });
    small.set("/1", "n", page("1"));
    small.set("/2", "n", page("2"));
    small.set("/3", "n", page("3"));
    expect(small.size).toBe(2);
    expect(small.get("/1", "n")).toBeUndefined();
    expect(small.get("/3", "n")).toBeDefined();
  });
});

describe("the page cache's bounds", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps at most maxBytes of pages, dropping the least recently used", () => {
    // Pages that do not compress (random text), so each one's size is about three times its length.
    const body = (seed: number) =>
      Array.from({ length: 2_000 }, (_, i) =>
        String.fromCharCode(33 + ((i * 7919 + seed * 104729) % 90)),
      ).join("");
    const probe = createPageCache({ ttlMs: 10_000 });
    probe.set("/x", "", page(body(0)));
    const one = probe.bytes;
    const cache = createPageCache({ ttlMs: 10_000, maxBytes: Math.floor(one * 3.5) });
    cache.set("/a", "", page(body(1)));
    cache.set("/b", "", page(body(2)));
    cache.set("/c", "", page(body(3)));
    expect(cache.size).toBe(3);
    cache.get("/a"); // used: /b is now the oldest
    cache.set("/d", "", page(body(4)));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(Math.floor(one * 3.5));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    // A page bigger than the whole cache is not kept, and evicts nothing.
    cache.set("/huge", "", page(body(5).repeat(5)));
    expect(cache.get("/huge")).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it("evicts the least recently used page, however often the last one is asked for", () => {
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 3 });
    for (const key of ["/a", "/b", "/c"]) cache.set(key, "", page(key));
    for (const key of ["/a", "/a", "/b", "/b", "/a"]) expect(cache.lookup(key, null)).toBeDefined();
    // Least recently used first: /c (never asked for), then /b.
    cache.set("/d", "", page("d"));
    expect(cache.lookup("/c", null)).toBeUndefined();
    cache.set("/e", "", page("e"));
    expect(cache.lookup("/b", null)).toBeUndefined();
    expect(cache.lookup("/a", null)).toBeDefined();
    // A page asked for, then another stored, then the first asked for again: the other is the older.
    const two = createPageCache({ ttlMs: 10_000, maxEntries: 2 });
    two.set("/x", "", page("x"));
    two.lookup("/x", null);
    two.set("/y", "", page("y"));
    two.lookup("/x", null);
    two.set("/z", "", page("z"));
    expect(two.lookup("/y", null)).toBeUndefined();
    expect(two.lookup("/x", null)).toBeDefined();
  });

  it("sweeps expired pages even when nobody asks for them again", () => {
    vi.useFakeTimers();
    const cache = createPageCache({ ttlMs: 1_000 });
    for (let i = 0; i < 50; i++) cache.set(`/p${i}`, "", page("x".repeat(100)));
    expect(cache.size).toBe(50);
    vi.advanceTimersByTime(2_000);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("storing a page again replaces it and counts its bytes once", () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    cache.set("/a", "", page("x".repeat(100)));
    cache.set("/a", "", page("y".repeat(300)));
    const alone = createPageCache({ ttlMs: 10_000 });
    alone.set("/a", "", page("y".repeat(300)));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(alone.bytes);
  });
});

describe("pageCacheKey", () => {
  const key = (address: string, origin: string | null = null) =>
    pageCacheKey(new URL(address, "http://localhost"), "light", origin);

  it("leaves out parameters no page reads, so any number of them is one page", () => {
    const keys = new Set(Array.from({ length: 2_000 }, (_, i) => key(`/articles?v=${i}&utm_source=x${i}`)));
    expect([...keys]).toEqual(["/articles|light"]);
  });

  it("keeps the parameters a page reads, in one order", () => {
    expect(key("/articles?page=2")).toBe("/articles?page=2|light");
    expect(key("/ar/articles/tag/node?utm=1&page=3")).toBe("/ar/articles/tag/node?page=3|light");
    expect(key("/contact?sent=1")).toBe("/contact?sent=1|light");
    expect(key("/articles?page=2", "https://a.example")).toBe("https://a.example/articles?page=2|light");
  });

  it("gives no key for a value the page refuses (it answers 404 and is not kept)", () => {
    for (const address of [
      "/articles?page=0",
      "/articles?page=abc",
      "/articles?page=9999999",
      "/contact?sent=2",
    ])
      expect(key(address), address).toBeNull();
  });
});
