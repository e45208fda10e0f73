import { format } from "node:util";
import { afterAll, afterEach, beforeEach } from "vitest";

// docs/architecture.md "Tests and conventions": an unexpected console.error or console.warn fails the test that caused it; this also
// catches missing translation keys and React warnings. The console methods are replaced outright rather
// than spied on, so a test's vi.restoreAllMocks() cannot switch the check off. A test that expects a
// message silences it with vi.spyOn(console, "error").mockImplementation(() => {}); restoring that spy
// brings the check back.

const LEVELS = ["error", "warn"] as const;
const unexpected: string[] = [];

for (const level of LEVELS) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    unexpected.push(`console.${level}: ${format(...args)}`);
    original(...args);
  };
}

function failOnUnexpectedConsole(when: string) {
  if (unexpected.length === 0) return;
  const messages = unexpected.splice(0);
  throw new Error(`Unexpected console output ${when}:\n${messages.join("\n")}`);
}

beforeEach(() => failOnUnexpectedConsole("before this test (while loading the file or in a beforeAll hook)"));
afterEach(() => failOnUnexpectedConsole("during this test"));
afterAll(() => failOnUnexpectedConsole("after the last test (in an afterAll hook)"));
