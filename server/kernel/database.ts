import path from "node:path";
import { createDb, type DbHandle } from "#db/client.ts";
import { lockDataDir } from "./data-lock.ts";
import { keepDataDirPrivate } from "./private-data-dir.ts";
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
    if (embedded) keepDataDirPrivate(env.dataDir);
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
  // The files the database made just now, too (the folder's own mode already shuts them in).
  if (embedded)
    try {
      keepDataDirPrivate(env.dataDir);
    } catch (error) {
      await database.close();
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

/**
 * Whether the database was out of reach, so the request did nothing and may be sent again: no connection came free
 * within the pool's wait (node-postgres: "timeout exceeded when trying to connect"), or the server refused, dropped
 * or would not take a connection (ECONNREFUSED, ECONNRESET; SQLSTATE 57P01 shutting down, 57P03 starting,
 * 53300 too many connections). Looks along the error's causes (Drizzle wraps the driver's error).
 */
export function unreachableDatabaseError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "53300"].includes(code))
      return true;
    if (message === "timeout exceeded when trying to connect") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
