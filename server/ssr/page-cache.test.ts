import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageCache } from "./page-cache.ts";

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
