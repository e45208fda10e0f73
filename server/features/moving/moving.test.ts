import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import yazl from "yazl";
import {
  articles,
  importedItems,
  oldAddresses,
  projectImages,
  projects,
  siteSettings,
  slugHistory,
  testimonials,
} from "#db/schema.ts";
import { makeApp, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import { createImageFetcher } from "./fetch-image.ts";
import { resolveOldAddress } from "./service.ts";

// Moving in and out (docs/product.md §31) through the real API on both databases: real exports of WordPress's
// importer tests, Ghost- and Polylang-shaped exports, Markdown folders as generators write them, the refusals, and
// the round trip of our own export, compared byte for byte.

const FIXTURES = path.join(findProjectRoot(), "tests", "fixtures", "import");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

type Made = ReturnType<typeof makeApp> & { cookie: string; database: TestDatabase };

async function site(database: TestDatabase, options: Parameters<typeof makeApp>[2] = {}): Promise<Made> {
  const made = makeApp(database, {}, options);
  return { ...made, cookie: await signIn(made.app, database), database };
}

const headers = (made: Made, language = "en") => ({
  Cookie: `${made.cookie}; language=${language}`,
  Origin: "http://localhost",
  "Sec-Fetch-Site": "same-origin",
});

async function send(made: Made, step: "preview" | "import", name: string, bytes: Buffer, language = "en") {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name));
  const response = await made.app.request(`/api/moving/${step}`, {
    method: "POST",
    body: form,
    headers: headers(made, language),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { error?: string },
  };
}

async function exportSite(made: Made): Promise<Map<string, Buffer>> {
  const response = await made.app.request("/api/moving/export", { headers: headers(made) });
  expect(response.status).toBe(200);
  return unzip(Buffer.from(await response.arrayBuffer()));
}

function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      const files = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (failed, stream) => {
          if (failed) return reject(failed);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.readEntry();
    });
  });
}

/** A zip of these files; names are written as given (a hostile one too). */
function zipOf(files: Record<string, Buffer | string>, compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(files))
    zip.addBuffer(Buffer.from(bytes), name, { mtime: new Date(0), compress });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * A zip whose one entry inflates to `megabytes` MB of zeros, made without compressing them: a megabyte deflated
 * with a full flush stands alone, so the same bytes repeated inflate to it again and again.
 */
function zipBomb(name: string, megabytes: number): Buffer {
  const zeros = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(zeros, { finishFlush: constants.Z_FULL_FLUSH });
  const data = Buffer.concat([...Array<Buffer>(megabytes).fill(block), deflateRawSync(Buffer.alloc(0))]);
  let crc = 0;
  for (let n = 0; n < megabytes; n++) crc = crc32(zeros, crc);
  const fileName = Buffer.from(name);
  const sizes = (header: Buffer, at: number) => {
    header.writeUInt32LE(crc, at);
    header.writeUInt32LE(data.length, at + 4);
    header.writeUInt32LE(megabytes * zeros.length, at + 8);
    header.writeUInt16LE(fileName.length, at + 12);
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt16LE(0x21, 12);
  sizes(local, 14);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt16LE(0x21, 14);
  sizes(central, 16);
  const directoryAt = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const rows = (made: Made) => made.database.db.select().from(articles).orderBy(asc(articles.slug));

describe.each(backends)("moving on $name", (backend) => {
  const database = useTestDatabase(backend);

  it("imports a Polylang WordPress export: pairs, schedules, drafts, skips with reasons, and again changes nothing", async () => {
    const made = await site(database());
    const xml = fixture("wordpress/polylang.xml");
    const preview = await send(made, "preview", "old.xml", xml, "ar");
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ format: "wordpress", create: 3, update: 0 });
    expect(preview.body.skipped).toEqual([
      { label: "Deleted one", reason: "trashed" },
      { label: "About", reason: "notAPost" },
    ]);
    expect(await rows(made)).toEqual([]);

    const done = await send(made, "import", "old.xml", xml);
    expect(done.status).toBe(200);
    // The featured image sits on a loopback address: never fetched, listed, and the post keeps no cover.
    expect(done.body.imagesFailed).toEqual(["http://127.0.0.1:9/wp-content/uploads/2023/05/cover.png"]);
    const saved = await rows(made);
    expect(saved.map((row) => [row.slug, row.slug_ar, row.published])).toEqual([
      ["fonts-for-arabic", "fonts-for-arabic", true],
      ["post-16", "post-16", false],
      ["shipping-a-bilingual-site", "إطلاق-موقع", true],
    ]);
    const pair = saved.find((row) => row.slug === "shipping-a-bilingual-site")!;
    expect(pair.title_ar).toBe("إطلاق موقع بلغتين");
    expect(pair.content_ar).toContain("الكتابة من اليمين");
    expect(pair.tags).toEqual([
      { slug: "rtl", en: "RTL", ar: "من اليمين" },
      { slug: "web", en: "Web", ar: "Web" },
    ]);
    expect(pair.date.toISOString()).toBe("2023-05-02T09:00:00.000Z");
    // Gutenberg's comments go; the shortcode stays as text; the link to the old site now names the new address.
    expect(pair.content_en).not.toContain("wp:paragraph");
    expect(pair.content_en).toContain("[caption");
    expect(pair.content_en).toContain('href="/articles/fonts-for-arabic"');
    expect(saved.find((row) => row.slug === "fonts-for-arabic")!.date.getUTCFullYear()).toBe(2099);

    const now = new Date();
    expect(await resolveOldAddress(made.database.db, "/2023/05/shipping-a-bilingual-site/", now)).toBe(
      "/articles/shipping-a-bilingual-site",
    );
    expect(
      await resolveOldAddress(
        made.database.db,
        "/ar/2023/05/%d8%a5%d8%b7%d9%84%d8%a7%d9%82-%d9%85%d9%88%d9%82%d8%b9/",
        now,
      ),
    ).toBe(`/ar/articles/${encodeURIComponent("إطلاق-موقع")}`);
    // A scheduled post's old address waits for it.
    expect(await resolveOldAddress(made.database.db, "/2023/06/fonts-for-arabic/", now)).toBeNull();

    const again = await send(made, "import", "old.xml", xml);
    expect(again.body).toMatchObject({ create: 0, update: 0, unchanged: 3 });
    expect(await rows(made)).toHaveLength(3);
  });

  it("imports the WordPress importer's own test exports", async () => {
    const made = await site(database());
    const simple = await send(made, "import", "valid.xml", fixture("wordpress/valid-wxr-1.1.xml"));
    expect(simple.body).toMatchObject({ create: 1, skipped: [{ label: "About", reason: "notAPost" }] });
    const utf8 = await send(made, "import", "utf8.xml", fixture("wordpress/wxr-utf-8-challenges.xml"));
    expect(utf8.status).toBe(200);
    const all = await rows(made);
    expect(all.map((row) => row.title)).toContain("Hello world!");
    expect(all.some((row) => row.title.includes("Frost"))).toBe(true);
    const broken = await send(made, "import", "bad.xml", fixture("wordpress/malformed-simple.xml"), "ar");
    expect(broken.status).toBe(422);
    expect(broken.body.error).toContain("لم يتغيّر شيء");
  });

  it("imports a Ghost export: HTML, tags, status, texts for sharing; pages skipped", async () => {
    const made = await site(database());
    const done = await send(made, "import", "ghost.json", fixture("ghost/ghost-5.json"));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ create: 3, skipped: [{ label: "Contact", reason: "notAPost" }] });
    // Ghost's images live on the old server: listed, and the text keeps their address.
    expect(done.body.imagesFailed).toEqual(["content/images/2024/04/cover.png"]);
    const post = (await rows(made)).find((row) => row.slug === "notes-on-caching")!;
    expect(post).toMatchObject({
      summary_en: "Why the page cache holds ten seconds.",
      meta_title_en: "Caching notes",
      tags: [{ slug: "performance", en: "Performance", ar: "Performance" }],
      published: true,
    });
    expect(post.content_en).toContain('<code class="language-js">');
    expect((await rows(made)).find((row) => row.slug === "draft-idea")!.published).toBe(false);
  });

  it("imports a Markdown folder as Hugo and AstroPaper write it, with its images through the upload path", async () => {
    const made = await site(database());
    const zip = await zipOf({
      "content/posts/first-post/index.en.md":
        "---\ntitle: First post\ndate: 2024-01-02\ntags: [go, web]\ntranslationKey: first\n---\n\nHello ![a dot](dot.png) and a [link](/posts/second/).\n",
      "content/posts/first-post/index.ar.md":
        "---\ntitle: التدوينة الأولى\nslug: التدوينة-الأولى\ntranslationKey: first\n---\n\nمرحبا.\n",
      "content/posts/first-post/dot.png": PNG,
      "src/data/blog/second.md":
        "---\ntitle: Second\npubDatetime: 2024-02-01T10:00:00Z\nmodDatetime: 2024-02-03T10:00:00Z\ndescription: An AstroPaper post.\ndraft: true\n---\n\n| a | b |\n| - | - |\n| 1 | 2 |\n",
      "content/_index.md": "---\ntitle: Home\n---\n",
    });
    const done = await send(made, "import", "site.zip", zip);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ format: "markdown", create: 2, imagesFailed: [] });
    const [first, second] = await rows(made);
    expect(first).toMatchObject({
      slug: "first-post",
      slug_ar: "التدوينة-الأولى",
      title_ar: "التدوينة الأولى",
    });
    expect(first!.content_en).toMatch(
      /<img src="\/storage\/portfolio_images\/articles\/\d+_dot\.png" alt="a dot">/,
    );
    // The link to the old address of the other imported post now names its new one.
    expect(first!.content_en).toContain('href="/articles/second"');
    expect(second).toMatchObject({ slug: "second", published: false, summary_en: "An AstroPaper post." });
    expect(second!.content_en).toContain("<table>");
    expect(await resolveOldAddress(made.database.db, "/posts/first-post/", new Date())).toBe(
      "/articles/first-post",
    );
  });

  it("exports Markdown that imports into an empty site and exports again byte for byte", async () => {
    const made = await site(database());
    const zip = await zipOf({
      "content/posts/both/index.en.md":
        "---\ntitle: Both languages\ndate: 2024-01-02T00:00:00Z\ntags: [Go, Web]\ntranslationKey: both\naliases: [/old/both/]\n---\n\n## A heading\n\nSome **bold**, a [link](https://example.org) and ![a dot](dot.png).\n\n- one\n- two\n\n```ts\nconst a = 1;\n```\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n",
      "content/posts/both/index.ar.md":
        "---\ntitle: بلغتين\nslug: بلغتين\ntags: [غو, ويب]\ntranslationKey: both\n---\n\nنص **عربي**.\n",
      "content/posts/both/dot.png": PNG,
      "content/posts/arabic/index.ar.md":
        "---\ntitle: عربية فقط\ndate: 2099-01-01T00:00:00Z\n---\n\nمقالة مجدولة.\n",
      "content/posts/draft.md":
        "---\ntitle: Only English\ndraft: true\ndate: 2024-03-01T00:00:00Z\n---\n\nA draft.\n",
    });
    expect((await send(made, "import", "site.zip", zip)).status).toBe(200);
    const first = await exportSite(made);
    expect([...first.keys()].sort()).toEqual(
      [
        "articles/both/dot.png",
        "articles/both/index.ar.md",
        "articles/both/index.en.md",
        "articles/draft/index.en.md",
        "articles/xn-arabic/index.ar.md".replace(
          "xn-arabic",
          [...first.keys()]
            .find((key) => key.endsWith("index.ar.md") && !key.includes("both"))!
            .split("/")[1]!,
        ),
        "settings.yaml",
        "site.yaml",
      ].sort(),
    );
    const english = first.get("articles/both/index.en.md")!.toString("utf8");
    expect(english).toContain("translationKey: ");
    expect(english).toContain("![a dot](dot.png)");
    expect(english).toContain("```ts");
    expect(english).toContain("aliases:\n  - /old/both\n");
    expect(first.get("articles/both/index.ar.md")!.toString("utf8")).toContain("slug: بلغتين");

    // An empty site: the test's database emptied of what the first import made.
    const { db } = made.database;
    await db.delete(articles);
    await db.delete(importedItems);
    await db.delete(oldAddresses);
    await db.delete(slugHistory);
    const copy = made;
    const archive = await zipOf(Object.fromEntries(first));
    const done = await send(copy, "import", "export.zip", archive);
    expect(done.body).toMatchObject({ format: "sira", create: 3, imagesFailed: [] });
    const second = await exportSite(copy);
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [name, bytes] of first) expect(second.get(name)?.equals(bytes), name).toBe(true);
  });

  it("brings back projects with their case studies and galleries, testimonials and settings", async () => {
    const made = await site(database());
    const upload = async (name: string) => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(PNG)], name));
      form.set("folder", "projects");
      const response = await made.app.request("/api/uploads", {
        method: "POST",
        body: form,
        headers: headers(made),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { url: string }).url;
    };
    const [cover, first, second, photo] = [
      await upload("cover.png"),
      await upload("first.png"),
      await upload("second.png"),
      await upload("face.png"),
    ];
    const { db } = made.database;
    const [project] = await db
      .insert(projects)
      .values({
        title: "A shop for ceramics",
        title_ar: "متجر للخزف",
        description: "Handmade, from three villages.",
        description_ar: "مصنوع يدويًا من ثلاث قرى.",
        category: "Web",
        category_ar: "ويب",
        image_url: cover,
        image_alt_en: "The shop's front page",
        image_alt_ar: "الصفحة الأولى للمتجر",
        github_link: "https://github.com/example/shop",
        live_link: "https://shop.example",
        tags: ["React", "Node"],
        featured: true,
        position: 2,
        slug_en: "ceramics-shop",
        slug_ar: "متجر-الخزف",
        published: true,
        client_en: "Nile Ceramics",
        client_ar: "خزف النيل",
        role_en: "Design and code",
        role_ar: "التصميم والبرمجة",
        period_en: "2024",
        period_ar: "٢٠٢٤",
        problem_en: "<p>Orders came by <strong>phone</strong>.</p>",
        problem_ar: "<p>كانت الطلبات تصل بالهاتف.</p>",
        approach_en: `<p>A small shop:</p><ul><li>one page per piece</li></ul><p><img src="${first}" alt="A piece"></p>`,
        outcome_en: "<p>Orders doubled.</p>",
        results_en: ["2× orders", "-40 % calls"],
        results_ar: ["ضعف الطلبات"],
        meta_title_en: "Ceramics shop",
        created_at: new Date("2024-03-01T10:00:00Z"),
      })
      .returning();
    await db.insert(projects).values({
      title: "An English-only draft",
      description: "Not yet shown.",
      slug_en: "english-draft",
      published: false,
      created_at: new Date("2024-04-01T10:00:00Z"),
    });
    await db.insert(projectImages).values([
      { project_id: project!.id, url: first, alt_en: "First", alt_ar: "الأولى", position: 0 },
      { project_id: project!.id, url: second, alt_en: "Second", alt_ar: "الثانية", position: 1 },
    ]);
    await db.insert(testimonials).values([
      {
        name: "منى",
        role: "Owner",
        company: "Nile Ceramics",
        quote_en: "Orders doubled.",
        quote_ar: "تضاعفت الطلبات.",
        photo_url: photo,
        project_id: project!.id,
        show_on_home: true,
        position: 1,
        created_at: new Date("2024-05-01T10:00:00Z"),
      },
      {
        name: "Sam",
        quote_en: "Pending words.",
        approved: false,
        created_at: new Date("2024-06-01T10:00:00Z"),
      },
    ]);
    const services = Array.from({ length: 6 }, (_, n) => ({
      title: { en: `Service ${n + 1}`, ar: `خدمة ${n + 1}` },
      text: { en: `What service ${n + 1} is.`, ar: `ما الخدمة ${n + 1}.` },
    }));
    await db.insert(siteSettings).values({ id: 1, overrides: { services, timeZone: "Africa/Cairo" } });

    const first_ = await exportSite(made);
    expect([...first_.keys()].filter((name) => name.startsWith("projects/")).sort()).toEqual([
      "projects/ceramics-shop/cover.png",
      "projects/ceramics-shop/first.png",
      "projects/ceramics-shop/index.ar.md",
      "projects/ceramics-shop/index.en.md",
      "projects/ceramics-shop/second.png",
      "projects/english-draft/index.en.md",
    ]);
    expect(first_.has("testimonials/face.png")).toBe(true);
    const before = {
      projects: await db.select().from(projects).orderBy(asc(projects.slug_en)),
      testimonials: await db.select().from(testimonials).orderBy(asc(testimonials.name)),
      settings: (await db.select().from(siteSettings))[0]!.overrides,
    };

    // An empty site: the same database emptied.
    await made.database.clear();
    const fresh = await site(made.database);
    const archive = await zipOf(Object.fromEntries(first_));
    const preview = await send(fresh, "preview", "export.zip", archive, "ar");
    expect(preview.body).toMatchObject({
      format: "sira",
      projects: { create: 2, update: 0 },
      testimonials: { create: 2, update: 0 },
      settings: true,
    });
    const done = await send(fresh, "import", "export.zip", archive);
    expect(done.status).toBe(200);
    expect(done.body.imagesFailed).toEqual([]);

    const after = await db.select().from(projects).orderBy(asc(projects.slug_en));
    // The same content; only the stored images' addresses are new, and HTML blocks come back a line apart.
    const stored = /\/storage\/portfolio_images\/\w+\/\d+_/g;
    const same = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value)
          .replace(stored, "/storage/X/")
          .replace(/>(?:\\n)+</g, "><"),
      );
    const content = (row: (typeof after)[number]) => {
      const { text_changed_en, text_changed_ar, ...rest } = row;
      void text_changed_en;
      void text_changed_ar;
      return same(rest);
    };
    expect(after.map(content)).toEqual(before.projects.map(content));
    const gallery = await db.select().from(projectImages).orderBy(asc(projectImages.position));
    expect(gallery.map((entry) => [entry.project_id, entry.alt_en, entry.alt_ar])).toEqual([
      [project!.id, "First", "الأولى"],
      [project!.id, "Second", "الثانية"],
    ]);
    expect(same(await db.select().from(testimonials).orderBy(asc(testimonials.name)))).toEqual(
      same(before.testimonials),
    );
    expect((await db.select().from(siteSettings))[0]!.overrides).toEqual(before.settings);

    // Exported again: the same bytes.
    const again = await exportSite(fresh);
    expect([...again.keys()]).toEqual([...first_.keys()]);
    for (const [name, bytes] of first_) expect(again.get(name)?.equals(bytes), name).toBe(true);
    // Imported a second time: matched by id, nothing new.
    const twice = await send(fresh, "preview", "export.zip", archive);
    expect(twice.body).toMatchObject({
      projects: { create: 0, update: 2 },
      testimonials: { create: 0, update: 2 },
    });
  });

  it("refuses hostile and broken input and changes nothing", async () => {
    const made = await site(database());
    const refused = async (name: string, bytes: Buffer, key: RegExp, status = 422) => {
      const answer = await send(made, "import", name, bytes);
      expect(answer.status, name).toBe(status);
      expect(answer.body.error, name).toMatch(key);
    };
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><rss><channel><item><title>&lol2;</title></item></channel></rss>';
    await refused("bomb.xml", Buffer.from(laughs), /entities/);
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><title>&x;</title></channel></rss>';
    await refused("xxe.xml", Buffer.from(xxe), /entities/);
    await refused("bad.json", Buffer.from('{"db": [ {"data": '), /JSON/);
    await refused("bad.zip", await zipOf({ "post.md": "---\ntitle: [unclosed\n---\nx" }), /YAML/);
    await refused(
      "anchors.zip",
      await zipOf({ "post.md": "---\na: &a [1,2]\nb: [*a, *a]\ntitle: x\n---\nx" }),
      /YAML/,
    );
    // yazl refuses to write such a name: the name is written same-length and patched in both headers.
    const slip = await zipOf({ "xx/xx/evil.md": "---\ntitle: x\n---\n" });
    await refused(
      "slip.zip",
      Buffer.from(slip.toString("latin1").replaceAll("xx/xx/", "../../"), "latin1"),
      /outside/,
    );
    // A 500 MB upload is refused from its declared length, before it is read.
    const form = new FormData();
    form.set("file", new File([new Uint8Array(10)], "huge.zip"));
    const huge = await made.app.request("/api/moving/import", {
      method: "POST",
      body: form,
      headers: { ...headers(made), "Content-Length": String(500 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(await rows(made)).toEqual([]);
  }, 60_000);
});

// What needs no second database: one embedded database serves these.
describe("on the embedded database only", () => {
  const database = useTestDatabase(backends[0]!);
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/cover.png") response.writeHead(200, { "Content-Type": "image/png" }).end(PNG);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("stops a zip bomb and a 20 MB title", async () => {
    const made = await site(database());
    const refused = async (name: string, bytes: Buffer, key: RegExp) => {
      const answer = await send(made, "import", name, bytes);
      expect(answer.status, name).toBe(422);
      expect(answer.body.error, name).toMatch(key);
    };
    // 220 MB of zeros in a few hundred kB: never inflated past the bound.
    const bomb = zipBomb("a.md", 220);
    expect(bomb.length).toBeLessThan(300 * 1024);
    expect((await unzip(bomb)).get("a.md")?.length).toBe(220 * 1024 * 1024);
    await refused("bomb.zip", bomb, /larger than/);
    const title = "T".repeat(20 * 1024 * 1024);
    await refused(
      "long.xml",
      Buffer.from(
        `<?xml version="1.0"?><rss><channel><item><title>${title}</title><wp:post_type>post</wp:post_type><wp:post_id>1</wp:post_id><content:encoded>x</content:encoded></item></channel></rss>`,
      ),
      /too long/,
    );
    expect(await rows(made)).toEqual([]);
  }, 120_000);

  const ghostWith = (url: string) =>
    Buffer.from(
      JSON.stringify({
        db: [
          {
            data: {
              posts: [
                {
                  id: "1",
                  title: "With cover",
                  slug: "with-cover",
                  html: "<p>x</p>",
                  status: "published",
                  feature_image: url,
                },
              ],
            },
          },
        ],
      }),
    );

  it("never fetches from the server's own network", async () => {
    const made = await site(database());
    const done = await send(made, "import", "g.json", ghostWith(`${base}/cover.png`));
    expect(done.body.imagesFailed).toEqual([`${base}/cover.png`]);
    expect((await rows(made))[0]!.image_url).toBeNull();
  });

  it("stores a fetched image through the upload path, once however often the source is imported", async () => {
    const made = await site(database(), { fetchImage: createImageFetcher({ allowPrivate: true }) });
    await send(made, "import", "g.json", ghostWith(`${base}/cover.png`));
    const [row] = await rows(made);
    expect(row!.image_url).toMatch(/^\/storage\/portfolio_images\/articles\/\d+_cover\.png$/);
    const again = await send(made, "import", "g.json", ghostWith(`${base}/cover.png`));
    expect(again.body).toMatchObject({ unchanged: 1 });
    expect((await rows(made))[0]!.image_url).toBe(row!.image_url);
  });
});
