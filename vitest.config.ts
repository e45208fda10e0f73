import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest (decision 003).
export default defineConfig({
  test: {
    include: [
      "core/**/*.test.ts",
      "db/**/*.test.ts",
      "server/**/*.test.ts",
      "app/**/*.test.ts",
      "scripts/**/*.test.ts",
      "config/**/*.test.ts",
      "tests/helpers/**/*.test.ts",
      "tests/lint/**/*.test.ts",
    ],
    globalSetup: ["./tests/setup/postgres-global.ts"],
    setupFiles: ["./tests/setup/fail-on-console.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The test files of a worker share its process and module graph (decision 007): no file changes a module's
    // state, the environment or a mock for the next.
    isolate: false,
    // Vitest's default leaves one core idle (all but one); each file owns its databases, so files run side by side
    // on every core (decision 007).
    maxWorkers: "100%",
  },
});
