import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema.ts";

// Kept free of Vitest imports so the end-to-end tests can use it too.

const tables: PgTable[] = Object.values(schema).filter((value) => is(value, PgTable));

/** Empties every table of db/schema.ts but those in `keep`, keeping the schema and its migration record. */
export async function clearAllTables(db: Database, keep: readonly PgTable[] = []): Promise<void> {
  const names = tables.filter((table) => !keep.includes(table)).map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate ${names.join(", ")} restart identity cascade`));
}

/** Every row of every table of db/schema.ts, by table name, each table's rows in one stable order. */
export async function snapshotTables(db: Database): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await db.select().from(table);
    snapshot[getTableName(table)] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}
