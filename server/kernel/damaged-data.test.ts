import { execFile, execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  truncateSync,
  writeFileSync,
  writeSync,
  closeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { createDb, type DbHandle } from "#db/client.ts";
import { projects } from "#db/schema.ts";
import { jsonRequest, makeApp, signIn } from "#tests/helpers/app.ts";
import { migrationsFolder } from "#tests/helpers/databases.ts";
import { insertProject } from "#tests/helpers/seed.ts";
import { findProjectRoot } from "./project-root.ts";

// docs/product.md §23: real PGlite folders, damaged on disk the ways they get damaged, started through the
// server's own start (runServer in a child process) or opened by createDb and served by the real app.

const root = findProjectRoot();
const folders: string[] = [];
const temporary = (prefix: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A site's DATA_DIR with three projects, made once; each test damages its own copy. */
let site: string;
/** The projects table's file and its primary key's, relative to DATA_DIR/pglite. */
let projectsFile: string;
let projectsKeyFile: string;

beforeAll(async () => {
  site = temporary("sira-site-");
  // What a first start stopped half-way leaves: part of a database, still marked as being made. A new start
  // makes it anew instead of taking it for a damaged one.
  mkdirSync(path.join(site, "pglite", "base"), { recursive: true });
  writeFileSync(path.join(site, "pglite", "postgresql.conf"), "");
  writeFileSync(path.join(site, "pglite", ".sira-being-made"), "");
  const database = await createDb({ pgliteDataDir: path.join(site, "pglite"), migrationsFolder });
  expect(existsSync(path.join(site, "pglite", ".sira-being-made"))).toBe(false);
  for (const title of ["Atlas", "Bridge", "Compass"]) await insertProject(database.db, { title });
  const result: unknown = await database.db.execute(
    sql`select pg_relation_filepath('projects') as heap, pg_relation_filepath('projects_pkey') as key`,
  );
  ({ heap: projectsFile, key: projectsKeyFile } = (
    result as { rows: { heap: string; key: string }[] }
  ).rows[0]!);
  await database.close();
}, 120_000);

function copyOfSite(): string {
  const dataDir = temporary("sira-damaged-");
  cpSync(site, dataDir, { recursive: true });
  return dataDir;
}

/** Every file under a folder with the SHA-256 of its bytes. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, full)] = createHash("sha256").update(readFileSync(full)).digest("hex");
  }
  return files;
}

function overwritePage(file: string, block: number, bytes: Buffer) {
  const fd = openSync(file, "r+");
  try {
    writeSync(fd, bytes, 0, bytes.length, block * 8192);
  } finally {
    closeSync(fd);
  }
}

/** `npm start`'s start (runServer) as its own process on this DATA_DIR: how it ends and what it printed. */
function startProcess(dataDir: string) {
  const script =
    `const { runServer } = await import(${JSON.stringify(path.join(root, "server/runtime.ts"))});` +
    "await runServer({});";
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ["--input-type=module", "-e", script],
      {
        cwd: root,
        timeout: 90_000,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          PORT: "0",
          HOST: "127.0.0.1",
          LOG_FORMAT: "json",
          ADMIN_PASSWORD: "a long enough pass phrase",
        },
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : null) : 0,
          output: stdout + stderr,
        }),
    );
    // A server that starts would listen until the timeout: the test then fails on the exit code.
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("is listening")) child.kill();
    });
  });
}

describe("a damaged embedded database stops the start", () => {
  const wal = (dataDir: string) => {
    const folder = path.join(dataDir, "pglite", "pg_wal");
    return path.join(
      folder,
      readdirSync(folder).find((name) => /^[0-9A-F]{24}$/.test(name))!,
    );
  };

  it.each([
    [
      "PG_VERSION is missing",
      (dataDir: string) => rmSync(path.join(dataDir, "pglite", "PG_VERSION")),
      /the file PG_VERSION is missing/,
    ],
    [
      "the write-ahead log is cut short",
      (dataDir: string) => truncateSync(wal(dataDir), 100_000),
      /write-ahead log segment pg_wal\/\w+ has an impossible size \(100000 bytes\)/,
    ],
    [
      "the write-ahead log is missing",
      (dataDir: string) => rmSync(wal(dataDir)),
      /the write-ahead log \(pg_wal\) holds no segment file/,
    ],
  ])(
    "when %s: a message naming the folder and the way back, and no file touched",
    async (_case, damage, problem) => {
      const dataDir = copyOfSite();
      damage(dataDir);
      const before = snapshot(dataDir);

      const { code, output } = await startProcess(dataDir);

      expect(code).toBe(1);
      const logged = output
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(logged).toHaveLength(1);
      const message = logged[0]!.msg;
      expect(message).toContain(`The database in ${path.join(dataDir, "pglite")} is damaged`);
      expect(message).toMatch(problem);
      expect(message).toContain("npm run restore -- FILE.zip");
      expect(output).not.toMatch(/\n\s+at |Aborted\(\)|-sASSERTIONS/);
      // Nothing was initialised over the damaged folder: every file is as it was, none added.
      const after = snapshot(dataDir);
      expect(after).toEqual(before);
    },
  );

  it.each([
    [
      "a table's file is missing",
      (dataDir: string) => rmSync(path.join(dataDir, "pglite", projectsFile)),
      () => new RegExp(`the file ${projectsFile} of the table projects is missing`),
    ],
    [
      "a table's page is all zeros",
      (dataDir: string) => overwritePage(path.join(dataDir, "pglite", projectsFile), 0, Buffer.alloc(8192)),
      () =>
        new RegExp(
          `rows of the table projects on page 0 of ${projectsFile} are gone \\(the page is all zeros`,
        ),
    ],
    [
      "a table's page is garbage",
      (dataDir: string) => overwritePage(path.join(dataDir, "pglite", projectsFile), 0, randomBytes(8192)),
      () => new RegExp(`page 0 of the table projects \\(${projectsFile}\\) is not a valid page`),
    ],
  ])(
    "when %s: the start stops with the message, and the site's rows are left as they were",
    async (_case, damage, problem) => {
      const dataDir = copyOfSite();
      damage(dataDir);
      const pglite = path.join(dataDir, "pglite");
      const before = snapshot(pglite);

      const { code, output } = await startProcess(dataDir);

      expect(code).toBe(1);
      expect(output).toMatch(problem());
      expect(output).toContain("npm run restore -- FILE.zip");
      expect(output).not.toMatch(/\n\s+at /);
      // PostgreSQL opened the folder to list its tables (it may note that in its own catalog and control file),
      // but created nothing: the same files, and the site's table and index byte for byte.
      const after = snapshot(pglite);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      for (const file of [projectsFile, projectsKeyFile]) expect(after[file], file).toBe(before[file]);
      expect(existsSync(path.join(dataDir, "sira.lock"))).toBe(false);
    },
  );

  it("when a database with rows is marked as being made: a message saying what to do, and no file touched", async () => {
    const dataDir = copyOfSite();
    const mark = path.join(dataDir, "pglite", ".sira-being-made");
    writeFileSync(mark, "");
    const before = snapshot(dataDir);

    const { code, output } = await startProcess(dataDir);

    expect(code).toBe(1);
    const logged = output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged).toHaveLength(1);
    const message = logged[0]!.msg;
    expect(message).toContain(
      `The database in ${path.join(dataDir, "pglite")} holds data, yet it is marked as a database being made`,
    );
    expect(message).toContain(`delete the file ${mark} and start again`);
    expect(output).not.toMatch(/\n\s+at /);
    expect(snapshot(dataDir)).toEqual(before);

    // With the stray mark gone, the same folder opens with its rows.
    rmSync(mark);
    const database = await createDb({ pgliteDataDir: path.join(dataDir, "pglite"), migrationsFolder });
    try {
      const rows = await database.db.select({ title: projects.title }).from(projects).orderBy(projects.title);
      expect(rows.map((row) => row.title)).toEqual(["Atlas", "Bridge", "Compass"]);
    } finally {
      await database.close();
    }
  });

  it("opens an undamaged copy with its rows (the checks find nothing where nothing is wrong)", async () => {
    const dataDir = copyOfSite();
    const database = await createDb({ pgliteDataDir: path.join(dataDir, "pglite"), migrationsFolder });
    try {
      const rows = await database.db.select({ title: projects.title }).from(projects).orderBy(projects.title);
      expect(rows.map((row) => row.title)).toEqual(["Atlas", "Bridge", "Compass"]);
    } finally {
      await database.close();
    }
  });
});

function appOn(database: DbHandle, dataDir: string) {
  return makeApp({ ...database, clear: () => Promise.resolve() }, { DATA_DIR: dataDir });
}

describe("damage found while the server runs", () => {
  let database: DbHandle;
  let served: ReturnType<typeof appOn>;

  beforeAll(async () => {
    const dataDir = copyOfSite();
    database = await createDb({ pgliteDataDir: path.join(dataDir, "pglite"), migrationsFolder });
    served = appOn(database, dataDir);
    expect((await served.app.request("/healthz")).status).toBe(200);
    // The projects table has not been read since the start: its page comes from the disk, damaged now.
    overwritePage(path.join(dataDir, "pglite", projectsFile), 0, Buffer.alloc(8192, 0xab));
  }, 60_000);
  afterAll(() => database.close());

  it("answers 503 in the visitor's language without SQL, turns /healthz and /readyz unhealthy, and logs it once", async () => {
    const english = await served.app.request("/api/projects");
    expect(english.status).toBe(503);
    expect(await english.json()).toEqual({ error: apiErrorText("en", "dataDamaged") });
    const arabic = await served.app.request("/api/projects", { headers: { Cookie: "language=ar" } });
    expect(arabic.status).toBe(503);
    const text = await arabic.text();
    expect(JSON.parse(text)).toEqual({ error: apiErrorText("ar", "dataDamaged") });
    expect(text).not.toMatch(/select|projects|base\//i);
    for (let i = 0; i < 5; i++) await served.app.request("/api/projects");

    const health = await served.app.request("/healthz");
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "damaged" });
    const ready = await served.app.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "unavailable", database: "damaged" });

    const errors = served.logger.lines.filter((line) => line.startsWith("error "));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^error The database is damaged: .*npm run restore -- FILE\.zip/);
    expect(errors[0]).toContain("invalid page in block 0");
  });
});

describe("a full disk", () => {
  let mount: string;
  let database: DbHandle;
  let served: ReturnType<typeof appOn>;
  let cookie: string;
  const filler = () => path.join(mount, "filler");

  beforeAll(async () => {
    // A real full disk: a small tmpfs as DATA_DIR. Mounting needs root (CI runs as root); without it this test
    // must fail, not pass unseen.
    if (process.getuid?.() !== 0)
      throw new Error("The full-disk test mounts a tmpfs and must run as root (it does on CI).");
    mount = temporary("sira-full-");
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", mount]);
    cpSync(site, mount, { recursive: true });
    database = await createDb({ pgliteDataDir: path.join(mount, "pglite"), migrationsFolder });
    served = appOn(database, mount);
    cookie = await signIn(served.app, { ...database, clear: () => Promise.resolve() });
  }, 60_000);

  afterAll(async () => {
    rmSync(filler(), { force: true });
    await database?.close();
    if (mount) execFileSync("umount", [mount]);
  });

  const newProject = (headers: Record<string, string> = {}) => {
    const request = jsonRequest(
      "POST",
      { title: "Filled", description: randomBytes(2400).toString("base64") },
      cookie,
    );
    return served.app.request("/api/projects", {
      ...request,
      headers: { ...(request.headers as Record<string, string>), ...headers },
    });
  };

  /** An image of noise (it does not compress): larger than the space left. */
  const upload = async () => {
    const png = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("file", new File([new Uint8Array(png)], "noise.png"));
    form.set("folder", "projects");
    return served.app.request("/api/uploads", {
      method: "POST",
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin", Cookie: cookie },
      body: form,
    });
  };

  it("refuses writes with 507 in the visitor's language, says so on /readyz, and recovers once space returns", async () => {
    expect((await newProject()).status).toBe(201);
    const { bavail, bsize } = statfsSync(mount);
    writeFileSync(filler(), Buffer.alloc(bavail * bsize - 48 * 1024));

    // PostgreSQL writes into pages it already has until it must grow a file: then the disk is full.
    let refused: Response | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const response = await newProject({ Cookie: `${cookie}; language=ar` });
      if (response.status !== 201) refused = response;
    }
    expect(refused?.status).toBe(507);
    expect(await refused!.json()).toEqual({ error: apiErrorText("ar", "diskFull") });

    const ready = await served.app.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "degraded", database: "ok", storage: "ok", disk: "full" });
    const health = await served.app.request("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "degraded", disk: "full" });
    // An upload meets the full disk in its own files (ENOSPC): the same answer.
    const uploaded = await upload();
    expect(uploaded.status).toBe(507);
    expect(await uploaded.json()).toEqual({ error: apiErrorText("en", "diskFull") });
    // Reads still work.
    expect((await served.app.request("/api/projects")).status).toBe(200);
    const again = await newProject();
    expect(again.status).toBe(507);
    expect(await again.json()).toEqual({ error: apiErrorText("en", "diskFull") });

    rmSync(filler());
    expect((await served.app.request("/readyz")).status).toBe(200);
    expect(await (await served.app.request("/healthz")).json()).toEqual({ status: "ok" });
    expect((await newProject()).status).toBe(201);
    expect((await upload()).status).toBe(201);

    const lines = served.logger.lines;
    expect(lines.filter((line) => line.startsWith("error The disk is full"))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("error request failed"))).toEqual([]);
    expect(lines).toContain("info The disk has space again: writes are accepted.");
  });
});
