import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { CASE_STUDY_TEXTS } from "#core/projects.ts";
import { articles, projects, slugHistory, variantJobs } from "#db/schema.ts";
import {
  makeApp,
  OWNER_PASSWORD,
  ownerRequests,
  signIn,
  storeImageFile,
  TINY_PNG,
} from "#tests/helpers/app.ts";
import { HOSTILE_HTML, rezip, unzip } from "#tests/helpers/backup-archive.ts";
import { backends, useTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";

// Whatever a restore brings passes the gates the owner's own save does (docs/product.md §19): rich text the save's
// sanitiser, slugs the rules of a typed one, images the checks of an upload. A hostile archive changes nothing that
// a page, the editor or the image queue would then run, show or decode.

/** What none of the stored rich text may hold afterwards. */
const MARKERS = [
  /<script/i,
  /\son\w+=/i,
  /srcdoc/i,
  /javascript:/i,
  /<form/i,
  /<meta/i,
  /<iframe/i,
  /http-equiv/i,
];

type Made = ReturnType<typeof makeApp> & {
  send: ReturnType<typeof ownerRequests>;
  cookie: string;
};

async function site(database: TestDatabase): Promise<Made> {
  const made = makeApp(database);
  const cookie = await signIn(made.app, database);
  return { ...made, cookie, send: ownerRequests(made.app, () => cookie) };
}

/** A PNG whose header declares `width` × `height` pixels, a few dozen bytes long: never decoded whole. */
function declaredPng(width: number, height: number): Buffer {
  const png = Buffer.from(TINY_PNG);
  // IHDR's data starts at 16 (8 bytes of signature, 4 of length, 4 of type); its CRC follows its 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(backends)("a restore passes the save's gates on $name", (backend) => {
  const database = useTestDatabase(backend);

  /** A site with a project and an article, and its backup's entries. */
  async function backedUp() {
    const made = await site(database());
    const image = storeImageFile(made.dataDir, "projects", "1700000000000_shop.png");
    const project = await made.send("POST", "/api/projects", {
      title: "Shop",
      title_ar: "متجر",
      image_url: image,
      image_alt_en: "A shop",
      image_alt_ar: "متجر",
      problem_en: "<p>Slow pages.</p>",
    });
    expect(project.status).toBe(201);
    const article = await made.send("POST", "/api/articles", {
      title_en: "Caching",
      title_ar: "التخزين",
      content_en: "<p>Because.</p>",
      status: "published",
    });
    expect(article.status).toBe(201);
    await database()
      .db.insert(slugHistory)
      .values({
        kind: "projects",
        language: "en",
        slug: "old-shop",
        item_id: String(project.body!.id),
      });
    const response = await made.app.request("/api/backup", { headers: { Cookie: made.cookie } });
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    const table = (name: string) =>
      JSON.parse(files.get(`data/${name}.json`)!.toString("utf8")) as Record<string, unknown>[];
    /** The archive with the first row of a table changed. */
    const changed = (name: string, change: Record<string, unknown>) => {
      const rows = table(name);
      rows[0] = { ...rows[0], ...change };
      return rezip(new Map([...files, [`data/${name}.json`, Buffer.from(JSON.stringify(rows))]]));
    };
    return { made, files, table, changed };
  }

  async function restore(made: Made, archive: Buffer, language = "en") {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(archive)], "backup.zip", { type: "application/zip" }));
    form.set("replace", "1");
    form.set("password", OWNER_PASSWORD);
    const response = await made.app.request("/api/backup/restore", {
      method: "POST",
      body: form,
      headers: {
        Cookie: `${made.cookie}; language=${language}`,
        Origin: "http://localhost",
        "Sec-Fetch-Site": "same-origin",
      },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("stores every rich-text column of every table as the save's sanitiser leaves it", async () => {
    const { made, changed, table } = await backedUp();
    const articleChange = { content_en: HOSTILE_HTML, content_ar: HOSTILE_HTML };
    const projectChange = Object.fromEntries(CASE_STUDY_TEXTS.map((field) => [field, HOSTILE_HTML]));
    const files = await unzip(await changed("projects", projectChange));
    const articleRows = table("articles").map((row) => ({ ...row, ...articleChange }));
    files.set("data/articles.json", Buffer.from(JSON.stringify(articleRows)));
    const restored = await restore(made, await rezip(files));
    expect(restored.status).toBe(200);

    const [project] = await database().db.select().from(projects);
    const [article] = await database().db.select().from(articles);
    const stored = [
      ...CASE_STUDY_TEXTS.map((field) => project![field]),
      article!.content_en,
      article!.content_ar,
    ];
    for (const html of stored) {
      expect(html).toContain("Text");
      for (const marker of MARKERS) expect(html).not.toMatch(marker);
    }
    // What the editor and the pages are handed, through the API, holds none of it either.
    const served = JSON.stringify([
      (await made.send("GET", `/api/admin/projects/${project!.id}`)).body,
      (await made.send("GET", `/api/admin/articles/${article!.id}`)).body,
      await (await made.app.request(`/api/articles/${article!.slug}`)).json(),
      await made.app.services.projects.atAddress("en", project!.slug_en),
    ]);
    expect(served).toContain("Text");
    for (const marker of MARKERS) expect(served).not.toMatch(marker);
  });

  it("refuses a case study a page cannot show, naming its row and field, and changes nothing", async () => {
    const { made, changed, table } = await backedUp();
    const before = await database().db.select().from(projects);
    const refused = await restore(made, await changed("projects", { outcome_ar: "<frameset><p>x" }), "ar");
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(
      `في النسخة الاحتياطية صف يرفضه الموقع: الجدول projects، الصف ١ (المعرّف ${String(table("projects")[0]!.id)})، الحقل outcome_ar: ${apiErrorText("ar", "htmlFrameset")} لم يتغيّر شيء.`,
    );
    expect(await database().db.select().from(projects)).toEqual(before);
  });

  it("refuses slugs that are no address of the site, with the reason", async () => {
    const { made, changed, table } = await backedUp();
    const before = await database().db.select().from(projects);
    const reason = apiErrorText("en", "slugInvalid");
    const cases: [string, Record<string, unknown>, string][] = [
      ["projects", { slug_en: "../admin" }, "slug_en"],
      ["projects", { slug_ar: "a/b" }, "slug_ar"],
      ["articles", { slug: "a\\b" }, "slug"],
      ["articles", { slug_ar: ".." }, "slug_ar"],
      ["slug_history", { slug: "x/../y" }, "slug"],
    ];
    for (const [name, change, field] of cases) {
      const refused = await restore(made, await changed(name, change));
      // A row is named by its id, or an old address by its slug.
      const id = String(table(name)[0]!.id ?? change.slug);
      expect(refused, field).toMatchObject({
        status: 422,
        body: {
          error: `The backup holds a row the site would refuse: ${name} row 1 (id ${id}), ${field}: ${reason} Nothing was changed.`,
        },
      });
    }
    expect(await database().db.select().from(projects)).toEqual(before);
  });

  it("refuses an image an upload would refuse before storing or queueing it", async () => {
    const { made, files } = await backedUp();
    const name = "images/projects/1700000000000_shop.png";
    const stored = files.get(name)!;
    const cases: [Buffer, string][] = [
      // A 776 kB PNG of 16,000 × 16,000 would take gigabytes to decode; its header says so.
      [declaredPng(16_000, 16_000), apiErrorText("en", "uploadTooManyPixels", { max: 40 })],
      [Buffer.from("<svg onload='alert(1)'/>"), apiErrorText("en", "uploadUnsupported")],
    ];
    for (const [bytes, detail] of cases) {
      const refused = await restore(made, await rezip(new Map([...files, [name, bytes]])));
      expect(refused).toMatchObject({
        status: 422,
        body: {
          error: `The backup's image ${name} would be refused as an upload: ${detail} Nothing was changed.`,
        },
      });
    }
    expect(await database().db.select().from(variantJobs)).toEqual([]);
    expect((await made.app.request("/storage/portfolio_images/projects/1700000000000_shop.png")).status).toBe(
      200,
    );
    expect(stored.length).toBeGreaterThan(0);
  });
});
