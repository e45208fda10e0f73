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
  // The PostgreSQL server starts in processes of its own meanwhile.
  const [template, started] = await Promise.all([makePgliteTemplate(folder), startTestPostgres()]);
  process.env[E2E_PGLITE_TEMPLATE] = template;
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
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
