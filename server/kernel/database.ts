import path from "node:path";
import { createDb, type DbHandle } from "#db/client.ts";
import { lockDataDir } from "./data-lock.ts";
import type { ServerEnv } from "./env.ts";
import { findProjectRoot } from "./project-root.ts";

export interface OpenedDatabase {
  database: DbHandle;
  /** Closes the database and releases the data folder. */
  close: () => Promise<void>;
}

/**
 * Opens the database the environment names: a PostgreSQL server, or the embedded one in DATA_DIR, which one
 * process holds at a time (the lock). Used by the server and by `npm run admin:password`.
 */
export async function openDatabase(
  env: ServerEnv,
  options: { inMemory?: boolean; copyOf?: Blob } = {},
): Promise<OpenedDatabase> {
  const embedded = !env.databaseUrl && !options.inMemory;
  const unlock = embedded ? lockDataDir(env.dataDir) : () => undefined;
  let database: DbHandle;
  try {
    database = await createDb({
      databaseUrl: env.databaseUrl,
      pgliteDataDir: options.inMemory ? "memory://" : path.join(env.dataDir, "pglite"),
      pgliteCopyOf: options.inMemory ? options.copyOf : undefined,
      migrationsFolder: path.join(findProjectRoot(), "db", "migrations"),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    database,
    async close() {
      await database.close();
      unlock();
    },
  };
}
