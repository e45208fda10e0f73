import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest (decision 003).

const TESTS = [
  "core/**/*.test.ts",
  "db/**/*.test.ts",
  "server/**/*.test.ts",
  "app/**/*.test.ts",
  "scripts/**/*.test.ts",
  "config/**/*.test.ts",
  "tools/**/*.test.ts",
  "tests/lint/**/*.test.ts",
];
/** Files that measure the memory of their process: each runs in a process of its own, not beside other files. */
const MEASURE_THEIR_PROCESS = ["server/features/backup/backup.test.ts"];

export default defineConfig({
  test: {
    globalSetup: ["./tests/setup/postgres-global.ts"],
    setupFiles: ["./tests/setup/fail-on-console.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default leaves one core idle (all but one); each file owns its databases, so files run side by side
    // on every core (decision 049).
    maxWorkers: "100%",
    // Each file runs in a fresh worker thread: a thread starts with far less work than a process (decision 055).
    projects: [
      {
        extends: true,
        test: { name: "threads", pool: "threads", include: TESTS, exclude: MEASURE_THEIR_PROCESS },
      },
      { extends: true, test: { name: "forks", pool: "forks", include: MEASURE_THEIR_PROCESS } },
    ],
  },
});
