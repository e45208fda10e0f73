import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

// Where a running server keeps its site, for the owner's commands (`npm run backup`, `admin:password`, …) that find
// no site in the folder they were pointed at: a cron line or a shell without the service's DATA_DIR looks in
// `./data`, and the command says where the server's data really is (docs/product.md §19.3). Read from Linux's /proc
// for processes of this user (another user's environment cannot be read, and is not this owner's site).

export interface RunningServer {
  pid: number;
  /** The embedded database's folder, confirmed by the lock the server holds in it. */
  dataDir?: string;
  /** A PostgreSQL server's address, its password left out. */
  databaseUrl?: string;
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** The environment a process started with, with the `.env` of the folder it runs in beneath it (as server.js reads it). */
function environmentOf(pid: number, cwd: string): Record<string, string | undefined> {
  const started = Object.fromEntries(
    (read(`/proc/${pid}/environ`) ?? "")
      .split("\0")
      .filter((pair) => pair.includes("="))
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  const file = read(path.join(cwd, ".env"));
  return { ...(file ? parseEnv(file) : {}), ...started };
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    return parsed.toString();
  } catch {
    return "a PostgreSQL server (DATABASE_URL)";
  }
}

/** The Sira servers (`node … server.js`) this user runs on this machine, other than this process. */
export function findRunningServers(): RunningServer[] {
  let pids: number[];
  try {
    pids = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
  const servers: RunningServer[] = [];
  for (const pid of pids) {
    if (pid === process.pid) continue;
    const args = (read(`/proc/${pid}/cmdline`) ?? "").split("\0");
    if (!/(^|\/)node$/.test(args[0] ?? "") || !args.some((arg) => /(^|\/)server\.js$/.test(arg))) continue;
    let cwd: string;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      continue;
    }
    const env = environmentOf(pid, cwd);
    if (env.DATABASE_URL) {
      servers.push({ pid, databaseUrl: withoutPassword(env.DATABASE_URL) });
      continue;
    }
    const dataDir = path.resolve(cwd, env.DATA_DIR || "data");
    const lock = read(path.join(dataDir, "sira.lock"));
    try {
      if (lock && (JSON.parse(lock) as { pid?: unknown }).pid === pid) servers.push({ pid, dataDir });
    } catch {
      // A lock of another shape is no proof that this process holds the folder.
    }
  }
  return servers;
}

/** A sentence naming where the running servers keep their data, or saying none was found. */
export function describeRunningServers(servers: RunningServer[] = findRunningServers()): string {
  if (servers.length === 0)
    return "No running Sira server was found on this machine for this user; set DATA_DIR (or DATABASE_URL) to what the server uses.";
  return servers
    .map((server) =>
      server.dataDir
        ? `A Sira server (process ${server.pid}) is running with its data in ${server.dataDir}: run this again with DATA_DIR=${server.dataDir}.`
        : `A Sira server (process ${server.pid}) is running on the database ${server.databaseUrl}: run this again with the same DATABASE_URL.`,
    )
    .join("\n");
}
