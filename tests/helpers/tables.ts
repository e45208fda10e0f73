import { getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema.ts";

// Kept free of Vitest imports so the end-to-end tests can use it too.

const tables: PgTable[] = Object.values(schema).filter((value) => is(value, PgTable));

/** The tables, each after every table that references it: deleting in this order never breaks a foreign key. */
const deletionOrder: PgTable[] = (() => {
  const referenced = (table: PgTable) =>
    getTableConfig(table).foreignKeys.map((key) => key.reference().foreignTable);
  const ordered: PgTable[] = [];
  const visit = (table: PgTable) => {
    if (ordered.includes(table)) return;
    for (const other of tables) if (other !== table && referenced(other).includes(table)) visit(other);
    if (!ordered.includes(table)) ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
})();

/**
 * Empties every table of db/schema.ts but those in `keep`, keeping the schema and its migration record. A DELETE
 * per table, not TRUNCATE: a test's few rows go at once, where TRUNCATE makes new files for every table before
 * every test (decision 007).
 */
export async function clearAllTables(db: Database, keep: readonly PgTable[] = []): Promise<void> {
  const deletes = deletionOrder
    .filter((table) => !keep.includes(table))
    .map((table) => `delete from "${getTableName(table)}";`);
  await db.execute(sql.raw(`do $$ begin ${deletes.join(" ")} end $$`));
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
