// What `npm run bench` and `npm run lighthouse` share: a throw-away data folder, the production server started as
// `npm start` starts it, and a table of figures beside their goals. tools/seed.ts fills the site.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startCommand } from "#tests/helpers/machine.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const RESULTS_DIR = path.join(ROOT, "bench-results");
/** The Node 24 that `npm ci` installs; the system one may be older. */
const NODE_BIN = path.join(ROOT, "node_modules", ".bin", "node");
export const BENCH_PASSWORD = "a bench pass phrase, long enough";
/** `--quick`: every timed phase a few seconds, to see that the script runs; its figures are not the site's. */
export const QUICK = process.argv.includes("--quick");

/** The sample site's first article (tools/seed.ts), and every public page; the case study's addresses come apart. */
export const ARTICLE = "designing-for-two-directions";
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/projects",
  "/articles",
  `/articles/${ARTICLE}`,
  "/services",
  "/contact",
];

/** Builds this checkout when its sources differ from the last build's, as `npm start` does. */
function ensureBuild(): void {
  const result = spawnSync(NODE_BIN, ["scripts/ensure-build.ts"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`scripts/ensure-build.ts failed (exit ${result.status})`);
}

export type ServerProcess = Awaited<ReturnType<typeof startServer>>;

/** `node <flags> server.js` as `npm start` runs it, on `port` and `dataDir`; resolves once `GET /` answers 200. */
export async function startServer(port: number, dataDir: string, extra: Record<string, string> = {}) {
  const { flags, env: startEnv } = startCommand(ROOT);
  const origin = `http://127.0.0.1:${port}`;
  const mine = { DATA_DIR: dataDir, SITE_URL: origin, DATABASE_URL: "", ADMIN_PASSWORD: BENCH_PASSWORD };
  const env: Record<string, string> = { LOG_REQUESTS: "0", ...extra, ...mine };
  const started = performance.now();
  const child = spawn(NODE_BIN, [...flags, "server.js"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    // SITE_URL: canonical and share links name the address the browser uses, as a deployment's would.
    env: { ...process.env, ...startEnv, NODE_ENV: "production", HOST: "127.0.0.1", PORT: `${port}`, ...env },
  });
  let log = "";
  for (const stream of [child.stdout, child.stderr])
    stream.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  // The first start makes the database (initdb), which takes a while on a busy machine.
  while (performance.now() - started < 180_000) {
    if (child.exitCode !== null) throw new Error(`The server exited before answering:\n${log}`);
    const status = await fetch(`${origin}/`).then(
      async (response) => (await response.arrayBuffer(), response.status),
      () => 0,
    );
    if (status === 200) return { pid: child.pid!, origin, readyMs: performance.now() - started, stop };
    await sleep(20);
  }
  await stop();
  throw new Error(`The server did not answer GET / within 180 s:\n${log}`);
}

/** Resident memory of `pid`, MiB. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 102.4) / 10;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/** The value `share` (0–1) of the way up `values`. */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? NaN;
}

/** A figure beside its goal; a figure without a goal is not printed. */
export interface Check {
  name: string;
  value: string;
  goal: string;
  ok: boolean;
}

/** The checks as a table with a verdict per row. */
export function printChecks(title: string, checks: Check[]): void {
  console.log(`\n${title}`);
  console.table(
    checks.map(({ name, value, goal, ok }) => ({
      figure: name,
      measured: value,
      goal,
      "": ok ? "ok" : "MISSED",
    })),
  );
}

/** Runs `work` with a new data folder, removed afterwards and on Ctrl-C. */
export async function withDataDir<T>(work: (dataDir: string) => Promise<T>): Promise<T> {
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sira-bench-"));
  const cleanup = () => rm(dataDir, { recursive: true, force: true });
  process.once("SIGINT", () => void cleanup().finally(() => process.exit(130)));
  try {
    return await work(dataDir);
  } finally {
    await cleanup();
  }
}
