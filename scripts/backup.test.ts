import { execFile } from "node:child_process";
import { CronExpressionParser } from "cron-parser";
import yauzl from "yauzl";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "#db/client.ts";
import { projects } from "#db/schema.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import { startServer } from "#server/runtime.ts";
import { TINY_PNG } from "#tests/helpers/app.ts";
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

const SHOP_IMAGE = "/storage/portfolio_images/projects/1700000000000_shop.png";

/** A site in `dataDir` with a project, its image (a real PNG, as a restore checks it) and an article; answers the
 * image file and the projects. */
async function seedSite(dataDir: string) {
  const image = path.join(dataDir, "storage", SHOP_IMAGE.replace("/storage/", ""));
  mkdirSync(path.dirname(image), { recursive: true });
  writeFileSync(image, TINY_PNG);
  const rows = await withDatabase(dataDir, async (db) => {
    await insertProject(db, { title: "Shop", image_url: SHOP_IMAGE });
    await insertArticle(db, { title_en: "Hello" });
    return db.select().from(projects);
  });
  return { image, rows };
}

describe("npm run backup and npm run restore", () => {
  it("take a site's data folder to a file and bring it back into an empty one, asking before replacing", async () => {
    const source = temporary();
    const { image, rows } = await seedSite(source);

    const file = path.join(temporary(), "site.zip");
    const backup = await run("backup", source, [file]);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toContain(
      "projects 1, project_images 0, testimonials 0, articles 1, site_settings 0, cv_document 0, messages 0, image_variants 0, " +
        "slug_history 0, 1 images",
    );
    expect(existsSync(file)).toBe(true);

    const target = temporary();
    // A folder without a site is made one only when asked.
    const refusedNew = await run("restore", target, [file]);
    expect(refusedNew.code).toBe(1);
    expect(refusedNew.stderr).toContain(`There is no Sira site in ${path.join(target, "pglite")}`);
    const restored = await run("restore", target, [file, "--new"]);
    expect(restored.stdout).toContain("Restored from");
    expect(await withDatabase(target, (db) => db.select().from(projects))).toEqual(rows);
    expect(readFileSync(path.join(target, "storage", SHOP_IMAGE.replace("/storage/", "")))).toEqual(
      readFileSync(image),
    );

    const again = await run("restore", target, [file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("The site already has content");
    expect((await run("restore", target, [file, "--replace"])).code).toBe(0);

    const broken = path.join(temporary(), "broken.zip");
    writeFileSync(broken, "nope");
    const refused = await run("restore", target, [broken, "--replace"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is not a backup of this site");
  }, 120_000);
});

/** The names of a zip's entries and its manifest, read with yauzl. */
function zipContents(
  file: string,
): Promise<{ names: string[]; manifest: { tables: Record<string, number> } }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      let manifest = "";
      zip.on("error", reject);
      zip.on("end", () =>
        resolve({ names, manifest: JSON.parse(manifest) as { tables: Record<string, number> } }),
      );
      zip.on("entry", (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (entry.fileName !== "manifest.json") return zip.readEntry();
        zip.openReadStream(entry, (failed, stream) => {
          if (failed) return reject(failed);
          stream.on("data", (chunk: Buffer) => (manifest += chunk.toString("utf8")));
          stream.on("end", () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}

describe("the README's nightly backup", () => {
  it("runs as cron would while the server holds the embedded database, and the key stays the server's", async () => {
    const dataDir = temporary();
    await seedSite(dataDir);
    const server = await startServer({
      env: loadEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_REQUESTS: "0" }),
      logger: createMemoryLogger(),
      output: { write: () => true },
    });
    try {
      const readme = readFileSync(path.join(root, "README.md"), "utf8");
      const line = /^(\S+ \S+ \S+ \S+ \S+) (cd \/srv\/sira && npm run backup -- .+)$/m.exec(readme);
      expect(line, "a crontab line in the README").not.toBeNull();
      const [, schedule, command] = line!;
      // Every night: the next two runs are a day apart, at 03:00.
      const runs = CronExpressionParser.parse(schedule!, {
        currentDate: "2026-01-01T12:00:00",
        tz: "UTC",
      }).take(2);
      expect(runs.map((run) => run.toISOString())).toEqual([
        "2026-01-02T03:00:00.000Z",
        "2026-01-03T03:00:00.000Z",
      ]);

      // Cron hands the line to sh with `\%` read as `%`; the site's folder and the archives' are this test's.
      const archives = temporary();
      const shell = command!
        .replaceAll("\\%", "%")
        .replace("/srv/sira", root)
        .replace("/var/backups/sira", archives);
      const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          "sh",
          ["-c", shell],
          { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });
      expect(result.stderr).not.toMatch(/Stop the server|error/i);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("through the running server");
      const [file] = readdirSync(archives);
      expect(file).toMatch(/^site-\d{4}-\d{2}-\d{2}\.zip$/);
      const { names, manifest } = await zipContents(path.join(archives, file!));
      expect(manifest.tables).toMatchObject({ projects: 1, articles: 1 });
      expect(names).toContain("images/projects/1700000000000_shop.png");

      // The server kept answering, and the key is no credential for anyone without the data folder.
      expect((await fetch(`${server.url}/api/projects`)).status).toBe(200);
      const guessed = await fetch(`${server.url}/api/backup`, {
        headers: { Authorization: "Bearer guessed" },
      });
      expect(guessed.status).toBe(401);
      expect(statSync(path.join(dataDir, "backup-channel.json")).mode & 0o077).toBe(0);
    } finally {
      await server.close();
    }
    // A stopped server leaves no key behind; the command then reads the folder itself (the test above).
    expect(existsSync(path.join(dataDir, "backup-channel.json"))).toBe(false);
  }, 120_000);
});
