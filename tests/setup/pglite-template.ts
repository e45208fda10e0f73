import { writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { createDb } from "#db/client.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";

// One migrated PGlite data folder per test run, dumped to a file (PGlite's `dumpDataDir`): the in-memory databases
// of the tests start as copies of it instead of each running initdb and the migrations (about a second each).
// Tests of the commands that open a data folder on disk copy a migrated folder instead (initdb on disk takes three).

const migrationsFolder = path.join(findProjectRoot(), "db", "migrations");

/** Makes the dump in `folder`; answers its path. */
export async function makePgliteTemplate(folder: string): Promise<string> {
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    const file = path.join(folder, "pglite-template.tar");
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}

/** Makes a migrated PGlite data folder on disk in `folder`, as the server leaves it when it stops; answers its path. */
export async function makePgliteFolderTemplate(folder: string): Promise<string> {
  const dataDir = path.join(folder, "pglite");
  const database = await createDb({ pgliteDataDir: dataDir, migrationsFolder });
  await database.close();
  return dataDir;
}
