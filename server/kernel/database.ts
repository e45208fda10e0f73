import path from "node:path";
import pg from "pg";
import { createDb, type DbHandle } from "#db/client.ts";
import { checkDataFolder } from "#db/data-folder.ts";
import { lockDataDir } from "./data-lock.ts";
import { keepDataDirPrivate } from "./private-data-dir.ts";
import type { ServerEnv } from "./env.ts";
import { findProjectRoot } from "./project-root.ts";
import { describeRunningServers } from "./running-servers.ts";

/**
 * An owner's command (`npm run backup`, `restore`, `admin:password`, …) found no site where the environment points:
 * it stops without making a database there, naming where it looked and, when it can, where the running server's
 * data is (docs/product.md §19).
 */
export class NoSiteError extends Error {
  readonly where: string;
  constructor(where: string, detail = describeRunningServers()) {
    super(
      `There is no Sira site in ${where}; nothing was changed, and no database was made there.\n${detail}`,
    );
    this.name = "NoSiteError";
    this.where = where;
  }
}

/** Whether a PostgreSQL database holds a site: the migrations' own table is there. */
async function postgresHoldsSite(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ present: boolean }>(
      "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
    );
    return rows[0]?.present === true;
  } finally {
    await client.end();
  }
}

/** The database's place, as the owner reads it: the folder, or the server's address without its password. */
function placeOf(env: ServerEnv): string {
  if (!env.databaseUrl) return path.join(env.dataDir, "pglite");
  const url = new URL(env.databaseUrl);
  url.password = "";
  return `the PostgreSQL database ${url.toString()}`;
}

export interface OpenedDatabase {
  database: DbHandle;
  /** Closes the database and releases the data folder. */
  close: () => Promise<void>;
}

/**
 * Opens the database the environment names: a PostgreSQL server, or the embedded one in DATA_DIR, which one
 * process holds at a time (the lock). Used by the server, which makes the database on its first start, and by the
 * owner's commands, which ask for `existingSite` and throw NoSiteError where there is none.
 */
export async function openDatabase(
  env: ServerEnv,
  options: { inMemory?: boolean; copyOf?: Blob; existingSite?: boolean } = {},
): Promise<OpenedDatabase> {
  const embedded = !env.databaseUrl && !options.inMemory;
  if (options.existingSite && !options.inMemory) {
    // Checked before the lock, which would make the folder.
    const present = env.databaseUrl
      ? await postgresHoldsSite(env.databaseUrl)
      : checkDataFolder(path.join(env.dataDir, "pglite")) === "existing";
    if (!present) throw new NoSiteError(placeOf(env));
  }
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
