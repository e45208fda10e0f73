import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { ADMIN } from "./admin-page.ts";
import { expect, test, text } from "./fixtures.ts";

// Public pages are the same HTML for every visitor of a language, with caching any CDN honours, and kept for
// PAGE_CACHE_SECONDS by the server itself (decision 008); what a visitor must never notice: the wrong language, an
// error page kept after the database is back, a query string that makes the server render again and again.

const directivesOf = (policy: string | undefined) =>
  Object.fromEntries(
    (policy ?? "")
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = "", ...sources]) => [name, sources]),
  );

test("a public page carries no nonce: the CSP names its scripts' hashes, and a browser runs it", async ({
  request,
  page,
  db,
}) => {
  await insertProject(db, { title: "Cached shop" });
  const first = await request.get("/projects");
  const second = await request.get("/projects", { headers: { Cookie: "theme=dark; language=ar" } });
  const html = await first.text();
  expect(html).toContain("Cached shop");
  expect(html).not.toMatch(/nonce="[^"]/);
  for (const response of [first, second]) {
    const policy = directivesOf(response.headers()["content-security-policy"]);
    expect(policy["script-src"]!.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source))).toBe(
      true,
    );
    // Every inline script the browser runs, by its hash (JSON-LD is data: it needs none).
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((match) => !match[1]!.includes("application/ld+json"))
      .map((match) => `'sha256-${createHash("sha256").update(match[2]!).digest("base64")}'`);
    expect(new Set(policy["script-src"]!.slice(1))).toEqual(new Set(inline));
    expect(response.headers()["x-sira-script-hashes"]).toBeUndefined();
  }
  // A browser runs it: the page hydrates (the theme switch works) with no CSP violation (the console guard).
  await page.goto("/projects");
  await page.goto("/projects");
  await page.getByRole("button", { name: text("en", "nav.toDark") }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test("a public page carries standard caching: s-maxage and stale-while-revalidate, an ETag and 304", async ({
  request,
}) => {
  for (const path of ["/", "/ar/about", "/articles"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["cache-control"], path).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    expect(headers["vary"], path).toBe("Accept-Encoding");
    expect(headers["etag"], path).toMatch(/^W\/"[\w-]+"$/);
    const again = await request.get(path, { headers: { "If-None-Match": headers["etag"]! } });
    expect(again.status(), path).toBe(304);
    expect(await again.body()).toHaveLength(0);
    expect(again.headers()["cache-control"]).toBe(headers["cache-control"]);
    // A browser puts a 304's headers on the page it kept: the page's own policy, or its scripts are refused.
    expect(again.headers()["content-security-policy"]).toBe(headers["content-security-policy"]);
  }
  // The admin page and the contact page, which carries a signed render time, are nobody's to keep.
  for (const path of [ADMIN, "/contact"])
    expect((await request.get(path)).headers()["cache-control"], path).toBe("no-store");
});

test("a page is reused for PAGE_CACHE_SECONDS, then rendered anew", async ({ request, startServer }) => {
  const server = await startServer({ PAGE_CACHE_SECONDS: "3" });
  await insertProject(server.database.db, { title: "First project" });
  // On PostgreSQL nothing is kept until the server hears the change feed (decision 019), which may connect a
  // moment after the server answers its health check on a busy machine: visit until the page is kept.
  await expect
    .poll(async () => {
      expect(await (await request.get(`${server.url}/projects`)).text()).toContain("First project");
      return server.pageCache.size;
    })
    .toBe(1);
  await insertProject(server.database.db, { title: "Second project" });
  expect(await (await request.get(`${server.url}/projects`)).text()).not.toContain("Second project");
  await new Promise((resolve) => setTimeout(resolve, 3_100));
  expect(await (await request.get(`${server.url}/projects`)).text()).toContain("Second project");
});

test("each address has its own copy: a language is never served for the other, whatever the cookies", async ({
  request,
}) => {
  const get = async (path: string, cookie = "") =>
    (await request.get(path, { headers: { Cookie: cookie } })).text();
  // Filled in the other order too, so a copy kept for one language cannot answer for the other.
  for (const order of [
    ["/about", "/ar/about"],
    ["/ar/projects", "/projects"],
  ] as const) {
    for (const path of order) await get(path);
  }
  expect(await get("/about")).toContain('<html lang="en" dir="ltr">');
  expect(await get("/about", "language=ar")).toContain('<html lang="en" dir="ltr">');
  // The theme is the browser's (decision 037): a theme cookie changes nothing in the page.
  const arabicDark = await get("/ar/about", "language=en; theme=dark");
  expect(arabicDark).toContain('<html lang="ar" dir="rtl">');
  expect(arabicDark).toContain(text("ar", "about.title"));
  expect(await get("/ar/about")).toContain('<html lang="ar" dir="rtl">');
  expect(await get("/projects")).toContain(text("en", "projects.title"));
  expect(await get("/ar/projects")).toContain(text("ar", "projects.title"));
});

test("a page rendered while the database failed is not kept", async ({ page, server, db }) => {
  const toast = page.getByRole("region", { name: text("en", "common.notifications") }).getByRole("listitem");
  await insertProject(db, { title: "Real project" });
  await server.database.db.execute(sql`alter table projects rename to projects_offline`);
  try {
    await page.goto("/projects");
    await expect(toast).toContainText(text("en", "errors.fetchProjects"));
  } finally {
    await server.database.db.execute(sql`alter table projects_offline rename to projects`);
  }
  await page.goto("/projects");
  await expect(page.getByRole("heading", { name: "Real project" })).toBeVisible();
  await expect(toast).toHaveCount(0);
});

test("with PAGE_CACHE_SECONDS=0 every request is rendered", async ({ request, startServer }) => {
  const server = await startServer({ PAGE_CACHE_SECONDS: "0" });
  await request.get(`${server.url}/`);
  await insertProject(server.database.db, { title: "Immediately visible" });
  expect(await (await request.get(`${server.url}/projects`)).text()).toContain("Immediately visible");
});

test("a query string a page does not read is redirected away; refused values share one kept 404", async ({
  request,
  server,
  db,
}) => {
  for (let i = 0; i < 300; i++) {
    const response = await request.get(`/articles?v=${i}&utm_source=${"x".repeat(i % 50)}`, {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/articles");
  }
  expect(server.pageCache.size).toBe(0);
  const redirects: [string, string][] = [
    ["/?page=x", "/"],
    ["/?page=2", "/"],
    ["/articles?page=1", "/articles"],
    ["/ar/contact?sent=2", "/ar/contact"],
  ];
  for (const [target, canonical] of redirects)
    expect((await request.get(target, { maxRedirects: 0 })).headers()["location"], target).toBe(canonical);
  // The parameters a page does read give it its own copy; refused values and pages past the last share the
  // list's kept 404. (The contact page is never kept: each copy carries its own signed render time, §25.)
  for (let i = 0; i < 11; i++) await insertArticle(db, { slug: `kept-${i}`, title_en: `Kept ${i}` });
  server.pageCache.clear();
  expect((await request.get("/articles")).status()).toBe(200);
  expect((await request.get("/articles?page=2")).status()).toBe(200);
  expect((await request.get("/contact?sent=1")).status()).toBe(200);
  for (const value of ["abc", "0", "99", "100", "999999"])
    expect((await request.get(`/articles?page=${value}`)).status(), value).toBe(404);
  expect(server.pageCache.size).toBe(3);
  // A page that does not exist is kept too.
  for (let i = 0; i < 3; i++) expect((await request.get("/no-such-page")).status()).toBe(404);
  expect(server.pageCache.size).toBe(4);
});

test("a hashed asset carries its type, length, encoding and caching, and no document headers", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const script = /"(\/assets\/[^"\s]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  for (const encoding of [undefined, "gzip, deflate, br, zstd"]) {
    const sent = await request.get(script!, { headers: encoding ? { "Accept-Encoding": encoding } : {} });
    expect(sent.status()).toBe(200);
    const headers = sent.headers();
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(headers["vary"]).toBe("Accept-Encoding");
    for (const name of [
      "content-security-policy",
      "x-frame-options",
      "permissions-policy",
      "reporting-endpoints",
    ])
      expect(headers[name], name).toBeUndefined();
  }
  // Answered before the app: no request id, whatever the caller sends.
  const traced = await request.get(script!, { headers: { "X-Request-Id": "lb-7f3a=9" } });
  expect(traced.headers()["x-request-id"]).toBeUndefined();
});
