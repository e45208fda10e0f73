import { readFileSync } from "node:fs";
import path from "node:path";

// What the tests, the benchmarks and Lighthouse share about this machine: Debian's Chromium and how to start
// it here, a free loopback port, and how `npm start` runs the server.

export const CHROMIUM = "/usr/bin/chromium";

/**
 * Debian's build of Chromium's headless shell (package `chromium-headless-shell`): the same Blink and V8 without the
 * browser's window machinery, what Playwright itself runs for headless tests. The end-to-end tests use it: on two
 * cores the suite takes about two thirds of the time it takes in the full browser (decision 007). Lighthouse and
 * the benchmarks keep the full browser, as a visitor's.
 */
export const CHROMIUM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * Headless Chromium as root on a machine without internet: no sandbox and no GPU, and none of the background
 * connections (updates, sync, field trials) that a closed network refuses many at a time.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export { freePort } from "#scripts/free-port.ts";

/**
 * How `npm start` runs the server (package.json "start", decision 003), in the checkout at `root`: the variables set
 * before `node` and the Node flags between `node` and `server.js`. A test or a benchmark that starts the server as a
 * process starts it the same way.
 */
export function startCommand(root = path.join(import.meta.dirname, "..", "..")): {
  env: Record<string, string>;
  flags: string[];
} {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const command = scripts.start.split(" && ").at(-1)!.split(" ");
  const node = command.indexOf("node");
  return {
    // `exec env NAME=value node …`: the shell npm starts becomes the server, so signals reach it (README "Your data").
    env: Object.fromEntries(
      command
        .slice(0, node)
        .filter((word) => word.includes("="))
        .map((pair) => pair.split("=", 2) as [string, string]),
    ),
    flags: command.slice(node + 1, command.indexOf("server.js")),
  };
}

/** The Node flags `npm start` runs this checkout's server with. */
export function serverNodeFlags(): string[] {
  return startCommand().flags;
}
