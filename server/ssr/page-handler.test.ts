import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { makeApp } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { standInPages } from "#tests/helpers/pages.ts";
import { createPageCache } from "./page-cache.ts";

// Pages through the app (decision 008): one canonical address per page, standard caching any CDN honours, the same
// HTML for every visitor, and no query string that makes the server render a page more than once a period.

describe.each(backends)("pages on $name", (backend) => {
  const database = useTestDatabase(backend);

  function site(env: Record<string, string> = {}, lastPage = 1) {
    const pages = standInPages(undefined, lastPage);
    const pageCache = createPageCache({ ttlMs: 60_000 });
    const made = makeApp(database(), { ADMIN_PATH: "/admin-test", ...env }, { pageCache, ssr: pages.ssr });
    return { ...made, pageCache, rendered: pages.rendered };
  }

  it("renders a page at most once a period, whatever the query string (docs/product.md §18.9)", async () => {
    // Two pages of articles.
    for (let i = 0; i < 15; i++) await insertArticle(database().db, { slug: `a-${i}` });
    const { app, rendered } = site({}, 2);
    const asked = [
      ...Array.from({ length: 30 }, (_, i) => `/?page=${i}`),
      ...Array.from({ length: 30 }, (_, i) => `/?page=x${i}`),
      ...Array.from({ length: 30 }, (_, i) => `/about?utm_source=${i}&fbclid=${i * 7}`),
      ...Array.from({ length: 30 }, (_, i) => `/articles?page=${["abc", "0", "-1", "1.5", "02"][i % 5]}${i}`),
      ...Array.from({ length: 30 }, (_, i) => `/articles?page=${3 + i}`),
      ...Array.from({ length: 30 }, (_, i) => `/articles?page=2&v=${i}`),
      ...Array.from({ length: 30 }, () => "/no-such-page"),
    ];
    for (const target of asked) {
      const response = await app.request(target);
      const status = response.status;
      if (status === 301) {
        const followed = await app.request(response.headers.get("Location")!);
        expect([200, 404], target).toContain(followed.status);
      } else expect([200, 404], target).toContain(status);
    }
    // Each page once: /, /about, the list's page 2, its one 404 (refused values and pages past the last), the
    // page that does not exist.
    expect(rendered.toSorted()).toEqual([
      "/",
      "/about",
      "/articles?page=2",
      "/articles?page=abc0",
      "/no-such-page",
    ]);
  });

  it("renders a projects category's page at most once a period, and one 404 for every other (§2.5)", async () => {
    // Two pages of projects in all: 13 filed under Web, one under Mobile (جوال in Arabic).
    for (let i = 0; i < 13; i++) await insertProject(database().db, { title: `W${i}`, category: "Web" });
    await insertProject(database().db, { title: "App", category: "Mobile", category_ar: "جوال" });
    const { app, rendered } = site({}, 2);
    const arabic = `/ar/projects?${new URLSearchParams({ category: "جوال" })}`;
    const asked = [
      ...Array.from({ length: 10 }, () => "/projects?category=Web"),
      ...Array.from({ length: 10 }, () => "/projects?category=Web&page=2"),
      ...Array.from({ length: 10 }, (_, i) => `/projects?page=2&category=Mobile&v=${i}`),
      ...Array.from({ length: 30 }, (_, i) => `/projects?category=Nope${i}`),
      ...Array.from({ length: 30 }, (_, i) => `/projects?category=Web&page=${3 + i}`),
      ...Array.from({ length: 30 }, (_, i) => `/projects?page=${3 + i}`),
      ...Array.from({ length: 10 }, (_, i) => `/projects?category=%20Web${i}`),
      ...Array.from({ length: 10 }, () => arabic),
      "/ar/projects?category=Mobile",
      "/projects?category=جوال",
    ];
    for (const target of asked) {
      const response = await app.request(target);
      const followed =
        response.status === 301 ? await app.request(response.headers.get("Location")!) : response;
      expect([200, 404], target).toContain(followed.status);
    }
    // Each page once: the Arabic category's page, each language's one 404 (first asked as an English category on
    // the Arabic page, and as Mobile's page 2, past its last), Web's two pages.
    expect(rendered.toSorted()).toEqual([
      arabic,
      "/ar/projects?category=Mobile",
      "/projects?category=Mobile&page=2",
      "/projects?category=Web",
      "/projects?category=Web&page=2",
    ]);
  });

  it("renders a list's page when its count cannot be read: its loader shows the failure (§8.1)", async () => {
    const { app, rendered } = site({}, 2);
    const { db } = database();
    await db.execute(sql`alter table projects rename to projects_offline`);
    try {
      for (const target of ["/projects?category=Web", "/projects?page=2"])
        expect((await app.request(target)).status, target).toBe(200);
    } finally {
      await db.execute(sql`alter table projects_offline rename to projects`);
    }
    expect(rendered).toEqual(["/projects?category=Web", "/projects?page=2"]);
  });

  it("sends a query a page does not read to the page's canonical address", async () => {
    const { app, rendered } = site();
    const redirects: [string, string][] = [
      ["/?page=2", "/"],
      ["/about?utm_source=x", "/about"],
      ["/articles?page=1", "/articles"],
      ["/ar/contact?sent=2", "/ar/contact"],
    ];
    for (const [target, canonical] of redirects) {
      const response = await app.request(target);
      expect(response.status, target).toBe(301);
      expect(response.headers.get("Location"), target).toBe(canonical);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=10");
    }
    expect(rendered).toEqual([]);
  });

  it("gives every visitor of a language the same page, with standard caching and its scripts' hashes", async () => {
    const { app } = site({ SITE_URL: "https://mona.dev" });
    const visitors: Record<string, string>[] = [
      {},
      { Cookie: "theme=dark; language=ar" },
      { Cookie: "sira_session=x" },
    ];
    const answers = [];
    for (const headers of visitors) answers.push(await app.request("/about", { headers }));
    const [html, ...others] = await Promise.all(answers.map((answer) => answer.text()));
    for (const other of others) expect(other).toBe(html);
    const scripts = [...html!.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`,
    );
    expect(scripts).toHaveLength(2);
    for (const answer of answers) {
      const policy = answer.headers.get("Content-Security-Policy")!;
      expect(policy).toContain(`script-src 'self' ${scripts.join(" ")};`);
      expect(policy).not.toContain("'nonce-");
      expect(answer.headers.get("Cache-Control")).toBe(
        "public, max-age=0, s-maxage=10, stale-while-revalidate=60",
      );
      expect(answer.headers.get("ETag")).toMatch(/^W\/"[\w-]+"$/);
      expect(answer.headers.get("Vary") ?? "").not.toMatch(/cookie/i);
      expect(answer.headers.get("Strict-Transport-Security")).toBeTruthy();
    }
    expect(new Set(answers.map((answer) => answer.headers.get("ETag"))).size).toBe(1);
  });

  it("answers 304 to a browser or CDN that has the page, kept or not", async () => {
    for (const env of [{}, { PAGE_CACHE_SECONDS: "0" }] as Record<string, string>[]) {
      const { app, rendered } = site(env);
      const first = await app.request("/about");
      const etag = first.headers.get("ETag")!;
      const again = await app.request("/about", { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("ETag")).toBe(etag);
      expect(again.headers.get("Cache-Control")).toBe(first.headers.get("Cache-Control"));
      // A browser puts a 304's headers on the page it kept: the page's own policy, or its scripts are refused.
      expect(again.headers.get("Content-Security-Policy")).toBe(first.headers.get("Content-Security-Policy"));
      const changed = await app.request("/about", { headers: { "If-None-Match": 'W/"other"' } });
      expect(changed.status).toBe(200);
      expect(rendered.length).toBe(env.PAGE_CACHE_SECONDS === "0" ? 3 : 1);
    }
  });

  it("answers HEAD with the headers of GET", async () => {
    const { app } = site();
    const get = await app.request("/about");
    const head = await app.request("/about", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const name of ["Content-Security-Policy", "Cache-Control", "ETag", "Content-Type"])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
  });

  it("gives the admin page a nonce of its own, and no cache may keep it", async () => {
    const { app, rendered, pageCache } = site();
    const answers = [await app.request("/admin-test"), await app.request("/admin-test")];
    const nonces = [];
    for (const answer of answers) {
      const html = await answer.text();
      const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(answer.headers.get("Content-Security-Policy")).toContain(`script-src 'self' 'nonce-${nonce}';`);
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
      expect(answer.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
      expect(answer.headers.get("ETag")).toBeNull();
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(rendered).toEqual(["/admin-test", "/admin-test"]);
    expect(pageCache.size).toBe(0);
  });

  it("is kept until the next scheduled article goes public, if that is sooner (docs/product.md §18)", async () => {
    const { app, rendered, pageCache } = site();
    await insertArticle(database().db, { slug: "soon", date: new Date(Date.now() + 5 * 60_000) });
    const answer = await app.request("/articles");
    const seconds = Number(/s-maxage=(\d+)/.exec(answer.headers.get("Cache-Control")!)?.[1]);
    expect(seconds).toBe(10);
    await insertArticle(database().db, { slug: "sooner", date: new Date(Date.now() + 4_000) });
    pageCache.clear();
    const sooner = await app.request("/about");
    expect(Number(/s-maxage=(\d+)/.exec(sooner.headers.get("Cache-Control")!)?.[1])).toBeLessThanOrEqual(4);
    await insertArticle(database().db, { slug: "now", date: new Date(Date.now() + 300) });
    pageCache.clear();
    const due = await app.request("/projects");
    expect(due.headers.get("Cache-Control")).toBe("public, no-cache");
    await app.request("/projects");
    expect(rendered.filter((target) => target === "/projects")).toHaveLength(2);
  });
});
