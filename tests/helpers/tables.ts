import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema.ts";

// Kept free of Vitest imports so the end-to-end tests can use it too.

const tableNames = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`);

/** Empties every table of db/schema.ts, keeping the schema and its migration record. */
export async function clearAllTables(db: Database): Promise<void> {
  await db.execute(sql.raw(`truncate ${tableNames.join(", ")} restart identity cascade`));
}
