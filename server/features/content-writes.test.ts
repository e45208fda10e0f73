import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles } from "#db/schema.ts";
import { jsonRequest, makeApp, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { createPageCache } from "#server/ssr/page-cache.ts";
import { apiErrorTexts } from "#core/api-errors.ts";
import { standInPages } from "#tests/helpers/pages.ts";

const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** Puts a file where an upload would have stored it and returns its public URL. */
function storeImage(dataDir: string, folder: "projects" | "articles", name: string): string {
  const dir = path.join(dataDir, "storage", "portfolio_images", folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), Buffer.from(PNG_BASE64, "base64"));
  return `/storage/portfolio_images/${folder}/${name}`;
}
const storedFile = (dataDir: string, url: string) =>
  path.join(dataDir, "storage", url.replace("/storage/", ""));

/** An image needs its description in both languages (docs/product.md §5). */
const ALT = { image_alt_en: "A shop front at night", image_alt_ar: "واجهة متجر ليلًا" };

describe.each(backends)("the owner's content API on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner(env: Record<string, string> = {}) {
    const pageCache = createPageCache({ ttlMs: 60_000 });
    const made = makeApp(database(), env, { pageCache, ssr: standInPages().ssr });
    const cookie = await signIn(made.app, database());
    const send = async (method: string, url: string, body?: unknown, extra: Record<string, string> = {}) => {
      const init = jsonRequest(method, body, cookie);
      const response = await made.app.request(url, { ...init, headers: { ...init.headers, ...extra } });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
    };
    return { ...made, cookie, send, pageCache };
  }

  describe("projects", () => {
    it("creates a project with the product's fields (docs/product.md §3.1); the public list shows it at once", async () => {
      const { app, send, pageCache } = await owner();
      await app.request("/projects");
      expect(pageCache.size).toBe(1);
      const before = Date.now();
      const created = await send("POST", "/api/projects", {
        title: "  Shop  ",
        description: "An online shop",
        category: "React",
        github_link: "https://github.com/mona/shop",
        live_link: "",
        tags: [" React ", "Stripe", "", "React"],
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        title: "Shop",
        description: "An online shop",
        category: "React",
        github_link: "https://github.com/mona/shop",
        live_link: null,
        image_url: null,
        tags: ["React", "Stripe"],
      });
      expect(Date.parse(created.body!.created_at as string)).toBeGreaterThanOrEqual(before - 1000);
      expect(pageCache.size).toBe(0);
      const list = (await (await app.request("/api/projects")).json()) as { items: { title: string }[] };
      expect(list.items.map((project) => project.title)).toEqual(["Shop"]);
    });

    it.each([
      ["a blank title", { title: "   " }, "title", "Project title is required."],
      ["no title", { description: "x" }, "title", "Project title is required."],
      [
        "a javascript: link",
        { title: "A", live_link: "javascript:alert(1)" },
        "live_link",
        "Enter a full web address that starts with http:// or https://.",
      ],
      [
        "a relative link",
        { title: "A", github_link: "/mona" },
        "github_link",
        "Enter a full web address that starts with http:// or https://.",
      ],
      [
        "a data: link",
        { title: "A", github_link: "data:text/html,hi" },
        "github_link",
        "Enter a full web address that starts with http:// or https://.",
      ],
      ["an overlong title", { title: "t".repeat(201) }, "title", "At most 200 characters."],
      ["tags that are not a list", { title: "A", tags: "a,b" }, "tags", "Must be text."],
      [
        "an image stored nowhere",
        { title: "A", image_url: "/storage/portfolio_images/projects/1_nothing.png", ...ALT },
        "image_url",
        "The image is not stored on this site. Upload it again.",
      ],
      [
        "an image elsewhere on the web",
        { title: "A", image_url: "https://evil.example/x.png", ...ALT },
        "image_url",
        "The image is not stored on this site. Upload it again.",
      ],
    ])("refuses %s with a clear message (422)", async (_case, body, field, message) => {
      const { send } = await owner();
      const response = await send("POST", "/api/projects", body);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ error: message, issues: [{ path: field, message }] });
      expect((await send("GET", "/api/admin/projects")).body).toMatchObject({ items: [], total: 0 });
    });

    it("says it in Arabic to an Arabic owner", async () => {
      const { send } = await owner();
      const response = await send("POST", "/api/projects", { title: "" }, { Cookie: "" });
      expect(response.status).toBe(401);
      const { app, cookie } = await owner();
      const arabic = await app.request("/api/projects", {
        ...jsonRequest("POST", { title: " " }),
        headers: { ...jsonRequest("POST", {}).headers, Cookie: `${cookie}; language=ar` },
      });
      expect(await arabic.json()).toMatchObject({ error: "عنوان المشروع مطلوب." });
    });

    it("updates a project, replacing its image and removing the old file", async () => {
      const { send, dataDir } = await owner();
      const first = storeImage(dataDir, "projects", "1700000000000_first.png");
      const second = storeImage(dataDir, "projects", "1700000000001_second.png");
      const created = await send("POST", "/api/projects", { title: "Shop", image_url: first, ...ALT });
      const id = created.body!.id as string;
      const updated = await send("PUT", `/api/projects/${id}`, {
        title: "Shop 2",
        image_url: second,
        tags: ["Vue.js"],
        ...ALT,
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id, title: "Shop 2", image_url: second, tags: ["Vue.js"] });
      expect(updated.body!.created_at).toBe(created.body!.created_at);
      expect(existsSync(storedFile(dataDir, first))).toBe(false);
      expect(existsSync(storedFile(dataDir, second))).toBe(true);
    });

    it("deletes a project and its stored image", async () => {
      const { app, send, dataDir } = await owner();
      const image = storeImage(dataDir, "projects", "1700000000000_shop.png");
      const created = await send("POST", "/api/projects", { title: "Shop", image_url: image, ...ALT });
      const deleted = await send("DELETE", `/api/projects/${created.body!.id as string}`);
      expect(deleted.status).toBe(204);
      expect(existsSync(storedFile(dataDir, image))).toBe(false);
      expect(await (await app.request("/api/projects")).json()).toMatchObject({ items: [], total: 0 });
    });

    it.each(["PUT", "DELETE"])("answers %s of an unknown or malformed id with 404", async (method) => {
      const { send } = await owner();
      for (const id of ["0b0f7a4e-5d8e-4c55-9a34-2f7e8f7e1a11", "not-a-uuid", "1%27%20or%201=1"]) {
        const response = await send(
          method,
          `/api/projects/${id}`,
          method === "PUT" ? { title: "A" } : undefined,
        );
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: "This project no longer exists." });
      }
    });

    it("keeps the project when removing its image fails, and logs the failure", async () => {
      const { send, dataDir, logger } = await owner();
      const image = storeImage(dataDir, "projects", "1700000000000_shop.png");
      const created = await send("POST", "/api/projects", { title: "Shop", image_url: image, ...ALT });
      // A folder where the file was: removal fails.
      const file = storedFile(dataDir, image);
      const { rmSync } = await import("node:fs");
      rmSync(file);
      mkdirSync(path.join(file, "blocker"), { recursive: true });
      const deleted = await send("DELETE", `/api/projects/${created.body!.id as string}`);
      expect(deleted.status).toBe(204);
      expect(logger.lines.join("\n")).toContain("Error deleting image");
    });
  });

  describe("articles", () => {
    const article = (fields: Record<string, unknown>) => ({
      title_en: "",
      title_ar: "",
      content_en: "",
      content_ar: "",
      image_url: null,
      status: "published",
      ...fields,
    });

    it("builds the display title, slug, excerpts and date on the server (docs/product.md §5)", async () => {
      const { send } = await owner();
      const long = `<p>${"Word ".repeat(40).trim()}</p>`;
      const created = await send(
        "POST",
        "/api/articles",
        article({ title_en: "  Hello, World!  ", content_en: long, content_ar: "<p>مرحبا</p>" }),
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        title: "Hello, World!",
        title_en: "Hello, World!",
        title_ar: "",
        slug: "hello-world",
        content_en: long,
        excerpt_en: `${"Word ".repeat(40).trim().slice(0, 150)}...`,
        excerpt_ar: "مرحبا",
      });
      expect(Math.abs(Date.parse(created.body!.date as string) - Date.now())).toBeLessThan(10_000);
    });

    it("gives an Arabic-only title its Arabic slug in both languages and no English title", async () => {
      const { send } = await owner();
      const created = await send("POST", "/api/articles", article({ title_ar: "مقالتي الأولى" }));
      expect(created.body).toMatchObject({
        title: "مقالتي الأولى",
        title_en: "",
        title_ar: "مقالتي الأولى",
        slug: "مقالتي-الأولى",
      });
    });

    it("keeps slugs unique with -1, -2, … and leaves an edited article its own slug", async () => {
      const { send } = await owner();
      const slugs = [];
      for (let i = 0; i < 3; i++)
        slugs.push((await send("POST", "/api/articles", article({ title_en: "Same" }))).body);
      expect(slugs.map((row) => row!.slug)).toEqual(["same", "same-1", "same-2"]);
      const edited = await send(
        "PUT",
        `/api/articles/${slugs[0]!.id as string}`,
        article({ title_en: "Same", content_en: "New text" }),
      );
      expect(edited.body).toMatchObject({ slug: "same", content_en: "New text", date: slugs[0]!.date });
      const renamed = await send(
        "PUT",
        `/api/articles/${slugs[1]!.id as string}`,
        article({ title_en: "Other title" }),
      );
      expect(renamed.body).toMatchObject({
        slug: "other-title",
        date: slugs[1]!.date,
        created_at: slugs[1]!.created_at,
      });
    });

    it("gives parallel saves of one title different slugs", async () => {
      const { send } = await owner();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => send("POST", "/api/articles", article({ title_en: "Race" }))),
      );
      expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(results.map((result) => result.body!.slug)).size).toBe(5);
    });

    it.each([
      ["both titles blank", article({ title_en: "  ", title_ar: "" })],
      ["no titles at all", {}],
    ])("refuses %s: 'At least one title (EN or AR) is required.'", async (_case, body) => {
      const { send } = await owner();
      const response = await send("POST", "/api/articles", body);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ error: "At least one title (EN or AR) is required." });
    });

    it("sanitises the HTML when saving: no scripts, handlers, javascript: or SVG data URLs", async () => {
      const { send } = await owner();
      const hostile = [
        "<p>Hi</p><script>alert(1)</script>",
        '<img src="x" onerror="alert(2)">',
        '<a href="javascript:alert(3)">x</a>',
        '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDQpIi8+">',
        `<img src="data:image/png;base64,${PNG_BASE64}" alt="dot">`,
        '<pre><code class="language-javascript">if (a &lt; b) alert("x")</code></pre>',
      ].join("");
      const created = await send("POST", "/api/articles", article({ title_en: "Safe", content_ar: hostile }));
      const saved = created.body!.content_ar as string;
      expect(saved).not.toMatch(/<script|onerror|javascript:|svg/i);
      // The safe image is kept, stored as an upload of its own (docs/product.md §5.9).
      expect(saved).toMatch(/<img src="\/storage\/portfolio_images\/articles\/\d+_inline\.png" alt="dot"/);
      expect(saved).not.toContain("base64");
      expect(saved).toContain('<pre><code class="language-javascript">if (a &lt; b) alert("x")</code></pre>');
    });

    it("refuses an embedded image over 2 MB and an article over 8 MB with a clear 413", async () => {
      const { send } = await owner();
      const big = "A".repeat(Math.ceil(((2 * 1024 * 1024 + 10) * 4) / 3));
      const image = await send(
        "POST",
        "/api/articles",
        article({ title_en: "Big", content_en: `<img src="data:image/png;base64,${big}">` }),
      );
      expect(image.status).toBe(413);
      expect(image.body).toMatchObject({
        error: "An image inside the article is larger than 2 MB. Use a smaller image.",
      });
      const text = await send(
        "POST",
        "/api/articles",
        article({ title_en: "Long", content_en: `<p>${"x".repeat(8 * 1024 * 1024)}</p>` }),
      );
      expect(text.status).toBe(413);
      expect(text.body).toMatchObject({
        error: "The article is too large: at most 8 MB of content in each language.",
      });
      expect((await send("GET", "/api/admin/articles")).body).toMatchObject({ items: [], total: 0 });
    });

    it("replaces an article's image: the old file goes once the row points at the new one", async () => {
      const { send, dataDir } = await owner();
      const first = storeImage(dataDir, "articles", "1700000000000_a.png");
      const second = storeImage(dataDir, "articles", "1700000000001_b.png");
      const created = await send(
        "POST",
        "/api/articles",
        article({ title_en: "Pic", image_url: first, ...ALT }),
      );
      const id = created.body!.id as string;
      const missing = await send(
        "PUT",
        `/api/articles/${id}`,
        article({ title_en: "Pic", image_url: "/storage/portfolio_images/articles/1_gone.png", ...ALT }),
      );
      expect(missing.status).toBe(422);
      expect(existsSync(storedFile(dataDir, first))).toBe(true);
      const updated = await send(
        "PUT",
        `/api/articles/${id}`,
        article({ title_en: "Pic", image_url: second, ...ALT }),
      );
      expect(updated.body).toMatchObject({ image_url: second, ...ALT });
      expect(existsSync(storedFile(dataDir, first))).toBe(false);
      // A project image may not be used as an article's.
      const project = storeImage(dataDir, "projects", "1700000000002_p.png");
      expect(
        (await send("PUT", `/api/articles/${id}`, article({ title_en: "Pic", image_url: project, ...ALT })))
          .status,
      ).toBe(422);
    });

    it("deletes an article and its image; the public page is gone", async () => {
      const { app, send, dataDir } = await owner();
      const image = storeImage(dataDir, "articles", "1700000000000_a.png");
      const created = await send(
        "POST",
        "/api/articles",
        article({ title_en: "Bye", image_url: image, ...ALT }),
      );
      expect((await app.request("/api/articles/bye")).status).toBe(200);
      expect((await send("DELETE", `/api/articles/${created.body!.id as string}`)).status).toBe(204);
      expect((await app.request("/api/articles/bye")).status).toBe(404);
      expect(existsSync(storedFile(dataDir, image))).toBe(false);
    });

    it("lists every column for the admin, newest created_at first", async () => {
      const { send } = await owner();
      await insertArticle(database().db, { title_en: "Old", created_at: new Date("2025-01-01T00:00:00Z") });
      await insertArticle(database().db, { title_en: "New", created_at: new Date("2026-01-01T00:00:00Z") });
      const list = (
        (await send("GET", "/api/admin/articles")).body as unknown as { items: Record<string, unknown>[] }
      ).items;
      expect(list.map((row) => row.title_en)).toEqual(["New", "Old"]);
      expect(Object.keys(list[0]!).sort()).toEqual(
        [...Object.keys(getTableColumns(articles)), "status", "publish_at"].sort(),
      );
    });
  });

  describe("share images per language (decision 015)", () => {
    it.each(["articles", "projects"] as const)(
      "sets, replaces and removes the share images of %s, leaving no file behind",
      async (kind) => {
        const { send, cookie, dataDir } = await owner();
        const body = (fields: Record<string, unknown>) =>
          kind === "articles"
            ? { title_en: "Shared", content_en: "<p>Hi.</p>", status: "published", ...fields }
            : { title: "Shared", ...fields };
        const english = storeImage(dataDir, kind, "1700000000000_english.png");
        const first = storeImage(dataDir, kind, "1700000000001_first.png");
        const second = storeImage(dataDir, kind, "1700000000002_second.png");
        const created = await send(
          "POST",
          `/api/${kind}`,
          body({ share_image_en: english, share_image_ar: first }),
        );
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
          share_image_en: english,
          share_image_ar: first,
          image_url: null,
        });
        const id = created.body!.id as string;
        // A share image in use is not removed on its own.
        expect((await send("DELETE", `/api/uploads/${kind}/1700000000001_first.png`)).status).toBe(409);

        const replaced = await send(
          "PUT",
          `/api/${kind}/${id}`,
          body({ share_image_en: english, share_image_ar: second }),
        );
        expect(replaced.body).toMatchObject({ share_image_en: english, share_image_ar: second });
        expect(existsSync(storedFile(dataDir, first))).toBe(false);
        expect(existsSync(storedFile(dataDir, second))).toBe(true);

        // A client that omits the share images keeps them; the other fields are saved.
        const omitted = await send("PUT", `/api/${kind}/${id}`, body({ meta_title_en: "Kept images" }));
        expect(omitted.status).toBe(200);
        expect(omitted.body).toMatchObject({
          meta_title_en: "Kept images",
          share_image_en: english,
          share_image_ar: second,
        });
        expect(existsSync(storedFile(dataDir, second))).toBe(true);

        // A file that is not ours is refused under its field, in the owner's language, and nothing changes.
        const refused = await send(
          "PUT",
          `/api/${kind}/${id}`,
          body({ share_image_en: english, share_image_ar: `/storage/portfolio_images/${kind}/1_gone.png` }),
          { Cookie: `${cookie}; language=ar` },
        );
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({
          error: apiErrorTexts.ar.imageNotStored,
          issues: [{ path: "share_image_ar", message: apiErrorTexts.ar.imageNotStored }],
        });
        const other = kind === "articles" ? "projects" : "articles";
        const foreign = storeImage(dataDir, other, "1700000000003_other.png");
        expect((await send("PUT", `/api/${kind}/${id}`, body({ share_image_en: foreign }))).status).toBe(422);

        const removed = await send(
          "PUT",
          `/api/${kind}/${id}`,
          body({ share_image_en: english, share_image_ar: null }),
        );
        expect(removed.body).toMatchObject({ share_image_en: english, share_image_ar: null });
        expect(existsSync(storedFile(dataDir, second))).toBe(false);
        expect((await send("GET", `/api/admin/${kind}/${id}`)).body).toMatchObject({
          share_image_en: english,
          share_image_ar: null,
        });

        expect((await send("DELETE", `/api/${kind}/${id}`)).status).toBe(204);
        expect(existsSync(storedFile(dataDir, english))).toBe(false);
      },
    );
  });
});
