import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "#db/client.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import { makePgliteFolderTemplate, makePgliteTemplate } from "./pglite-template.ts";
import { startTestPostgres } from "./postgres-server.ts";

// Vitest's global setup: one throwaway PostgreSQL server for the whole run, so that every database test also runs
// against a real server (docs/architecture.md "One process, real parts"). Without Debian's PostgreSQL binaries
// the PostgreSQL half of those tests is skipped and PGlite still runs.
// Each test file opens databases of its own; they start as copies of one migrated database made here, a template
// database on the server and a dump of a PGlite data folder, instead of each running initdb and the migrations.

declare module "vitest" {
  export interface ProvidedContext {
    /** Administrative URL of the test server (database "postgres"), or null when none is installed. */
    postgresUrl: string | null;
    /** The migrated database on the test server that new test databases copy, or null without a server. */
    postgresTemplate: string | null;
    /** A file holding a migrated PGlite data folder (`dumpDataDir`), which in-memory test databases start from. */
    pgliteTemplate: string;
    /** A migrated PGlite data folder on disk, which tests copy into the DATA_DIR of a command they run. */
    pgliteFolderTemplate: string;
  }
}

const migrationsFolder = path.join(findProjectRoot(), "db", "migrations");
export const POSTGRES_TEMPLATE = "sira_test_template";

async function makePostgresTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  // A template must have no connection open while it is copied: migrated, then closed.
  const template = await createDb({ databaseUrl: url.href, migrationsFolder });
  await template.close();
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(os.tmpdir(), "sira-test-templates-"));
  // The PostgreSQL server starts in processes of its own meanwhile.
  const [dump, dataFolder, started] = await Promise.all([
    makePgliteTemplate(folder),
    makePgliteFolderTemplate(folder),
    startTestPostgres(),
  ]);
  project.provide("pgliteTemplate", dump);
  project.provide("pgliteFolderTemplate", dataFolder);
  if ("skipped" in started) {
    console.log(`PostgreSQL tests are skipped: ${started.skipped}.`);
    project.provide("postgresUrl", null);
    project.provide("postgresTemplate", null);
    return () => rmSync(folder, { recursive: true, force: true });
  }
  await makePostgresTemplate(started.url);
  project.provide("postgresUrl", started.url);
  project.provide("postgresTemplate", POSTGRES_TEMPLATE);
  return async () => {
    await started.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
