import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import yazl from "yazl";
import {
  articles,
  cvDocument,
  imageVariants,
  messages,
  projectImages,
  projects,
  siteSettings,
  slugHistory,
  testimonials,
  variantJobs,
} from "#db/schema.ts";
import { isVariantName } from "#core/images.ts";
import { jsonRequest, makeApp, OWNER_PASSWORD, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { defaultSettings } from "#core/site-view.ts";
import { siteConfig } from "#config/site.ts";
import { FORM_STAMP_FIELD } from "#core/contact.ts";
import { contactStamp } from "#tests/helpers/contact-stamp.ts";
import { restoreGates } from "#server/restore-gates.ts";
import { DEFAULT_CV } from "#core/cv.ts";
import { checkBackup } from "./archive.ts";

// Backup and restore (docs/product.md §19): the whole site out as one zip and back in, exactly, on both databases;
// a damaged, foreign or failing archive changes nothing.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

type Made = ReturnType<typeof makeApp> & { cookie: string; database: TestDatabase };

async function site(database: TestDatabase): Promise<Made> {
  const made = makeApp(database);
  return { ...made, cookie: await signIn(made.app, database), database };
}

async function send(made: Made, method: string, url: string, body?: unknown) {
  const response = await made.app.request(url, jsonRequest(method, body, made.cookie));
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

function storeImage(made: Made, folder: string, name: string, bytes: Buffer) {
  const dir = path.join(made.dataDir, "storage", "portfolio_images", folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), bytes);
  return `/storage/portfolio_images/${folder}/${name}`;
}

/** Every image file of a site, with its bytes. */
function imageFiles(made: Made): Record<string, string> {
  const root = path.join(made.dataDir, "storage", "portfolio_images");
  const files: Record<string, string> = {};
  for (const folder of ["projects", "articles", "site"]) {
    let names: string[];
    try {
      names = readdirSync(path.join(root, folder));
    } catch {
      continue;
    }
    for (const name of names)
      files[`${folder}/${name}`] = createHash("sha256")
        .update(readFileSync(path.join(root, folder, name)))
        .digest("hex");
  }
  return files;
}

/** Every row of every content table, in a stable order. */
async function contentRows(database: TestDatabase) {
  const all: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries({
    projects,
    projectImages,
    testimonials,
    articles,
    siteSettings,
    cvDocument,
    messages,
  })) {
    const id = (table as unknown as { id: Parameters<typeof asc>[0] }).id;
    all[name] = await database.db.select().from(table).orderBy(asc(id));
  }
  return all;
}

/** Fills a site with one of everything: projects and articles with images, a draft, settings, messages. */
async function fill(made: Made) {
  const projectImage = storeImage(made, "projects", "1700000000000_shop.png", PNG);
  const coverImage = storeImage(
    made,
    "articles",
    "1700000000001_cover.png",
    Buffer.concat([PNG, Buffer.from([1])]),
  );
  const portrait = storeImage(made, "site", "1700000000002_me.png", Buffer.concat([PNG, Buffer.from([2])]));
  const galleryImage = storeImage(
    made,
    "projects",
    "1700000000003_checkout.png",
    Buffer.concat([PNG, Buffer.from([3])]),
  );
  // The owner's share images per language (decision 015).
  const projectCard = storeImage(
    made,
    "projects",
    "1700000000004_card.png",
    Buffer.concat([PNG, Buffer.from([4])]),
  );
  const articleCard = storeImage(
    made,
    "articles",
    "1700000000005_card.png",
    Buffer.concat([PNG, Buffer.from([5])]),
  );
  const alt = { image_alt_en: "A shop", image_alt_ar: "متجر" };
  // A case study with its rich text, key results and a gallery (docs/product.md §28).
  await send(made, "POST", "/api/projects", {
    title: "Shop",
    title_ar: "متجر",
    image_url: projectImage,
    featured: true,
    client_en: "Acme",
    problem_en: "<p>Slow pages.</p>",
    results_ar: ["أسرع بنسبة ٤٠٪"],
    gallery: [{ url: galleryImage, alt_en: "The checkout", alt_ar: "صفحة الدفع" }],
    share_image_en: projectCard,
    ...alt,
  });
  await send(made, "POST", "/api/projects", { title: "Blog", tags: ["Astro"] });
  await send(made, "POST", "/api/testimonials", { name: "منى", quote_ar: "عمل رائع.", show_on_home: true });
  await send(made, "POST", "/api/articles", {
    title_en: "Caching",
    title_ar: "التخزين",
    content_en: "<h2>Why</h2><p>Because.</p>",
    content_ar: "<p>لأن.</p>",
    image_url: coverImage,
    share_image_ar: articleCard,
    status: "published",
    tags: [{ en: "Node.js", ar: "نود" }],
    ...alt,
  });
  await send(made, "POST", "/api/articles", { title_en: "A draft", content_en: "<p>Later.</p>" });
  await send(made, "POST", "/api/articles", {
    title_en: "Soon",
    status: "scheduled",
    publish_at: "2031-01-01T08:00:00Z",
  });
  const settings = defaultSettings(siteConfig);
  await send(made, "PUT", "/api/settings", {
    ...settings,
    heroTitle: { en: "Mine", ar: "لي" },
    portrait: { url: portrait, alt: { en: "Me", ar: "أنا" } },
  });
  const [approved] = await made.database.db.select().from(testimonials);
  const cv = await send(made, "PUT", "/api/cv", {
    ...DEFAULT_CV,
    experience: [
      {
        role: { en: "", ar: "مطوّر واجهات" },
        organisation: { en: "Nile Labs", ar: "" },
        place: { en: "", ar: "" },
        start: "2021-03",
        end: "",
        url: "",
        highlights: [],
      },
    ],
    testimonials: [approved!.id],
    downloadLink: { hero: true, about: false },
  });
  expect(cv.status).toBe(200);
  await made.app.request("/f/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "http://localhost" },
    body: JSON.stringify({
      name: "Sam",
      email: "sam@example.com",
      subject: "Hi",
      message: "مرحبا",
      [FORM_STAMP_FIELD]: await contactStamp(made.database.db),
    }),
  });
  await insertArticle(made.database.db, { title_en: "Seeded", date: new Date("2025-05-05T05:05:05Z") });
  // The tables the API writes beside the content: an image's variants, and an old address of an item.
  await made.database.db.insert(imageVariants).values({
    url: projectImage,
    width: 1,
    height: 1,
    widths: [1],
    placeholder: `data:image/webp;base64,${PNG.toString("base64")}`,
  });
  const [shop] = await made.database.db.select().from(projects).where(eq(projects.title, "Shop"));
  await made.database.db
    .insert(slugHistory)
    .values({ kind: "projects", language: "en", slug: "old-shop", item_id: shop!.id });
}

async function download(made: Made): Promise<Buffer> {
  const response = await made.app.request("/api/backup", { headers: { Cookie: made.cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="sira-backup-\d{4}-\d\d-\d\d\.zip"$/,
  );
  return Buffer.from(await response.arrayBuffer());
}

async function restore(
  made: Made,
  archive: Buffer,
  replace = false,
  password: string | null = OWNER_PASSWORD,
  language = "en",
) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(archive)], "backup.zip", { type: "application/zip" }));
  if (replace) form.set("replace", "1");
  if (password !== null) form.set("password", password);
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

/** The entries of a zip, read with yauzl. */
function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      const files = new Map<string, Buffer>();
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * A zip of these entries, with a manifest whose checksums and row counts match them (a well-made archive of bad
 * content); `tables` overrides row counts.
 */
function rezip(files: Map<string, Buffer>, tables: Record<string, number> = {}): Promise<Buffer> {
  const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as {
    tables: Record<string, number>;
    entries: { path: string; sha256: string; bytes: number }[];
  };
  for (const [name, bytes] of files) {
    const table = /^data\/(\w+)\.json$/.exec(name)?.[1];
    if (table) manifest.tables[table] = (JSON.parse(bytes.toString("utf8")) as unknown[]).length;
  }
  Object.assign(manifest.tables, tables);
  manifest.entries = [...files.keys()]
    .filter((name) => name !== "manifest.json")
    .map((name) => ({
      path: name,
      sha256: createHash("sha256").update(files.get(name)!).digest("hex"),
      bytes: files.get(name)!.length,
    }));
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of files) if (name !== "manifest.json") zip.addBuffer(bytes, name);
  zip.addBuffer(Buffer.from(JSON.stringify(manifest)), "manifest.json");
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

/** The bytes of a zip that yazl writes. */
function zipBytes(zip: yazl.ZipFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

/** How much a zip bomb's entry inflates to: deflate packs zeros about a thousand to one. */
const BOMB_BYTES = 512 * 2 ** 20;
let bombs: Promise<{ honest: Buffer; lying: Buffer }> | undefined;

/**
 * Zip bombs: one entry of zeros that inflates to BOMB_BYTES from about half a megabyte, deflated as a stream (never
 * whole in memory). The manifest says it is an empty table ("[]"). In `honest` the zip's directory gives the real
 * size; in `lying` it claims the two bytes the manifest does, so only counting while inflating can stop it.
 */
function zipBombs() {
  bombs ??= (async () => {
    const zip = new yazl.ZipFile();
    const zeros = Buffer.alloc(2 ** 20);
    zip.addReadStream(
      Readable.from(
        (function* () {
          for (let sent = 0; sent < BOMB_BYTES; sent += zeros.length) yield zeros;
        })(),
      ),
      "data/projects.json",
    );
    const empty = Buffer.from("[]");
    const manifest = {
      format: "sira-backup",
      version: 1,
      created_at: new Date().toISOString(),
      tables: { projects: 0 },
      entries: [
        {
          path: "data/projects.json",
          sha256: createHash("sha256").update(empty).digest("hex"),
          bytes: empty.length,
        },
      ],
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest)), "manifest.json");
    zip.end();
    const honest = await zipBytes(zip);
    // The central directory's record of the entry: its uncompressed size is at offset 24.
    const lying = Buffer.from(honest);
    const record = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(lying.readUInt32LE(record + 24)).toBe(BOMB_BYTES);
    lying.writeUInt32LE(empty.length, record + 24);
    return { honest, lying };
  })();
  return bombs;
}

describe.each(backends)("backup of a site on $name", (backend) => {
  const database = useTestDatabase(backend);

  it.each(backends.map((target) => [target.name, target] as const))(
    "restores into a fresh site on %s: every row and every image byte the same",
    async (_name, target) => {
      const source = await site(database());
      await fill(source);
      const archive = await download(source);
      const files = await unzip(archive);
      const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as Record<string, unknown>;
      expect(manifest).toMatchObject({
        format: "sira-backup",
        version: 1,
        tables: {
          projects: 2,
          project_images: 1,
          testimonials: 1,
          articles: 4,
          site_settings: 1,
          cv_document: 1,
          messages: 1,
          image_variants: 1,
          slug_history: 1,
        },
      });
      // Sessions, sign-in limits and the password are not content.
      expect([...files.keys()].sort()).toEqual([
        "data/articles.json",
        "data/cv_document.json",
        "data/image_variants.json",
        "data/messages.json",
        "data/project_images.json",
        "data/projects.json",
        "data/site_settings.json",
        "data/slug_history.json",
        "data/testimonials.json",
        "images/articles/1700000000001_cover.png",
        "images/articles/1700000000005_card.png",
        "images/projects/1700000000000_shop.png",
        "images/projects/1700000000003_checkout.png",
        "images/projects/1700000000004_card.png",
        "images/site/1700000000002_me.png",
        "manifest.json",
      ]);

      const fresh = await target.open();
      try {
        const copy = await site(fresh);
        const restored = await restore(copy, archive);
        expect(restored).toEqual({
          status: 200,
          body: {
            restored: {
              projects: 2,
              project_images: 1,
              testimonials: 1,
              articles: 4,
              site_settings: 1,
              cv_document: 1,
              messages: 1,
              image_variants: 1,
              slug_history: 1,
            },
          },
        });
        const rows = await contentRows(fresh);
        expect(rows).toEqual(await contentRows(database()));
        // The share images came back with their rows.
        expect(rows.projects).toContainEqual(
          expect.objectContaining({
            share_image_en: "/storage/portfolio_images/projects/1700000000004_card.png",
          }),
        );
        expect(rows.articles).toContainEqual(
          expect.objectContaining({
            share_image_ar: "/storage/portfolio_images/articles/1700000000005_card.png",
          }),
        );
        // The variants the restored uploads get in the background are not in the archive.
        await copy.app.services.uploads.variants.runOnce();
        const originals = Object.entries(imageFiles(copy)).filter(([name]) => !isVariantName(name));
        expect(Object.fromEntries(originals)).toEqual(imageFiles(source));
        // The restored site serves what the first one did.
        const served = async (made: Made): Promise<unknown> =>
          (await made.app.request("/api/articles")).json();
        expect(await served(copy)).toEqual(await served(source));
      } finally {
        await fresh.close();
      }
    },
  );

  it("asks before replacing a site with content, then replaces it exactly", async () => {
    const source = await site(database());
    await fill(source);
    const archive = await download(source);

    const other = await backend.open();
    try {
      const target = await site(other);
      storeImage(target, "projects", "1600000000000_old.png", PNG);
      await send(target, "POST", "/api/projects", {
        title: "Old",
        image_url: "/storage/portfolio_images/projects/1600000000000_old.png",
        image_alt_en: "Old",
        image_alt_ar: "قديم",
      });
      const refused = await restore(target, archive);
      expect(refused).toEqual({
        status: 409,
        body: { error: "The site already has content. Confirm that the backup should replace it." },
      });
      expect((await send(target, "GET", "/api/admin/projects")).body).toMatchObject({ total: 1 });

      // Replacing the site asks for the password again: without it, or with a wrong one, nothing changes.
      const before = await contentRows(other);
      expect(await restore(target, archive, true, null)).toEqual({
        status: 422,
        body: {
          error: "Enter your password to confirm.",
          issues: [{ path: "password", message: "Enter your password to confirm." }],
        },
      });
      expect((await restore(target, archive, true, "not my password")).status).toBe(422);
      expect(await contentRows(other)).toEqual(before);

      expect((await restore(target, archive, true)).status).toBe(200);
      expect(await contentRows(other)).toEqual(await contentRows(database()));
      // The restored uploads had no variants: each got a job, and the queue made them (docs/product.md §13).
      await target.app.services.uploads.variants.runOnce();
      const restored = imageFiles(target);
      const originals = Object.entries(restored).filter(([name]) => !isVariantName(name));
      expect(Object.fromEntries(originals)).toEqual(imageFiles(source));
      const variants = await other.db.select({ url: imageVariants.url }).from(imageVariants);
      expect(variants.map((row) => row.url).sort()).toEqual(
        originals.map(([name]) => `/storage/portfolio_images/${name}`).sort(),
      );
      expect(await other.db.select().from(variantJobs)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("refuses a damaged, foreign or newer archive with a clear message and changes nothing", async () => {
    const made = await site(database());
    await fill(made);
    const archive = await download(made);
    const before = await contentRows(database());
    const images = imageFiles(made);

    // A flipped byte where the zip says where its directory starts, and a download cut short.
    const damaged = Buffer.from(archive);
    damaged[damaged.length - 6]! ^= 0xff;
    const truncated = archive.subarray(0, Math.floor(archive.length * 0.8));
    const foreign = new yazl.ZipFile();
    foreign.addBuffer(Buffer.from("hello"), "readme.txt");
    foreign.end();
    const foreignZip = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      foreign.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
      foreign.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    });
    const files = await unzip(archive);
    const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as Record<string, unknown>;
    files.set("manifest.json", Buffer.from(JSON.stringify({ ...manifest, version: 99 })));
    const newer = await rezip(files);

    for (const [bad, message] of [
      [damaged, "This file is not a backup of this site, or it is damaged. Nothing was changed."],
      [truncated, "This file is not a backup of this site, or it is damaged. Nothing was changed."],
      [foreignZip, "This file is not a backup of this site, or it is damaged. Nothing was changed."],
      [
        Buffer.from("not a zip at all"),
        "This file is not a backup of this site, or it is damaged. Nothing was changed.",
      ],
      [newer, "This backup was made by a newer version of the site. Nothing was changed."],
    ] as const) {
      const response = await restore(made, bad, true);
      expect(response.status).toBe(422);
      expect(response.body.error).toBe(message);
    }
    expect(await contentRows(database())).toEqual(before);
    expect(imageFiles(made)).toEqual(images);
  });

  it("leaves the site as it was when the restore fails half-way, new images included", async () => {
    const made = await site(database());
    await fill(made);
    const archive = await download(made);
    const before = await contentRows(database());
    const images = imageFiles(made);

    // A well-made archive whose articles clash (the same id twice) and that brings a new image.
    const files = await unzip(archive);
    const rows = JSON.parse(files.get("data/articles.json")!.toString("utf8")) as unknown[];
    files.set("data/articles.json", Buffer.from(JSON.stringify([...rows, rows[0]])));
    files.set("images/projects/1800000000000_new.png", PNG);
    const response = await restore(made, await rezip(files), true);
    expect(response.status).toBe(422);
    // Every row passes the checks: the transaction is what refuses it.
    expect(response.body.error).toBe(
      "This file is not a backup of this site, or it is damaged. Nothing was changed.",
    );
    expect(await contentRows(database())).toEqual(before);
    expect(imageFiles(made)).toEqual(images);
  });

  it("refuses rows the API would refuse, naming the row in the owner's language, and changes nothing", async () => {
    const made = await site(database());
    await fill(made);
    const archive = await download(made);
    const before = await contentRows(database());
    const images = imageFiles(made);
    const files = await unzip(archive);
    const table = (name: string) =>
      JSON.parse(files.get(`data/${name}.json`)!.toString("utf8")) as Record<string, unknown>[];
    /** The archive with one row of one table changed. */
    const changed = (name: string, index: number, change: Record<string, unknown>) => {
      const rows = table(name);
      rows[index] = { ...rows[index], ...change };
      return rezip(new Map([...files, [`data/${name}.json`, Buffer.from(JSON.stringify(rows))]]));
    };
    const refusal = (name: string, index: number, field: string, detail: string) =>
      `The backup holds a row the site would refuse: ${name} row ${index + 1} (id ${String(table(name)[index]!.id)}), ${field}: ${detail} Nothing was changed.`;

    const cases: [Promise<Buffer>, string][] = [
      // A 20 MB title would make the home page 63 MB.
      [
        changed("projects", 0, { title: "x".repeat(20_000_000) }),
        refusal("projects", 0, "title", "At most 200 characters."),
      ],
      // A link the page would render as a real href.
      [
        changed("projects", 1, { live_link: "data:text/html,<script>alert(1)</script>" }),
        refusal("projects", 1, "live_link", "Enter a full web address that starts with http:// or https://."),
      ],
      [
        changed("articles", 0, { image_url: "/storage/portfolio_images/articles/1700000000999_gone.png" }),
        refusal("articles", 0, "image_url", "The image is not in the backup."),
      ],
      [
        changed("project_images", 0, { url: "/storage/portfolio_images/projects/1700000000999_gone.png" }),
        refusal("project_images", 0, "url", "The image is not in the backup."),
      ],
      // A gallery image or a testimonial about a project the archive does not hold.
      [
        changed("project_images", 0, { project_id: "00000000-0000-4000-8000-000000000001" }),
        refusal("project_images", 0, "project_id", "The project is not in the backup."),
      ],
      [
        changed("testimonials", 0, { project_id: "00000000-0000-4000-8000-000000000001" }),
        refusal("testimonials", 0, "project_id", "The project is not in the backup."),
      ],
      [
        changed("testimonials", 0, { name: " " }),
        refusal("testimonials", 0, "name", "Please give your name."),
      ],
      [
        changed("messages", 0, { email: "not an address" }),
        refusal("messages", 0, "email", "Enter a valid e-mail address, such as name@example.com."),
      ],
      [
        changed("site_settings", 0, { overrides: { heroTitle: { en: "x".repeat(161), ar: "" } } }),
        refusal("site_settings", 0, "heroTitle.en", "At most 160 characters."),
      ],
      [
        changed("cv_document", 0, { document: { ...DEFAULT_CV, sections: ["summary", "summary"] } }),
        refusal("cv_document", 0, "sections", "Each CV section may appear once."),
      ],
      // A column the API never takes, bounded by its type.
      [
        changed("articles", 1, { created_at: "not a date" }),
        refusal("articles", 1, "created_at", "Some fields are not valid."),
      ],
      [
        rezip(files, { messages: 5 }),
        "The backup's messages table does not hold as many rows as its manifest says. Nothing was changed.",
      ],
    ];
    for (const [bad, message] of cases) {
      const response = await restore(made, await bad, true);
      expect(response).toMatchObject({ status: 422, body: { error: message } });
    }
    // In the owner's language.
    const arabic = await restore(made, await cases[0]![0], true, OWNER_PASSWORD, "ar");
    expect(arabic.body.error).toBe(
      `في النسخة الاحتياطية صف يرفضه الموقع: الجدول projects، الصف ١ (المعرّف ${String(table("projects")[0]!.id)})، الحقل title: ٢٠٠ حرف على الأكثر. لم يتغيّر شيء.`,
    );
    const missingProject = await restore(made, await cases[4]![0], true, OWNER_PASSWORD, "ar");
    expect(missingProject.body.error).toBe(
      `في النسخة الاحتياطية صف يرفضه الموقع: الجدول project_images، الصف ١ (المعرّف ${String(table("project_images")[0]!.id)})، الحقل project_id: المشروع ليس في النسخة الاحتياطية. لم يتغيّر شيء.`,
    );
    expect(await contentRows(database())).toEqual(before);
    expect(imageFiles(made)).toEqual(images);
  });

  it("refuses a zip bomb without inflating it: memory stays bounded", async () => {
    const made = await site(database());
    const { honest, lying } = await zipBombs();
    expect(honest.length).toBeLessThan(2 ** 20);
    const rss = process.memoryUsage().rss;
    for (const bomb of [honest, lying]) {
      const response = await restore(made, bomb, true);
      expect(response.status).toBe(422);
      expect(response.body.error).toBe(
        "This file is not a backup of this site, or it is damaged. Nothing was changed.",
      );
      // `npm run restore` checks an archive with the same reader.
      await expect(checkBackup(bomb, restoreGates)).rejects.toMatchObject({
        status: 422,
        key: "backupInvalid",
      });
    }
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 2 ** 20);
  });

  it("is the owner's only", async () => {
    const { app } = makeApp(database());
    expect((await app.request("/api/backup")).status).toBe(401);
    const form = new FormData();
    form.set("file", new File([new Uint8Array([1])], "x.zip"));
    const response = await app.request("/api/backup/restore", {
      method: "POST",
      body: form,
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status).toBe(401);
  });
});
