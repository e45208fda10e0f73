import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#db/client.ts";
import { siteSettings } from "#db/schema.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import { imageStoreFromEnv } from "#server/kernel/storage/image-store.ts";
import { startS3, type TestS3 } from "#tests/helpers/s3.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { migratedDataFolder } from "#tests/helpers/databases.ts";

// `npm run storage:migrate` (docs/architecture.md "Storage"): a site's images move from its data folder into a
// real S3 server (s3rver), the run can be repeated, and an image the site uses but nobody has is named.

const root = findProjectRoot();
let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3();
  dataDir = migratedDataFolder("sira-migrate-");
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function run(env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "scripts/storage-migrate.ts")],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env }, cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function putOnDisk(folder: string, name: string, content: string) {
  const file = path.join(dataDir, "storage/portfolio_images", folder, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return `/storage/portfolio_images/${folder}/${name}`;
}

describe("npm run storage:migrate", () => {
  it("needs a bucket", async () => {
    const result = await run({});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Set S3_BUCKET");
  });

  it("copies the disk's images into the bucket once, checks every image the site uses, and names a missing one", async () => {
    const project = putOnDisk("projects", "1700000000000_shop.png", "shop bytes");
    const cover = putOnDisk("articles", "1700000000001_cover.jpg", "cover bytes");
    const inline = putOnDisk("articles", "1700000000002_inline.png", "inline bytes");
    const portrait = putOnDisk("site", "1700000000003_me.webp", "portrait bytes");
    putOnDisk("projects", "1700000000004_unused.gif", "kept too, in case");
    const database = await createDb({
      pgliteDataDir: path.join(dataDir, "pglite"),
      migrationsFolder: path.join(root, "db/migrations"),
    });
    try {
      await insertProject(database.db, { title: "Shop", image_url: project });
      await insertArticle(database.db, {
        title_en: "Covered",
        image_url: cover,
        content_en: `<p>Look:</p><img src="${inline}" alt="A chart">`,
      });
      await database.db.insert(siteSettings).values({
        id: 1,
        overrides: { portrait: { url: portrait, alt: { en: "Me", ar: "أنا" } } },
      });
    } finally {
      await database.close();
    }

    const first = await run(s3.env);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      "5 copied, 0 already in the bucket sira-test; 4 of 4 images the site uses are there.",
    );
    const bucket = await imageStoreFromEnv(loadEnv({ DATA_DIR: "/nonexistent-sira", ...s3.env }));
    expect((await bucket.read("site", "1700000000003_me.webp")).toString()).toBe("portrait bytes");
    expect((await bucket.list()).length).toBe(5);

    const again = await run(s3.env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("0 copied, 5 already in the bucket");

    // An image the site points at that is in neither place.
    rmSync(path.join(dataDir, "storage/portfolio_images/site/1700000000003_me.webp"));
    await bucket.remove("site", "1700000000003_me.webp");
    const broken = await run(s3.env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("/storage/portfolio_images/site/1700000000003_me.webp");
    expect(broken.stdout).toContain("3 of 4 images the site uses are there");
  }, 60_000);
});
