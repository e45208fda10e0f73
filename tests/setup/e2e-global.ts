import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makePgliteTemplate } from "./pglite-template.ts";
import { startTestPostgres } from "./postgres-server.ts";

// Playwright's global setup: one throwaway PostgreSQL server for the run, for the "postgres" project and the
// two-instance test, and one migrated PGlite data folder that the servers' in-memory databases start from. Their
// addresses reach the workers in the environment.

export const E2E_POSTGRES_URL = "SIRA_E2E_POSTGRES_URL";
export const E2E_PGLITE_TEMPLATE = "SIRA_E2E_PGLITE_TEMPLATE";

export default async function setup() {
  const folder = mkdtempSync(path.join(os.tmpdir(), "sira-e2e-templates-"));
  process.env[E2E_PGLITE_TEMPLATE] = await makePgliteTemplate(folder);
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  const started = await startTestPostgres();
  if ("skipped" in started) {
    console.log(`No PostgreSQL for the end-to-end tests: ${started.skipped}.`);
    return removeFolder;
  }
  process.env[E2E_POSTGRES_URL] = started.url;
  return async () => {
    await started.stop();
    removeFolder();
  };
}
