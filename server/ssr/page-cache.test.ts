import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageCache, pageCacheKey } from "./page-cache.ts";

const page = (body: string) => ({ status: 200, contentType: "text/html; charset=utf-8", body });

describe("the page cache", () => {
  afterEach(() => vi.useRealTimers());

  it("answers a stored page with the new request's nonce everywhere the old one was", async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    cache.set("/|en|light", "OLDNONCE", page('<script nonce="OLDNONCE"></script>{"nonce":"OLDNONCE"}'));
    const hit = cache.get("/|en|light", "NEWNONCE");
    expect(hit?.status).toBe(200);
    expect(hit?.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await hit?.text()).toBe('<script nonce="NEWNONCE"></script>{"nonce":"NEWNONCE"}');
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
    const cache = createPageCache({ ttlMs: 10_000, maxBytes: 3 * 2_000 });
    const body = (char: string) => char.repeat(1_000); // 2,000 bytes as a string
    cache.set("/a", "", page(body("a")));
    cache.set("/b", "", page(body("b")));
    cache.set("/c", "", page(body("c")));
    expect(cache.bytes).toBe(6_000);
    cache.get("/a", ""); // used: /b is now the oldest
    cache.set("/d", "", page(body("d")));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(6_000);
    expect(cache.get("/b", "")).toBeUndefined();
    expect(cache.get("/a", "")).toBeDefined();
    // A page bigger than the whole cache is not kept, and evicts nothing.
    cache.set("/huge", "", page("x".repeat(5_000)));
    expect(cache.get("/huge", "")).toBeUndefined();
    expect(cache.size).toBe(3);
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
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(600);
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
