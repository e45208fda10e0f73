import { freePort } from "#tests/helpers/machine.ts";
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// A throwaway PostgreSQL server for a test run (Debian's binaries, a temporary folder, a free port), shared by
// Vitest's and Playwright's global setups (docs/architecture.md "One process, real parts").

const run = promisify(execFile);
const SERVER_USER = "postgres";

function findPostgresBin(): string | null {
  const hasTools = (dir: string) =>
    existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"));
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && hasTools(dir)) return dir;
  }
  const debianRoot = "/usr/lib/postgresql";
  if (!existsSync(debianRoot)) return null;
  const versions = readdirSync(debianRoot)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(debianRoot, version, "bin");
    if (hasTools(dir)) return dir;
  }
  return null;
}

async function userIds(name: string): Promise<{ uid: number; gid: number } | null> {
  try {
    const [uid, gid] = await Promise.all([run("id", ["-u", name]), run("id", ["-g", name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}

/**
 * Starts a throwaway PostgreSQL server on a free port: its administrative URL (database "postgres") and how to
 * stop it, or why it cannot run here.
 */
export async function startTestPostgres(): Promise<
  { url: string; stop: () => Promise<void> } | { skipped: string }
> {
  const bin = findPostgresBin();
  if (!bin) {
    return { skipped: "no PostgreSQL server is installed (initdb and pg_ctl not found)" };
  }

  // PostgreSQL refuses to run as root: as root, run its tools as the postgres system user.
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await userIds(SERVER_USER) : null;
  if (asRoot && !owner) {
    return { skipped: `running as root and there is no "${SERVER_USER}" user to run the server` };
  }
  const pgTool = (tool: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", SERVER_USER, "--", path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);

  const root = mkdtempSync(path.join(os.tmpdir(), "sira-test-pg-"));
  if (owner) chownSync(root, owner.uid, owner.gid);
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "server.log");
  let started = false;

  const stop = async () => {
    if (started) {
      started = false;
      await pgTool("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]).catch(() => undefined);
    }
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await pgTool("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
    const port = await freePort();
    await pgTool("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      logFile,
      // fsync off: a test server's data is thrown away anyway, and it makes CREATE DATABASE fast.
      "-o",
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off`,
      "-w",
      "start",
    ]);
    started = true;
    return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    const log = existsSync(logFile) ? `\nServer log:\n${readFileSync(logFile, "utf8")}` : "";
    await stop();
    throw new Error(`Could not start the test PostgreSQL server from ${bin}: ${String(error)}${log}`, {
      cause: error,
    });
  }
}
