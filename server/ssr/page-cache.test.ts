import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageCache, pageAddress, pickEncoding } from "./page-cache.ts";

// The page cache (decision 008): what a shared cache may keep, kept once and compressed, bounded whatever visitors
// send, and one render at a time per page.

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";

/** An app whose pages answer `body(path)` with `headers`, behind the cache; counts the renders. */
function site(
  cache: ReturnType<typeof createPageCache>,
  options: { headers?: Record<string, string>; status?: number; body?: (path: string) => string } = {},
) {
  const rendered: string[] = [];
  const app = new Hono();
  app.use(cache.middleware({ key: (c) => c.req.path }));
  app.get("*", async (c) => {
    rendered.push(c.req.path);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const body = options.body?.(c.req.path) ?? `<main>${`${c.req.path} سلام `.repeat(400)}</main>`;
    return new Response(body, {
      status: options.status ?? 200,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": PUBLIC, ...options.headers },
    });
  });
  return { app, rendered };
}

describe("the page cache", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps a page a shared cache may keep, with its own headers, and answers it without rendering", async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const { app, rendered } = site(cache, {
      headers: { "Content-Security-Policy": "script-src 'self' 'sha256-x'", ETag: 'W/"a"' },
    });
    const first = await app.request("/about");
    const html = await first.text();
    const second = await app.request("/about");
    expect(await second.text()).toBe(html);
    expect(rendered).toEqual(["/about"]);
    for (const response of [first, second]) {
      expect(response.headers.get("Content-Security-Policy")).toBe("script-src 'self' 'sha256-x'");
      expect(response.headers.get("ETag")).toBe('W/"a"');
      expect(response.headers.get("Cache-Control")).toBe(PUBLIC);
    }
    expect(second.headers.get("Vary")).toBe("Accept-Encoding");
    expect(cache.size).toBe(1);
  });

  it("gives a page it keeps one validator, made when it is kept: the same on every answer, in every encoding", async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const { app } = site(cache);
    const answers = [
      await app.request("/about"),
      await app.request("/about"),
      await app.request("/about", { headers: { "Accept-Encoding": "br" } }),
    ];
    const etag = answers[0]!.headers.get("ETag");
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    for (const answer of answers) expect(answer.headers.get("ETag")).toBe(etag);
    expect((await app.request("/contact")).headers.get("ETag")).not.toBe(etag);
  });

  it("answers brotli, then gzip, then plain, as the request accepts, from bytes compressed once", async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const { app } = site(cache);
    const html = await (await app.request("/")).text();
    const br = await app.request("/", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    const gzip = await app.request("/", { headers: { "Accept-Encoding": "gzip, br;q=0" } });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
    const plain = await app.request("/");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
    const head = await app.request("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it.each([
    ["no-store", { "Cache-Control": "no-store" }, 200],
    ["private", { "Cache-Control": "private, max-age=60" }, 200],
    ["without s-maxage", { "Cache-Control": "public, max-age=300" }, 200],
    ["with a cookie", { "Set-Cookie": "a=b" }, 200],
    ["an error", {}, 500],
    ["a redirect", { Location: "/" }, 302],
  ])("keeps nothing a shared cache may not keep: %s", async (_name, headers, status) => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const { app, rendered } = site(cache, { headers, status });
    await app.request("/a");
    await app.request("/a");
    expect(rendered).toEqual(["/a", "/a"]);
    expect(cache.size).toBe(0);
  });

  it("keeps a 404 like a page", async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const { app, rendered } = site(cache, { status: 404 });
    expect((await app.request("/missing")).status).toBe(404);
    expect((await app.request("/missing")).status).toBe(404);
    expect(rendered).toEqual(["/missing"]);
  });

  it("renders a page once while many ask for it at the same time", async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const { app, rendered } = site(cache);
    const answers = await Promise.all(Array.from({ length: 20 }, async () => app.request("/busy")));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(rendered).toEqual(["/busy"]);
  });

  it("forgets a page after its s-maxage or the TTL, whichever is sooner, and everything on clear()", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval"] });
    const cache = createPageCache({ ttlMs: 30_000 });
    const short = site(cache, { headers: { "Cache-Control": "public, max-age=0, s-maxage=5" } });
    await short.app.request("/a");
    vi.advanceTimersByTime(4_999);
    await short.app.request("/a");
    expect(short.rendered).toEqual(["/a"]);
    vi.advanceTimersByTime(1);
    await short.app.request("/a");
    expect(short.rendered).toEqual(["/a", "/a"]);
    const long = site(cache);
    await long.app.request("/b");
    vi.advanceTimersByTime(30_000);
    await long.app.request("/b");
    expect(long.rendered).toEqual(["/b", "/b"]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("keeps nothing and serves nothing while paused (the change feed is down), nor with a TTL of 0", async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const { app, rendered } = site(cache);
    await app.request("/a");
    cache.pause(true);
    await app.request("/a");
    expect(cache.size).toBe(0);
    cache.pause(false);
    await app.request("/a");
    await app.request("/a");
    expect(rendered).toEqual(["/a", "/a", "/a"]);
    const off = site(createPageCache({ ttlMs: 0 }));
    await off.app.request("/a");
    await off.app.request("/a");
    expect(off.rendered).toEqual(["/a", "/a"]);
  });
});

describe("the page cache's bounds", () => {
  afterEach(() => vi.useRealTimers());

  // Pages that do not compress (scrambled text), so each one's size is about three times its length.
  const scrambled = (path: string) =>
    Array.from({ length: 2_000 }, (_, i) =>
      String.fromCharCode(33 + ((i * 7919 + path.charCodeAt(1) * 104729) % 90)),
    ).join("");

  it("keeps at most maxBytes of pages, dropping the least recently used", async () => {
    const probe = createPageCache({ ttlMs: 10_000 });
    await site(probe, { body: scrambled }).app.request("/x");
    const one = probe.bytes;
    const cache = createPageCache({ ttlMs: 10_000, maxBytes: Math.floor(one * 3.5) });
    const { app, rendered } = site(cache, {
      body: (path) => (path === "/huge" ? scrambled(path).repeat(5) : scrambled(path)),
    });
    for (const path of ["/a", "/b", "/c"]) await app.request(path);
    expect(cache.size).toBe(3);
    await app.request("/a"); // used: /b is now the oldest
    await app.request("/d");
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(Math.floor(one * 3.5));
    rendered.length = 0;
    await app.request("/a");
    await app.request("/b");
    expect(rendered).toEqual(["/b"]);
    // A page bigger than the whole cache is not kept, and evicts nothing.
    const before = cache.size;
    await app.request("/huge");
    await app.request("/huge");
    expect(rendered.filter((path) => path === "/huge")).toHaveLength(2);
    expect(cache.size).toBe(before);
  });

  it("keeps at most maxEntries pages, least recently used first", async () => {
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 3 });
    const { app, rendered } = site(cache);
    for (const path of ["/a", "/b", "/c", "/a", "/a", "/b", "/b", "/a"]) await app.request(path);
    // Least recently used first: /c (never asked for again), then /b.
    await app.request("/d");
    await app.request("/e");
    rendered.length = 0;
    for (const path of ["/a", "/d", "/e", "/c", "/b"]) await app.request(path);
    expect(rendered).toEqual(["/c", "/b"]);
  });

  it("keeps a page rendered again after it expired once, its bytes counted once", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval"] });
    const cache = createPageCache({ ttlMs: 1_000 });
    const { app, rendered } = site(cache);
    await app.request("/a");
    const once = cache.bytes;
    vi.setSystemTime(Date.now() + 1_000);
    await app.request("/a");
    expect(rendered).toEqual(["/a", "/a"]);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(once);
  });

  it("sweeps expired pages even when nobody asks for them again", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval"] });
    const cache = createPageCache({ ttlMs: 1_000 });
    const { app } = site(cache);
    for (let i = 0; i < 50; i++) await app.request(`/p${i}`);
    expect(cache.size).toBe(50);
    vi.advanceTimersByTime(2_000);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});

describe("pickEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0", null],
    ["identity", null],
    ["BR", "br"],
  ] as const)("%s → %s", (header, encoding) => {
    expect(pickEncoding(header)).toBe(encoding);
  });
});

describe("pageAddress", () => {
  const address = (target: string, prefix = "") => pageAddress(new URL(target, "http://localhost"), prefix);

  it("keeps the address of a page asked for as its links name it", () => {
    for (const target of ["/", "/about", "/ar/projects", "/articles", "/articles/x", "/contact?sent=1"])
      expect(address(target), target).toEqual({ key: target });
    expect(address("/ar/articles/tag/node?page=3")).toEqual({
      key: "/ar/articles/tag/node?page=3",
      listPage: { number: 3, notFoundKey: "/ar/articles/tag/node?✗" },
    });
    expect(address("/articles?page=2", "https://a.example").key).toBe("https://a.example/articles?page=2");
  });

  it("sends anything else to the canonical address: the parameters a page reads, each once, as written", () => {
    const redirects: [string, string][] = [
      ["/?page=x", "/"],
      ["/?page=2", "/"],
      ["/about?utm_source=x&fbclid=1", "/about"],
      ["/articles?page=1", "/articles"],
      ["/articles?page=2&page=3", "/articles?page=2"],
      ["/articles?utm=1&page=3", "/articles?page=3"],
      ["/articles?pag%65=2", "/articles?page=2"],
      ["/articles?page=2&", "/articles?page=2"],
      ["/contact?sent=2", "/contact"],
      ["/contact?sent=1&sent=1", "/contact?sent=1"],
    ];
    for (const [target, canonical] of redirects) expect(address(target).redirect, target).toBe(canonical);
  });

  it("gives every value a list refuses one key: the list's 404", () => {
    const keys = new Set(
      ["abc", "0", "-1", "1.5", "9999999", "02"].map((value) => address(`/articles?page=${value}`).key),
    );
    expect([...keys]).toEqual(["/articles?✗"]);
    expect(address("/articles?page=abc").redirect).toBeUndefined();
  });

  it("keeps a projects category and page in one order, and gives every refused value the list's 404", () => {
    expect(address("/projects?category=Vue.js&page=2")).toEqual({
      key: "/projects?category=Vue.js&page=2",
      listPage: { number: 2, category: "Vue.js", notFoundKey: "/projects?✗" },
    });
    expect(address("/ar/projects?category=%D9%88%D9%8A%D8%A8")).toEqual({
      key: "/ar/projects?category=%D9%88%D9%8A%D8%A8",
      listPage: { number: 1, category: "ويب", notFoundKey: "/ar/projects?✗" },
    });
    expect(address("/projects?page=3").listPage).toEqual({ number: 3, notFoundKey: "/projects?✗" });
    const redirects: [string, string][] = [
      ["/projects?page=2&category=React", "/projects?category=React&page=2"],
      ["/projects?category=React%20Native", "/projects?category=React+Native"],
      ["/projects?category=React&category=Vue.js&page=1", "/projects?category=React"],
      ["/projects?utm=1", "/projects"],
    ];
    for (const [target, canonical] of redirects) expect(address(target).redirect, target).toBe(canonical);
    const keys = new Set(
      ["", " Web", "Web ", "x".repeat(61), "a\u0000b", "React"].map(
        (value) => address(`/projects?${new URLSearchParams({ category: value, page: "2" })}`).key,
      ),
    );
    expect([...keys]).toEqual(["/projects?✗", "/projects?category=React&page=2"]);
  });

  it("has one key per page, however many query strings are asked", () => {
    const keys = new Set(
      Array.from({ length: 2_000 }, (_, i) => {
        const asked = address(`/articles?v=${i}&utm_source=x${i}`);
        return asked.redirect ? address(asked.redirect).key : asked.key;
      }),
    );
    expect([...keys]).toEqual(["/articles"]);
  });
});
