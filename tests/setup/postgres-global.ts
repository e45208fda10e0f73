import type { TestProject } from "vitest/node";
import { startTestPostgres } from "./postgres-server.ts";

// Vitest's global setup: one throwaway PostgreSQL server for the whole run, so that every database test also runs
// against a real server (docs/architecture.md "One process, real parts"). Without Debian's PostgreSQL binaries
// the PostgreSQL half of those tests is skipped and PGlite still runs.

declare module "vitest" {
  export interface ProvidedContext {
    /** Administrative URL of the test server (database "postgres"), or null when none is installed. */
    postgresUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const started = await startTestPostgres();
  if ("skipped" in started) {
    console.log(`PostgreSQL tests are skipped: ${started.skipped}.`);
    project.provide("postgresUrl", null);
    return;
  }
  project.provide("postgresUrl", started.url);
  return started.stop;
}
