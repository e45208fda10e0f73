import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, symlinkSync } from "node:fs";
import path from "node:path";
import { serverNodeFlags, startCommand } from "#tests/helpers/machine.ts";

// The built server as separate processes (`node <the flags of npm start> server.js`), for the tests that need real
// processes: signals, start-up errors, several instances on one database.

const root = path.resolve(import.meta.dirname, "../..");

export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServerProcess(
  env: Record<string, string>,
  args: string[] = [...serverNodeFlags(), "server.js"],
  cwd = root,
  command = process.execPath,
): Started {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", ...startCommand().env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * The server's JSON log lines (its output is no terminal); anything else in the output but the block that shows a
 * generated password fails the parse, and the test.
 */
export function logEntries(output: string): Record<string, unknown>[] {
  return output
    .replace(/\n─+\n[\s\S]*?\n─+\n/g, "\n")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export async function waitForHealth(port: number, started: Started, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited early:\n${started.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not answer in time:\n${started.output()}`);
}

/** Top-level folders of the project that are not its sources. */
const NOT_SOURCES = new Set([
  "node_modules",
  "build",
  "data",
  ".git",
  ".react-router",
  "bench-results",
  "test-results",
  "playwright-report",
]);

/** A copy of the project's sources in `folder`, with the project's node_modules: edits there touch nothing else. */
export function copyProject(folder: string): string {
  const copy = path.join(folder, "project");
  cpSync(root, copy, {
    recursive: true,
    filter: (source) => !NOT_SOURCES.has(path.relative(root, source).split(path.sep)[0]!),
  });
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
  return copy;
}
