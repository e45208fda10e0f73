import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isVariantName } from "#core/images.ts";
import { articles } from "#db/schema.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { createDiskImageStore } from "#server/kernel/storage/disk-store.ts";
import { sweepUnusedUploads } from "#server/features/uploads/sweep.ts";
import { storeUpload } from "#server/features/uploads/service.ts";
import { makeApp, ownerRequests, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { insertProject } from "#tests/helpers/seed.ts";

// Images inserted in the editor (docs/product.md §5): data: URLs while writing, stored uploads with variants once
// the article is saved; and uploads nothing points at, swept once they are a day old, once across instances.

const DAY = 24 * 60 * 60 * 1000;
const dataUrl = async (background: string, width = 900) =>
  `data:image/png;base64,${(
    await sharp({ create: { width, height: 600, channels: 3, background } })
      .png()
      .toBuffer()
  ).toString("base64")}`;

describe.each(backends)("inline images and unused uploads on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const made = makeApp(database());
    const cookie = await signIn(made.app, database());
    const folder = path.join(made.dataDir, "storage", "portfolio_images", "articles");
    const images = createDiskImageStore(made.dataDir);
    return { ...made, send: ownerRequests(made.app, () => cookie), folder, images };
  }

  it("stores each editor image on save and leaves no base64 in the article's HTML", async () => {
    const { send, app, folder } = await owner();
    const red = await dataUrl("#ef4444");
    const saved = await send("POST", "/api/articles", {
      title_en: "Pictures",
      content_en: `<p>One:</p><img src="${red}" alt="A red field"><p>Again:</p><img src="${red}" alt="The same red">`,
      content_ar: `<p>صورة:</p><img src="${await dataUrl("#22c55e", 300)}" alt="حقل أخضر">`,
      status: "published",
    });
    expect(saved.status).toBe(201);
    const [row] = await database().db.select().from(articles);
    for (const html of [row!.content_en, row!.content_ar]) expect(html).not.toContain("base64");
    // The same picture twice is one file; each keeps its own description.
    const originals = readdirSync(folder).filter((name) => !isVariantName(name));
    expect(originals).toHaveLength(2);
    const english = [...row!.content_en.matchAll(/<img [^>]+>/g)].map((match) => match[0]);
    expect(english).toHaveLength(2);
    expect(english[0]).toMatch(
      /^<img src="\/storage\/portfolio_images\/articles\/\d+_inline\.png" alt="A red field"/,
    );
    expect(english[1]).toContain('alt="The same red"');
    expect(english[0]).toContain('width="900" height="600"');
    expect(english[0]).toMatch(
      /srcset="[^"]+-w320\.webp 320w, [^"]+-w640\.webp 640w, [^"]+-w900\.webp 900w"/,
    );
    expect(english[0]).toContain('loading="lazy"');

    // The public page shows them, variants and all.
    const page = await app.request("/api/articles");
    expect(page.status).toBe(200);
    const src = /src="([^"]+)"/.exec(english[0]!)![1]!;
    expect((await app.request(src)).status).toBe(200);
    expect((await app.request(src.replace(".png", "-w640.webp"))).headers.get("content-type")).toBe(
      "image/webp",
    );
  });

  it("refuses a broken pasted image with a clear error and stores nothing", async () => {
    const { send, folder } = await owner();
    const response = await send("POST", "/api/articles", {
      title_en: "Broken",
      content_en: `<img src="data:image/png;base64,iVBORw0KGgoAAAAN" alt="x">`,
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: "The image could not be read. It may be damaged." });
    expect(() => readdirSync(folder)).toThrow();
    expect(await database().db.select().from(articles)).toEqual([]);
  });

  it("sweeps uploads nothing points at once they are a day old, with their variants, and keeps the rest", async () => {
    const { images, folder, send } = await owner();
    const deps = { db: database().db, images, logger: createMemoryLogger() };
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    const old = Date.now() - 2 * DAY;
    const abandoned = await storeUpload(deps, { name: "abandoned.png", bytes: png }, "articles", old);
    const used = await storeUpload(deps, { name: "used.png", bytes: png }, "projects", old + 1);
    await insertProject(database().db, { title: "Uses it", image_url: used.url });
    const inline = await send("POST", "/api/articles", {
      title_en: "Inline",
      content_en: `<img src="${await dataUrl("#000", 200)}" alt="Black">`,
    });
    expect(inline.status).toBe(201);
    const fresh = await storeUpload(deps, { name: "fresh.png", bytes: png }, "articles");

    // The inline image was stored now: a day later it is old, but its article still shows it.
    const removed = await sweepUnusedUploads(deps, new Date(Date.now() + 2 * DAY));
    expect(removed).toBe(2); // the abandoned upload, and the fresh one that was never used either
    const left = readdirSync(folder);
    expect(left.some((name) => name.includes("_abandoned"))).toBe(false);
    expect(left.some((name) => name.includes("_fresh"))).toBe(false);
    expect(left.filter((name) => name.includes("_inline") && !isVariantName(name))).toHaveLength(1);
    expect(await images.exists("projects", used.path.split("/")[1]!)).toBe(true);
    expect(abandoned.url).not.toBe(fresh.url);
  });

  it("keeps an upload younger than a day even when nothing points at it yet (a save in progress)", async () => {
    const { images } = await owner();
    const deps = { db: database().db, images, logger: createMemoryLogger() };
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#123" } })
      .png()
      .toBuffer();
    await storeUpload(deps, { name: "in-progress.png", bytes: png }, "projects");
    expect(await sweepUnusedUploads(deps)).toBe(0);
    expect((await images.list()).some((image) => image.name.includes("in-progress"))).toBe(true);
  });

  it.runIf(backend.name === "postgres")("runs once when two instances sweep at the same moment", async () => {
    const { images } = await owner();
    const deps = { db: database().db, images, logger: createMemoryLogger() };
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#456" } })
      .png()
      .toBuffer();
    for (let i = 0; i < 5; i++)
      await storeUpload(deps, { name: `gone${i}.png`, bytes: png }, "projects", Date.now() - 2 * DAY + i);
    const later = new Date(Date.now() + DAY);
    const results = await Promise.all([
      sweepUnusedUploads(deps, later),
      // The pool hands the second its own connection, as another instance would have.
      sweepUnusedUploads(deps, later),
    ]);
    expect(results.filter((result) => result === null)).toHaveLength(1);
    expect(results.find((result) => result !== null)).toBe(5);
  });
});
