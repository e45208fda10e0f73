import { writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { findProjectRoot } from "#server/kernel/project-root.ts";

// One migrated PGlite data folder per test run, dumped to a file (PGlite's `dumpDataDir`): the in-memory databases
// of the tests start as copies of it instead of each running initdb and the migrations (about a second each).

/** Makes the dump in `folder`; answers its path. */
export async function makePgliteTemplate(folder: string): Promise<string> {
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), {
      migrationsFolder: path.join(findProjectRoot(), "db", "migrations"),
    });
    const file = path.join(folder, "pglite-template.tar");
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}
