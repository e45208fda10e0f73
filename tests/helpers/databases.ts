import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { createDb, type DbHandle } from "#db/client.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import { clearAllTables } from "./tables.ts";

// Every test file owns its data (docs/architecture.md "Tests and conventions"): each call to open() gives a new, migrated, empty database on
// one backend, and close() throws it away. PGlite always runs; PostgreSQL runs when the global setup
// started a server (tests/setup/postgres-global.ts). A new database is a copy of the migrated one the global setup
// made (a template database on the server, a dumped data folder for PGlite); the migrations then find nothing to do.

export const migrationsFolder = path.join(findProjectRoot(), "db", "migrations");

export interface TestDatabase extends DbHandle {
  /** Empties every table of db/schema.ts, keeping the schema and its migration record. */
  clear(): Promise<void>;
  /** On PostgreSQL, the database's address: a second instance opens its own connections to it. */
  url?: string;
}

export interface Backend {
  name: "pglite" | "postgres";
  open(): Promise<TestDatabase>;
}

function withClear(handle: DbHandle, close: () => Promise<void> = () => handle.close()): TestDatabase {
  return {
    db: handle.db,
    kind: handle.kind,
    ping: () => handle.ping(),
    close,
    clear: () => clearAllTables(handle.db),
  };
}

let pgliteTemplate: Blob | undefined;

const pglite: Backend = {
  name: "pglite",
  async open() {
    pgliteTemplate ??= new Blob([readFileSync(inject("pgliteTemplate"))]);
    return withClear(
      await createDb({ pgliteDataDir: "memory://", pgliteCopyOf: pgliteTemplate, migrationsFolder }),
    );
  },
};

function postgres(adminUrl: string, template: string | null): Backend {
  return {
    name: "postgres",
    async open() {
      const name = `sira_test_${randomBytes(6).toString("hex")}`;
      await withAdmin(adminUrl, (admin) =>
        admin.query(`create database ${name}${template ? ` template ${template}` : ""}`),
      );
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      let handle: DbHandle;
      try {
        handle = await createDb({ databaseUrl: url.toString(), migrationsFolder });
      } catch (error) {
        await dropDatabase(adminUrl, name);
        throw error;
      }
      let dropped: Promise<void> | undefined;
      const database = withClear(handle, () => {
        dropped ??= handle.close().finally(() => dropDatabase(adminUrl, name));
        return dropped;
      });
      return { ...database, url: url.toString() };
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return withAdmin(adminUrl, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
  });
}

/** The backends this run can use: PGlite always, PostgreSQL when a server was started. */
export function availableBackends(): Backend[] {
  const adminUrl = inject("postgresUrl");
  return adminUrl ? [pglite, postgres(adminUrl, inject("postgresTemplate"))] : [pglite];
}

/** For `describe.each(backends)("$name", (backend) => …)`. */
export const backends = availableBackends();

/**
 * Opens one database for the enclosing describe block, empties it before each test and throws it away
 * at the end. Returns a getter, because the database exists only once beforeAll has run.
 */
export function useTestDatabase(backend: Backend): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await backend.open();
  });
  beforeEach(async () => {
    await database?.clear();
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database)
      throw new Error(`The ${backend.name} test database is not open yet (use it inside a test or hook)`);
    return database;
  };
}

/**
 * A new data folder (`DATA_DIR`) holding a migrated, empty embedded database, as a first start leaves it: a copy of
 * the one the global setup made. For tests of the commands that open the folder themselves; the caller removes it.
 */
export function migratedDataFolder(prefix = "sira-data-"): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(inject("pgliteFolderTemplate"), path.join(dataDir, "pglite"), { recursive: true });
  return dataDir;
}
