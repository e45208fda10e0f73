import http from "node:http";
import { sql } from "drizzle-orm";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { expect, test, text } from "./fixtures.ts";

// Rendered pages are reused for PAGE_CACHE_SECONDS (decision 008); what a visitor must never notice: another
// visitor's nonce, the wrong language, an error page kept after the database is back.

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];

test("a page served again carries no nonce, and the CSP names its scripts' hashes instead", async ({
  request,
  page,
  db,
}) => {
  await insertProject(db, { title: "Cached shop" });
  const first = await request.get("/projects");
  const second = await request.get("/projects");
  const [a, b] = [await first.text(), await second.text()];
  expect(a).toContain("Cached shop");
  const nonceA = nonceOf(a);
  expect(nonceA).toBeTruthy();
  expect(first.headers()["content-security-policy"]).toContain(`'nonce-${nonceA}'`);
  // The stored copy: the same page with the nonce's value gone, and no nonce in its policy.
  expect(b).toBe(a.replaceAll(nonceA!, ""));
  const policy = second.headers()["content-security-policy"]!;
  expect(policy).not.toContain("'nonce-");
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(second.headers()["x-sira-script-hashes"]).toBeUndefined();
  // A browser runs it: the page hydrates (the theme switch works) with no CSP violation (the console guard).
  await page.goto("/projects");
  await page.goto("/projects");
  await page.getByRole("button", { name: text("en", "nav.toDark") }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
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

test("any number of query strings keeps one copy per page, and pages keep what they read", async ({
  request,
  server,
  db,
}) => {
  for (let i = 0; i < 300; i++) {
    const response = await request.get(`/articles?v=${i}&utm_source=${"x".repeat(i % 50)}`);
    expect(response.status()).toBe(200);
  }
  expect(server.pageCache.size).toBe(1);
  // The parameters a page does read still give it its own copy; refused values are not kept at all. (The contact
  // page is never kept: each copy carries its own signed render time, docs/product.md §25.)
  for (let i = 0; i < 11; i++) await insertArticle(db, { slug: `kept-${i}`, title_en: `Kept ${i}` });
  server.pageCache.clear();
  expect((await request.get("/articles")).status()).toBe(200);
  expect((await request.get("/articles?page=2")).status()).toBe(200);
  expect((await request.get("/contact?sent=1")).status()).toBe(200);
  expect((await request.get("/articles?page=abc")).status()).toBe(404);
  expect((await request.get("/articles?page=99")).status()).toBe(404);
  expect(server.pageCache.size).toBe(2);
});

/** A GET with exactly these headers (no Accept-Encoding unless given), its body as the bytes sent. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

test("a stored page is sent the same before the app (decision 028) as by the app itself", async ({
  server,
}) => {
  // A plain address is answered by the fast path; with a query the page does not read it goes through the app,
  // which finds the same stored copy.
  for (const path of ["/", "/about", "/ar/projects"])
    for (const headers of [
      {},
      { "Accept-Encoding": "gzip, deflate, br, zstd" },
      { Cookie: "theme=dark" },
    ] as Record<string, string>[]) {
      await rawGet(`${server.url}${path}`, headers);
      const fast = await rawGet(`${server.url}${path}`, headers);
      const app = await rawGet(`${server.url}${path}?utm_source=e2e`, headers);
      const without = ({ date: _date, "x-request-id": id, ...rest }: Record<string, unknown>) => {
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        return rest;
      };
      expect(fast.status).toBe(200);
      expect(without(fast.headers)).toEqual(without(app.headers));
      expect(fast.body.equals(app.body), `${path} ${JSON.stringify(headers)}`).toBe(true);
      expect(fast.headers["content-security-policy"]).toMatch(
        /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/,
      );
    }
});

test("a hashed asset carries only its type, length, encoding and caching (decision 035)", async ({
  server,
}) => {
  const html = (await rawGet(`${server.url}/`, {})).body.toString("utf8");
  const script = /"(\/assets\/[^"\s]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  for (const headers of [{}, { "Accept-Encoding": "gzip, deflate, br, zstd" }] as Record<string, string>[]) {
    // Before the app (a plain address) and through it (a query string): the same headers.
    for (const target of [script!, `${script!}?v=1`]) {
      const sent = await rawGet(`${server.url}${target}`, headers);
      expect(sent.status).toBe(200);
      const names = Object.keys(sent.headers).filter(
        (name) => !["date", "connection", "keep-alive"].includes(name),
      );
      expect(names.sort(), `${target} ${JSON.stringify(headers)}`).toEqual(
        [
          "cache-control",
          "content-length",
          "content-type",
          "vary",
          ...("Accept-Encoding" in headers ? ["content-encoding"] : []),
        ].sort(),
      );
      expect(sent.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  }
  // The caller's own id is still echoed.
  const traced = await rawGet(`${server.url}${script!}`, { "X-Request-Id": "lb-7f3a=9" });
  expect(traced.headers["x-request-id"]).toBe("lb-7f3a=9");
});
