import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import {
  checkDataFolder,
  DamagedDatabaseError,
  holdsTables,
  inspectRelations,
  MarkedDatabaseError,
  RELATIONS_QUERY,
  type RelationFile,
} from "./data-folder.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The drizzle handle both drivers share: services only use the common PostgreSQL query builder. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Answers when the database does: `/healthz` uses it. */
  ping(): Promise<void>;
  /** Flushes and closes; PGlite runs with fsync off, so a CHECKPOINT first (decision 003). */
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** A PostgreSQL server URL; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder, or "memory://" for an in-memory database. */
  pgliteDataDir?: string;
  /** An in-memory PGlite starts from this copy of a data folder (PGlite's `dumpDataDir`) instead of an empty one. */
  pgliteCopyOf?: Blob;
  migrationsFolder: string;
}

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  const handle = options.databaseUrl
    ? createPostgres(options.databaseUrl)
    : await createPglite(options.pgliteDataDir ?? "memory://", options.pgliteCopyOf);
  try {
    await migrateHandle(handle, options.migrationsFolder);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}

async function createPglite(dataDir: string, copyOf?: Blob): Promise<DbHandle & { client: PGlite }> {
  const inMemory = dataDir.startsWith("memory://");
  // Never a new database over one that is damaged (docs/product.md §23): the folder is checked first.
  if (!inMemory) discardHalfMadeFolder(dataDir);
  const folder = inMemory ? "new" : checkDataFolder(dataDir);
  // A small shared_buffers keeps idle memory down (docs/architecture.md "Platform notes"): PostgreSQL touches the
  // whole buffer pool, and WebAssembly memory is never given back. 4 MB holds a site of thousands of articles.
  const open = (folder: string) =>
    PGlite.create({
      dataDir: folder,
      ...(inMemory && copyOf ? { loadDataDir: copyOf } : {}),
      startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=4MB"],
    });
  const making = folder === "new" && !inMemory ? path.join(dataDir, BEING_MADE) : undefined;
  if (making) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(making, "");
  }
  let client: PGlite;
  try {
    client = await open(dataDir);
  } catch (error) {
    if (folder === "new") throw error;
    throw new DamagedDatabaseError(dataDir, `PostgreSQL could not open it (${errorText(error)})`);
  }
  if (making) rmSync(making, { force: true });
  if (folder === "existing") {
    try {
      const { rows } = await client.query<RelationFile>(RELATIONS_QUERY);
      inspectRelations(dataDir, rows);
    } catch (error) {
      await client.close().catch(() => undefined);
      if (error instanceof DamagedDatabaseError) throw error;
      throw new DamagedDatabaseError(dataDir, `its tables could not be listed (${errorText(error)})`);
    }
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    client,
    kind: "pglite",
    async ping() {
      await client.query("select 1");
    },
    async close() {
      if (client.closed) return;
      await client.query("CHECKPOINT").catch(() => undefined);
      await client.close();
    },
  };
}

/** Marks a database being made (PGlite's initdb); removed once it opens. */
const BEING_MADE = ".sira-being-made";

/**
 * A folder still marked as being made is what a first start stopped half-way left (no site data is written before
 * the mark goes): it is made anew rather than taken for a damaged database. A marked folder that holds tables is
 * not half-made but a database with a stray mark: it is never removed (MarkedDatabaseError).
 */
function discardHalfMadeFolder(dataDir: string) {
  if (!existsSync(path.join(dataDir, BEING_MADE))) return;
  if (holdsTables(dataDir)) throw new MarkedDatabaseError(dataDir, BEING_MADE);
  rmSync(dataDir, { recursive: true, force: true });
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.slice(0, 200);
}

function createPostgres(url: string): DbHandle & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its server must not crash the process; the next query reports the error.
  pool.on("error", () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    pool,
    kind: "postgres",
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function migrateHandle(
  handle: DbHandle & { client?: PGlite; pool?: pg.Pool },
  migrationsFolder: string,
) {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder });
  } else {
    await migratePg(handle.db as never, { migrationsFolder });
  }
  await handle.db.execute(sql`select 1`);
}
