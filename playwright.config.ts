import { defineConfig, devices } from "@playwright/test";
import type { E2eDatabase } from "./tests/e2e/fixtures.ts";
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL } from "./tests/helpers/machine.ts";

// End-to-end tests in Debian's Chromium headless shell against the built server (docs/architecture.md "Tests and conventions").
// There is no webServer: each worker starts the built server in-process with an in-memory database, or in the
// "postgres" project a database of its own on the PostgreSQL server the global setup starts (tests/e2e/fixtures.ts),
// so every worker owns its data. Run `npx react-router build` first.
// The whole suite runs once, on the embedded database. PostgreSQL parity is proven where the queries are: every
// service and API test runs on both databases (vitest); the "postgres" project adds one short pass of the owner's
// round in the browser (tests/e2e/postgres.spec.ts), and instances.spec.ts runs two servers on one PostgreSQL.

const ci = Boolean(process.env.CI);

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: CHROMIUM_HEADLESS_SHELL,
    args: [...CHROMIUM_ARGS],
  },
};

export default defineConfig<{ database: E2eDatabase }>({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // Two cores on the development and CI machines; a third worker did not shorten the run (decision 007).
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    // Recording a trace for every test doubles the run time on two cores: only the retry on CI records one.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    locale: "en-US",
    timezoneId: "Africa/Cairo",
    // The home page's portrait floats without end: with motion on, Chromium spends a fifth of a core drawing it
    // for as long as a test stays there. home.spec.ts checks the motion itself.
    reducedMotion: "reduce",
  },
  globalSetup: "./tests/setup/e2e-global.ts",
  // The built server each worker imports is a bundle of several megabytes, already plain JavaScript: Playwright's
  // own transform of it held up every worker's start (and every restart after a failure) by tens of seconds.
  build: { external: ["**/build/server/**"] },
  projects: [
    {
      name: "chromium",
      use: { ...chromium, database: "pglite" },
      testIgnore: ["postgres.spec.ts"],
    },
    {
      name: "postgres",
      use: { ...chromium, database: "postgres" },
      testMatch: ["postgres.spec.ts"],
    },
  ],
});
