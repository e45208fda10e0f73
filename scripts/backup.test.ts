import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "#db/client.ts";
import { projects } from "#db/schema.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";

// `npm run backup -- FILE` and `npm run restore -- FILE` on a stopped site's data folder (docs/product.md §19).

const root = findProjectRoot();
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const temporary = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "sira-backup-cli-"));
  folders.push(folder);
  return folder;
};

function run(script: "backup" | "restore", dataDir: string, args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, `scripts/${script}.ts`), ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" }, cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function withDatabase<T>(
  dataDir: string,
  work: (db: Awaited<ReturnType<typeof createDb>>["db"]) => Promise<T>,
) {
  const database = await createDb({
    pgliteDataDir: path.join(dataDir, "pglite"),
    migrationsFolder: path.join(root, "db/migrations"),
  });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe("npm run backup and npm run restore", () => {
  it("take a site's data folder to a file and bring it back into an empty one, asking before replacing", async () => {
    const source = temporary();
    const image = path.join(source, "storage/portfolio_images/projects/1700000000000_shop.png");
    mkdirSync(path.dirname(image), { recursive: true });
    writeFileSync(image, Buffer.from("not really a png, but bytes to keep"));
    const rows = await withDatabase(source, async (db) => {
      await insertProject(db, {
        title: "Shop",
        image_url: "/storage/portfolio_images/projects/1700000000000_shop.png",
      });
      await insertArticle(db, { title_en: "Hello" });
      return db.select().from(projects);
    });

    const file = path.join(temporary(), "site.zip");
    const backup = await run("backup", source, [file]);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toContain(
      "projects 1, project_images 0, testimonials 0, articles 1, site_settings 0, messages 0, image_variants 0, " +
        "slug_history 0, 1 images",
    );
    expect(existsSync(file)).toBe(true);

    const target = temporary();
    const restored = await run("restore", target, [file]);
    expect(restored.stdout).toContain("Restored from");
    expect(await withDatabase(target, (db) => db.select().from(projects))).toEqual(rows);
    expect(
      readFileSync(path.join(target, "storage/portfolio_images/projects/1700000000000_shop.png")),
    ).toEqual(readFileSync(image));

    const again = await run("restore", target, [file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("The site already has content");
    expect((await run("restore", target, [file, "--replace"])).code).toBe(0);

    const broken = path.join(temporary(), "broken.zip");
    writeFileSync(broken, "nope");
    const refused = await run("restore", target, [broken, "--replace"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is not a backup of this site");
  }, 60_000);
});
