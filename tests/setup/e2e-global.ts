import { startTestPostgres } from "./postgres-server.ts";

// Playwright's global setup: one throwaway PostgreSQL server for the run, for the "postgres" project (the whole
// suite again, on PostgreSQL) and the two-instance test. Its address reaches the workers in the environment.

export const E2E_POSTGRES_URL = "SIRA_E2E_POSTGRES_URL";

export default async function setup() {
  const started = await startTestPostgres();
  if ("skipped" in started) {
    console.log(`No PostgreSQL for the end-to-end tests: ${started.skipped}.`);
    return;
  }
  process.env[E2E_POSTGRES_URL] = started.url;
  return started.stop;
}
