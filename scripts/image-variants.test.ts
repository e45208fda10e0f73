import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "#db/client.ts";
import { imageVariants } from "#db/schema.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { migratedDataFolder } from "#tests/helpers/databases.ts";

// `npm run images:variants` (docs/product.md §13): uploads stored before variants existed get them, once.

const root = findProjectRoot();
const dataDir = migratedDataFolder("sira-variants-cli-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run() {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "scripts/image-variants.ts")],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir }, cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run images:variants", () => {
  it("gives every image the site uses its variants, then has nothing left to do, and names a missing one", async () => {
    const folder = path.join(dataDir, "storage/portfolio_images/projects");
    mkdirSync(folder, { recursive: true });
    const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#0ea5e9" } })
      .jpeg()
      .toBuffer();
    writeFileSync(path.join(folder, "1700000000000_old.jpg"), photo);
    const database = await createDb({
      pgliteDataDir: path.join(dataDir, "pglite"),
      migrationsFolder: path.join(root, "db/migrations"),
    });
    try {
      await insertProject(database.db, {
        title: "Old",
        image_url: "/storage/portfolio_images/projects/1700000000000_old.jpg",
      });
    } finally {
      await database.close();
    }

    const first = await run();
    expect(first.stderr).toBe("");
    expect(first.stdout).toContain("1 images given their variants, 0 already complete.");
    expect(readdirSync(folder).sort()).toEqual([
      "1700000000000_old-w320.avif",
      "1700000000000_old-w320.webp",
      "1700000000000_old-w640.avif",
      "1700000000000_old-w640.webp",
      "1700000000000_old-w800.avif",
      "1700000000000_old-w800.webp",
      "1700000000000_old.jpg",
    ]);

    const again = await run();
    expect(again.stdout).toContain("0 images given their variants, 1 already complete.");

    // A variant lost (a copy left half-way): made again. And an image nobody has: named.
    rmSync(path.join(folder, "1700000000000_old-w640.webp"));
    const reopened = await createDb({
      pgliteDataDir: path.join(dataDir, "pglite"),
      migrationsFolder: path.join(root, "db/migrations"),
    });
    try {
      await insertArticle(reopened.db, {
        title_en: "Lost",
        image_url: "/storage/portfolio_images/articles/1700000000009_gone.png",
      });
      expect((await reopened.db.select().from(imageVariants)).map((row) => row.widths)).toEqual([
        [320, 640, 800],
      ]);
    } finally {
      await reopened.close();
    }
    const repaired = await run();
    expect(repaired.code).toBe(1);
    expect(repaired.stdout).toContain("1 images given their variants, 0 already complete.");
    expect(repaired.stderr).toContain("/storage/portfolio_images/articles/1700000000009_gone.png");
    expect(readdirSync(folder)).toContain("1700000000000_old-w640.webp");
  }, 60_000);
});
