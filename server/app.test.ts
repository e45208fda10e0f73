import { apiErrorText } from "#core/api-errors.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { makeApp } from "#tests/helpers/app.ts";
import { getTableColumns } from "drizzle-orm";
import { ARTICLE_LIST_COLUMNS } from "#db/records.ts";
import { projects } from "#db/schema.ts";

// Typed as unknown: Vitest's asymmetric matchers are `any`, which lint rightly refuses to spread around.
const aUuid: unknown = expect.stringMatching(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
);
const aString: unknown = expect.any(String);

// The API hands out every column of a project, and the list columns of an article (db/records.ts).
const PROJECT_FIELDS = Object.keys(getTableColumns(projects)).sort();
const ARTICLE_LIST_FIELDS = [...ARTICLE_LIST_COLUMNS].sort();

it("runs on Node 24, which the project pins (decision 003)", () => {
  expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
});

describe.each(backends)("the API on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("GET /api/projects", () => {
    it("lists every project, newest created_at first, with the product's fields (docs/product.md §3.1)", async () => {
      const { db } = database();
      await insertProject(db, { title: "Middle", created_at: new Date("2026-02-01T00:00:00Z") });
      await insertProject(db, {
        title: "Newest",
        description: "A shop",
        category: "Vue.js",
        tags: ["Vue.js", "Pinia"],
        image_url: "/storage/portfolio_images/projects/1_shop.png",
        github_link: "https://github.com/mona/shop",
        live_link: "https://shop.example.com",
        created_at: new Date("2026-03-01T10:30:00Z"),
      });
      await insertProject(db, { title: "Oldest", created_at: new Date("2025-12-31T23:59:59Z") });

      const response = await makeApp(database()).app.request("/api/projects");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const { items: body } = (await response.json()) as { items: Record<string, unknown>[] };
      expect(body.map((project) => project.title)).toEqual(["Newest", "Middle", "Oldest"]);
      expect(Object.keys(body[0]!).sort()).toEqual(PROJECT_FIELDS);
      expect(body[0]).toEqual({
        id: aUuid,
        title: "Newest",
        description: "A shop",
        category: "Vue.js",
        tags: ["Vue.js", "Pinia"],
        image_url: "/storage/portfolio_images/projects/1_shop.png",
        github_link: "https://github.com/mona/shop",
        live_link: "https://shop.example.com",
        created_at: "2026-03-01T10:30:00.000Z",
        title_ar: "",
        description_ar: "",
        category_ar: "",
        image_alt_en: "",
        image_alt_ar: "",
        featured: false,
        position: 0,
        slug_en: aString,
        slug_ar: "",
        text_changed_en: null,
        text_changed_ar: null,
        meta_title_en: "",
        meta_title_ar: "",
        meta_description_en: "",
        meta_description_ar: "",
        share_image_en: null,
        share_image_ar: null,
        // Its case study (docs/product.md §28): published, with nothing written yet.
        published: true,
        client_en: "",
        client_ar: "",
        role_en: "",
        role_ar: "",
        period_en: "",
        period_ar: "",
        problem_en: "",
        problem_ar: "",
        approach_en: "",
        approach_ar: "",
        outcome_en: "",
        outcome_ar: "",
        results_en: [],
        results_ar: [],
      });
    });

    it("gives an empty list when there are no projects", async () => {
      const response = await makeApp(database()).app.request("/api/projects");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ items: [], total: 0, page: 1, perPage: 25 });
    });
  });

  describe("GET /api/articles", () => {
    it("lists articles by date, newest first, with the list fields only", async () => {
      const { db } = database();
      // created_at runs the other way, so the order can only come from date.
      await insertArticle(db, {
        title_en: "Old",
        date: new Date("2025-05-01T00:00:00Z"),
        created_at: new Date("2026-06-01T00:00:00Z"),
      });
      await insertArticle(db, {
        title_en: "New",
        title_ar: "جديد",
        excerpt_en: "The new one",
        excerpt_ar: "الجديد",
        content_en: "Long body",
        image_url: "/storage/portfolio_images/articles/1_new.webp",
        slug: "new",
        date: new Date("2026-05-01T08:00:00Z"),
        created_at: new Date("2025-06-01T00:00:00Z"),
      });
      await insertArticle(db, {
        title_en: "Middle",
        date: new Date("2025-11-01T00:00:00Z"),
        created_at: new Date("2026-01-01T00:00:00Z"),
      });

      const response = await makeApp(database()).app.request("/api/articles");
      expect(response.status).toBe(200);
      const { items: body } = (await response.json()) as { items: Record<string, unknown>[] };
      expect(body.map((article) => article.title_en)).toEqual(["New", "Middle", "Old"]);
      for (const article of body) expect(Object.keys(article).sort()).toEqual(ARTICLE_LIST_FIELDS);
      expect(body[0]).toEqual({
        id: aUuid,
        slug: "new",
        title_en: "New",
        title_ar: "جديد",
        excerpt_en: "The new one",
        excerpt_ar: "الجديد",
        image_url: "/storage/portfolio_images/articles/1_new.webp",
        date: "2026-05-01T08:00:00.000Z",
        created_at: "2025-06-01T00:00:00.000Z",
        updated_at: aString,
        reading_minutes_en: 0,
        reading_minutes_ar: 0,
        tags: [],
        slug_ar: "",
      });
    });

    it("gives an empty list when there are no articles", async () => {
      const response = await makeApp(database()).app.request("/api/articles");
      expect(await response.json()).toEqual({ items: [], total: 0, page: 1, perPage: 25 });
    });
  });

  describe("GET /api/articles/:slug", () => {
    it("gives the whole article, Arabic text intact", async () => {
      const saved = await insertArticle(database().db, {
        slug: "hello-world",
        title: "Hello world",
        title_en: "Hello world",
        title_ar: "مرحبا بالعالم",
        content_en: "First\n\nSecond",
        content_ar: "الأول\n\nالثاني",
        excerpt_en: "First",
        excerpt_ar: "الأول",
        date: new Date("2026-11-22T10:05:00Z"),
      });
      await insertArticle(database().db, { slug: "another" });

      const response = await makeApp(database()).app.request("/api/articles/hello-world");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        id: saved.id,
        slug: "hello-world",
        title: "Hello world",
        title_en: "Hello world",
        title_ar: "مرحبا بالعالم",
        content_en: "First\n\nSecond",
        content_ar: "الأول\n\nالثاني",
        excerpt_en: "First",
        excerpt_ar: "الأول",
        image_url: null,
        date: "2026-11-22T10:05:00.000Z",
        created_at: saved.created_at.toISOString(),
        updated_at: saved.updated_at.toISOString(),
        image_alt_en: "",
        image_alt_ar: "",
        published: true,
        reading_minutes_en: 0,
        reading_minutes_ar: 0,
        tags: [],
        slug_ar: "",
        meta_title_en: "",
        meta_title_ar: "",
        meta_description_en: "",
        meta_description_ar: "",
        share_image_en: null,
        share_image_ar: null,
      });
    });

    it.each(["no-such-article", "hello-world-1", "HELLO-WORLD", "%27%20or%201%3D1--", "x".repeat(5000)])(
      "answers 404 with a JSON error for the unknown slug %s",
      async (slug) => {
        await insertArticle(database().db, { slug: "hello-world" });
        const response = await makeApp(database()).app.request(`/api/articles/${slug}`);
        expect(response.status).toBe(404);
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ error: aString });
      },
    );

    it("answers 400 with a JSON error for a slug holding a NUL (docs/product.md §20)", async () => {
      const response = await makeApp(database()).app.request("/api/articles/a%00b");
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: apiErrorText("en", "invalidAddress") });
    });
  });

  it.each([
    ["GET", "/api/nothing-here"],
    ["GET", "/api/projects/1/extra"],
    ["GET", "/api/articles/a/b"],
    ["DELETE", "/api/whatever"],
  ])("answers %s %s with a JSON 404", async (method, url) => {
    const response = await makeApp(database()).app.request(url, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  it("answers an unknown page outside the API with a plain 404", async () => {
    const response = await makeApp(database()).app.request("/no-such-page");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  describe("GET /readyz", () => {
    it("is ready when the database and the image storage answer", async () => {
      const response = await makeApp(database()).app.request("/readyz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok", database: "ok", storage: "ok" });
    });

    it("is not ready when images cannot be stored, and logs why", async () => {
      const { app, dataDir, logger } = makeApp(database());
      // A file where the image folder should be: nothing can be stored under it.
      mkdirSync(path.join(dataDir, "storage"), { recursive: true });
      writeFileSync(path.join(dataDir, "storage", "portfolio_images"), "not a folder");
      const response = await app.request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: "unavailable",
        database: "ok",
        storage: "unavailable",
      });
      expect(logger.lines.join("\n")).toMatch(/not ready .*"part":"storage"/);
      // Liveness is the database's alone.
      expect((await app.request("/healthz")).status).toBe(200);
    });
  });

  describe("when the database is gone", () => {
    let app: ReturnType<typeof makeApp>["app"];
    let logger: ReturnType<typeof makeApp>["logger"];
    let healthBefore: Response;

    beforeAll(async () => {
      const own = await backend.open();
      ({ app, logger } = makeApp(own));
      healthBefore = await app.request("/healthz");
      await own.close();
    });

    it("is not ready once the database is closed, and says which part is missing", async () => {
      const response = await app.request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: "unavailable",
        database: "unavailable",
        storage: "ok",
      });
      expect(logger.lines.join("\n")).toMatch(/not ready .*"part":"database"/);
    });

    it("reports health 200 while the database answers and 503 once it is closed", async () => {
      expect(healthBefore.status).toBe(200);
      expect(await healthBefore.json()).toEqual({ status: "ok" });
      const unhealthy = await app.request("/healthz");
      expect(unhealthy.status).toBe(503);
      expect(await unhealthy.json()).toEqual({ status: "unavailable" });
    });

    it.each(["/api/projects", "/api/articles", "/api/articles/some-slug"])(
      "answers %s with a JSON 500 that reveals nothing, and logs the cause",
      async (url) => {
        const response = await app.request(url);
        expect(response.status).toBe(500);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ error: "Internal server error" });
        expect(text).not.toMatch(/\bat\s|\.ts:|node_modules|closed|pool/i);
        expect(logger.lines).toContainEqual(
          expect.stringMatching(new RegExp(`^error request failed .*"path":"${url}"`)),
        );
      },
    );
  });

  describe("response headers", () => {
    it.each(["/api/projects", "/api/nothing-here", "/healthz", "/no-such-page"])(
      "sends the security headers on %s",
      async (url) => {
        const response = await makeApp(database()).app.request(url);
        const csp = response.headers.get("content-security-policy") ?? "";
        expect(csp).toContain("default-src 'self'");
        // No inline script runs in an answer that is no page (pages name theirs, decision 008).
        expect(csp).toContain("script-src 'self';");
        expect(csp).not.toContain("unsafe-eval");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("base-uri 'self'");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("referrer-policy")).toBeTruthy();
      },
    );

    it.each([
      ["http://localhost:3000", null],
      ["https://mona.dev", expect.stringContaining("max-age=")],
    ])("with SITE_URL %s sends Strict-Transport-Security %o", async (siteUrl, expected) => {
      const response = await makeApp(database(), { SITE_URL: siteUrl }).app.request("/api/projects");
      expect(response.headers.get("strict-transport-security")).toEqual(expected);
    });

    it("compresses a large response when the browser accepts gzip", async () => {
      for (let i = 0; i < 30; i++) {
        await insertProject(database().db, {
          description: `Project number ${i}: ${"a fast and friendly site ".repeat(4)}`,
        });
      }
      const { app } = makeApp(database());

      const compressed = await app.request("/api/projects?perPage=30", {
        headers: { "Accept-Encoding": "gzip, deflate, br" },
      });
      expect(compressed.status).toBe(200);
      expect(compressed.headers.get("content-encoding")).toBe("gzip");
      expect(compressed.headers.get("vary")).toMatch(/accept-encoding/i);
      const zipped = Buffer.from(await compressed.arrayBuffer());
      const json = gunzipSync(zipped).toString("utf8");
      expect(zipped.length).toBeLessThan(json.length / 2);
      expect((JSON.parse(json) as { items: unknown[] }).items).toHaveLength(30);

      const plain = await app.request("/api/projects?perPage=30");
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(((await plain.json()) as { items: unknown[] }).items).toHaveLength(30);
    });
  });
});
