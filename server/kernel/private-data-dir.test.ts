import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import { loadEnv } from "./env.ts";

// DATA_DIR holds the whole site (docs/product.md §23): no other user of the machine may read or change it.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Every entry under `folder` (itself included) that the group or others may use, by path. */
function openToOthers(folder: string): string[] {
  const found: string[] = [];
  const walk = (entry: string) => {
    const stats = statSync(entry);
    if ((stats.mode & 0o077) !== 0) found.push(entry);
    if (stats.isDirectory()) for (const child of readdirSync(entry)) walk(path.join(entry, child));
  };
  walk(folder);
  return found;
}

describe("the data folder", () => {
  it("is closed to other users when the embedded database opens, the files it writes included", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "sira-private-")), "data");
    folders.push(path.dirname(dataDir));
    const env = loadEnv({ DATA_DIR: dataDir });
    const first = await openDatabase(env);
    await first.database.db.execute("create table written (x int)");
    await first.close();
    // Left open by someone, as an older version or a copy with `cp -r` under umask 000 would.
    chmodSync(dataDir, 0o777);
    chmodSync(path.join(dataDir, "pglite", "global", "pg_control"), 0o666);

    const opened = await openDatabase(env);
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 120_000);
});
