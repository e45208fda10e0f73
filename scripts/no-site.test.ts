import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockDataDir } from "#server/kernel/data-lock.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import { migratedDataFolder } from "#tests/helpers/databases.ts";

// The owner's commands where DATA_DIR names no site (docs/product.md §19.3): a cron line or a shell without the
// service's environment. Each stops, naming the folder it looked at, and makes no database there.

const root = findProjectRoot();
const folders: string[] = [];
// After all: the commands run side by side, each in a folder of its own.
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const S3 = {
  S3_BUCKET: "sira-images",
  S3_ENDPOINT: "http://127.0.0.1:9",
  S3_ACCESS_KEY_ID: "key",
  S3_SECRET_ACCESS_KEY: "secret",
};

/**
 * Runs a command as npm runs it, with standard input left open: a command that asks before it checks would wait
 * for an answer, and the test would time out.
 */
function run(command: string, args: string[], env: Record<string, string>, cwd = root) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", path.join(root, "scripts/env-file.js"), path.join(root, `scripts/${command}.ts`), ...args],
      { env: { PATH: process.env.PATH, DATABASE_URL: "", ...env }, cwd, timeout: 150_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("a command pointed at a folder without a site", () => {
  it.concurrent.each([
    ["backup", ["site.zip"], {}],
    ["restore", ["site.zip"], {}],
    ["admin-password", [], {}],
    ["image-variants", [], {}],
    ["storage-migrate", [], S3],
  ] as const)(
    "%s %j refuses, names the folder and makes no database",
    async (command, args, env) => {
      const folder = mkdtempSync(path.join(tmpdir(), "sira-no-site-"));
      folders.push(folder);
      const dataDir = path.join(folder, "data");
      const result = await run(
        command,
        args.map((arg) => (arg === "site.zip" ? path.join(folder, arg) : arg)),
        { DATA_DIR: dataDir, ...env },
      );
      expect(result.stderr).toContain(`There is no Sira site in ${path.join(dataDir, "pglite")}`);
      expect(result.stderr).toContain("no database was made");
      expect(result.code).toBe(1);
      expect(existsSync(dataDir)).toBe(false);
    },
    180_000,
  );

  it("says the server must be stopped before it asks for a password", async () => {
    const dataDir = migratedDataFolder("sira-no-site-locked-");
    folders.push(dataDir);
    const unlock = lockDataDir(dataDir);
    try {
      const result = await run("admin-password", [], { DATA_DIR: dataDir });
      expect(result.stderr).toMatch(/Stop the server first/);
      expect(result.code).toBe(1);
    } finally {
      unlock();
    }
  }, 180_000);
});
