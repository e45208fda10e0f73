// `npm run bench`: start-up time, first-load JavaScript, throughput, latency, render cost and memory of the
// production server, each named for what it measures: an answer from the page cache is a hit, a full render a miss.
// It prints figures next to their targets and writes them to bench-results/bench.json; it asserts nothing.
// Everything runs on loopback against a throw-away data folder seeded with sample content.
// The server runs as its checkout's `npm start` runs it (Node flags, variables set before `node`);
// `-- --node-flags="--liftoff-only" --env=MALLOC_ARENA_MAX=2` runs it with others (how decision 039 compared
// them). Run with Node 24 (`node tools/bench.ts` strips the types).
// `-- --before=<dir>` measures an earlier checkout's server too (built there, with its own node_modules), each
// table showing before and after; `--quick` shortens every timed phase, to see that the script runs.
// tools/lighthouse.ts reuses the helpers below.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { readingMinutes } from "#core/article-rules.ts";
import { localizePath } from "#core/localized-paths.ts";
import { createDb } from "#db/client.ts";
import { keepArticleRenders, renderArticle } from "#server/features/articles/rendered.ts";
import { VISIT_FLUSH_MS } from "#server/features/visits/counter.ts";
import { sharedCacheSeconds } from "#server/ssr/page-cache.ts";
import { CHROMIUM, CHROMIUM_ARGS, freePort, startCommand } from "./local.ts";
import { BENCH_PASSWORD, seedUploads, signIn, timeUploads } from "./uploads.ts";

export { CHROMIUM, CHROMIUM_ARGS, freePort };
import { articles, projects, type NewArticleRow, type NewProjectRow } from "#db/schema.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const RESULTS_DIR = path.join(ROOT, "bench-results");
/** The Node 24 that `npm ci` installs; the system one may be older. */
export const NODE_BIN = path.join(ROOT, "node_modules", ".bin", "node");

// ---------------------------------------------------------------------------------------------------------
// Sample content

const CATEGORIES = ["Web", "Mobile", "Design"] as const;

function sampleProjects(): NewProjectRow[] {
  const base = Date.UTC(2025, 0, 1);
  return Array.from({ length: 6 }, (_, i) => ({
    title: `Sample project ${i + 1}`,
    description:
      `A ${CATEGORIES[i % 3]?.toLowerCase()} project used to measure the site: a short description that ` +
      "runs over two lines on a phone, like a real one would.",
    category: CATEGORIES[i % 3] ?? "Web",
    image_url: `/images/sample-project-${(i % 4) + 1}.webp`,
    github_link: `https://github.com/example/sample-${i + 1}`,
    live_link: i % 2 === 0 ? `https://example.com/sample-${i + 1}` : null,
    tags: [["React", "TypeScript"], ["Kotlin"], ["Figma", "Illustration"]][i % 3] ?? [],
    created_at: new Date(base + i * 86_400_000),
  }));
}

const PARAGRAPH_EN =
  "Building for the web means building for every screen, every connection and every reader. This " +
  "paragraph stands in for a real article so the page has the length and rhythm of one: a few sentences, " +
  "some longer than others, that wrap over several lines.";
const PARAGRAPH_AR =
  "البناء للويب يعني البناء لكل شاشة ولكل اتصال ولكل قارئ. تحل هذه الفقرة محل مقالة حقيقية حتى يكون " +
  "للصفحة طولها وإيقاعها: بضع جمل، بعضها أطول من بعض، تمتد على عدة أسطر.";

export const ARTICLE_SLUGS = [
  "designing-for-two-directions",
  "a-server-that-starts-fast",
  "small-javascript-budgets",
  "images-drawn-in-code",
  "notes-on-accessibility",
];

/** Every public page of the sample site (its newest article among them), for the bench and Lighthouse. */
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/projects",
  "/articles",
  `/articles/${ARTICLE_SLUGS[0]}`,
  "/services",
  "/contact",
];

function sampleArticles(): NewArticleRow[] {
  const base = Date.UTC(2025, 5, 1);
  return ARTICLE_SLUGS.map((slug, i) => {
    const titleEn = slug.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
    const titleAr = `مقالة تجريبية رقم ${i + 1}`;
    const paragraphs = 4 + i;
    const contentEn = Array.from({ length: paragraphs }, (_, p) => `${p + 1}. ${PARAGRAPH_EN}`).join("\n\n");
    const contentAr = Array.from({ length: paragraphs }, () => PARAGRAPH_AR).join("\n\n");
    return {
      slug,
      title: titleEn,
      title_en: titleEn,
      title_ar: titleAr,
      content_en: contentEn,
      content_ar: contentAr,
      // As the article service keeps them when an article is saved (the list and the byline show them).
      reading_minutes_en: readingMinutes(contentEn),
      reading_minutes_ar: readingMinutes(contentAr),
      excerpt_en: `What article ${i + 1} is about, in one sentence.`,
      excerpt_ar: `ما تتناوله المقالة ${i + 1} في جملة واحدة.`,
      image_url: i % 2 === 0 ? `/images/sample-project-${(i % 4) + 1}.webp` : null,
      date: new Date(base - i * 7 * 86_400_000),
    };
  });
}

/** Names of the images the sample content points to that are not in public/ (yet). */
export function missingImages(): string[] {
  const urls = new Set(
    [...sampleProjects(), ...sampleArticles()].flatMap((row) => (row.image_url ? [row.image_url] : [])),
  );
  return [...urls].filter((url) => !existsSync(path.join(ROOT, "public", url)));
}

/** A fresh DATA_DIR holding a migrated PGlite database with 6 projects and 5 articles. */
export async function makeSeededDataDir(prefix: string, extraArticles = 0): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const handle = await createDb({
    pgliteDataDir: path.join(dataDir, "pglite"),
    migrationsFolder: path.join(ROOT, "db", "migrations"),
  });
  try {
    await handle.db.insert(projects).values(sampleProjects());
    const saved = await handle.db.insert(articles).values(sampleArticles()).returning();
    const base = Date.UTC(2024, 0, 1);
    for (let start = 0; start < extraArticles; start += 100) {
      const more = await handle.db
        .insert(articles)
        .values(
          Array.from({ length: Math.min(100, extraArticles - start) }, (_, i) => {
            const n = start + i + 1;
            return {
              slug: `extra-article-${n}`,
              title: `Extra article ${n}`,
              title_en: `Extra article ${n}`,
              title_ar: `مقالة إضافية ${n}`,
              content_en: `${PARAGRAPH_EN}\n\n${PARAGRAPH_EN}`,
              content_ar: PARAGRAPH_AR,
              excerpt_en: `Extra article ${n}, in one sentence.`,
              excerpt_ar: `المقالة الإضافية ${n} في جملة.`,
              date: new Date(base - n * 3_600_000),
            };
          }),
        )
        .returning();
      saved.push(...more);
    }
    // As the admin's save does (decision 034): each article's page HTML is rendered once and kept.
    for (const article of saved)
      await keepArticleRenders(handle.db, article.id, await renderArticle(article));
  } finally {
    await handle.close();
  }
  return dataDir;
}

// ---------------------------------------------------------------------------------------------------------
// Build and server process

/** `node scripts/ensure-build.ts`: builds when there is no build or the sources are newer. */
export function ensureBuild(): void {
  const result = spawnSync(NODE_BIN, ["scripts/ensure-build.ts"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, PATH: `${path.dirname(NODE_BIN)}${path.delimiter}${process.env.PATH ?? ""}` },
  });
  if (result.status !== 0) throw new Error(`scripts/ensure-build.ts failed (exit ${result.status})`);
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  origin: string;
  /** Milliseconds from spawn to the first 200 answer of `GET /`. */
  readyMs: number;
  /** The last lines the server printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ServerProcess>();

/** A checkout whose server is measured: this one ("after"), or an earlier one named by `--before=<dir>`. */
export interface Checkout {
  label: "before" | "after";
  root: string;
  /** The Node flags and variables its server runs with. */
  flags: string[];
  env: Record<string, string>;
}

/**
 * How a checkout's server is started: as its `npm start` does (package.json), or with the Node flags given on the
 * command line (`--node-flags="--a --b"`, `--node-flags=` for none), and any `--env=NAME=value`, to compare them
 * (decision 039).
 */
function checkout(label: Checkout["label"], root: string): Checkout {
  const started = startCommand(root);
  const given = process.argv.find((arg) => arg.startsWith("--node-flags="))?.slice(13);
  return {
    label,
    root,
    flags: given === undefined ? started.flags : given.split(" ").filter(Boolean),
    env: {
      ...started.env,
      ...Object.fromEntries(
        process.argv.flatMap((arg) => {
          const pair = arg.startsWith("--env=") ? /^([^=]+)=(.*)$/.exec(arg.slice(6)) : null;
          return pair ? [[pair[1]!, pair[2]!]] : [];
        }),
      ),
    },
  };
}

export const THIS_CHECKOUT = checkout("after", ROOT);

/**
 * The checkouts to measure: this one, after the one `--before=<dir>` names, if it does: an earlier checkout of this
 * repository with its own node_modules and build, which is not built here.
 */
export function checkoutsToMeasure(): Checkout[] {
  const given = process.argv.find((arg) => arg.startsWith("--before="))?.slice(9);
  if (given === undefined) return [THIS_CHECKOUT];
  const root = path.resolve(given);
  if (!existsSync(path.join(root, "build", "server", "index.js")))
    throw new Error(
      `--before=${given}: ${root}/build/server/index.js is missing; run \`npm run build\` there first`,
    );
  if (!existsSync(path.join(root, "node_modules", ".bin", "node")))
    throw new Error(
      `--before=${given}: ${root}/node_modules/.bin/node is missing; run \`npm ci\` there first`,
    );
  return [checkout("before", root), THIS_CHECKOUT];
}

/**
 * Spawns `node <flags> server.js` in a checkout (this one unless named) as its `npm start` does, and waits (polling
 * every 20 ms) for `GET /` to answer 200.
 */
export async function startServerProcess(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  checkout?: Checkout;
}): Promise<ServerProcess> {
  const { root, flags, env: startEnv } = options.checkout ?? THIS_CHECKOUT;
  const origin = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...startEnv,
    ...options.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    LOG_REQUESTS: "0",
    // Canonical and share links name the address the browser uses, as a deployment's SITE_URL would.
    SITE_URL: origin,
  };
  delete env.DATABASE_URL;

  const started = performance.now();
  const child = spawn(path.join(root, "node_modules", ".bin", "node"), [...flags, "server.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const server: ServerProcess = {
    child,
    pid: child.pid ?? -1,
    origin,
    readyMs: 0,
    output: () => log,
    async stop() {
      running.delete(server);
      if (hasExited) return;
      child.kill("SIGTERM");
      const code = await Promise.race([exited, sleep(15_000).then(() => "timeout" as const)]);
      if (code === "timeout") {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
  running.add(server);

  const deadline = started + 60_000;
  while (performance.now() < deadline) {
    if (hasExited) throw new Error(`The server exited before answering:\n${log}`);
    try {
      const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        server.readyMs = performance.now() - started;
        return server;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  await server.stop();
  throw new Error(`The server did not answer GET / with 200 within 60 s:\n${log}`);
}

/** Stops every server still running; for `finally` blocks and Ctrl-C. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

/** Runs `cleanup` once on Ctrl-C or SIGTERM, then exits. */
export function onInterrupt(cleanup: () => Promise<void>): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up…`);
      void cleanup().finally(() => process.exit(130));
    });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Measurements

interface Memory {
  rssMiB: number;
  hwmMiB: number;
}

function readMemory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMiB: round(field("VmRSS") / 1024, 1), hwmMiB: round(field("VmHWM") / 1024, 1) };
}

function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const kB = (bytes: number) => round(bytes / 1000, 1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

interface ScriptChunk {
  url: string;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Body bytes on the wire (after the server's content encoding). */
  transferredBytes: number;
  headerBytes: number;
}

interface PageJs {
  path: string;
  status: number;
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  transferredBytes: number;
  /** Inline <script> elements in the HTML (the router's data and manifest): not counted in gzipBytes. */
  inlineScriptBytes: number;
  inlineScriptGzipBytes: number;
  /** The page's first-load JavaScript: the scripts' gzip bytes and the inline scripts' together. */
  firstLoadGzipBytes: number;
  /** The HTML document as the server sends it, before content encoding. */
  htmlBytes: number;
  chunks: ScriptChunk[];
}

export async function measureFirstLoadJs(origin: string, paths: string[]): Promise<PageJs[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  try {
    const pages: PageJs[] = [];
    for (const pagePath of paths) {
      // A fresh context per page: empty cache, as on a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      const pending: Promise<ScriptChunk | undefined>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() !== "script") return;
        pending.push(
          (async () => {
            try {
              const body = await response.body();
              const sizes = await response.request().sizes();
              return {
                url: new URL(response.url()).pathname,
                rawBytes: body.length,
                gzipBytes: gzipSync(body).length,
                brotliBytes: brotliCompressSync(body).length,
                transferredBytes: sizes.responseBodySize,
                headerBytes: sizes.responseHeadersSize,
              };
            } catch {
              return undefined;
            }
          })(),
        );
      });
      const response = await page.goto(`${origin}${pagePath}`, { waitUntil: "networkidle", timeout: 30_000 });
      const html = response ? await response.text() : "";
      const chunks = (await Promise.all(pending)).filter((chunk) => chunk !== undefined);
      chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
      const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
        .map((match) => match[1] ?? "")
        .join("\n");
      const sum = (key: "rawBytes" | "gzipBytes" | "brotliBytes" | "transferredBytes") =>
        chunks.reduce((total, chunk) => total + chunk[key], 0);
      const inlineGzip = inline ? gzipSync(inline).length : 0;
      pages.push({
        path: pagePath,
        status: response?.status() ?? 0,
        scripts: chunks.length,
        rawBytes: sum("rawBytes"),
        gzipBytes: sum("gzipBytes"),
        brotliBytes: sum("brotliBytes"),
        transferredBytes: sum("transferredBytes"),
        inlineScriptBytes: Buffer.byteLength(inline),
        inlineScriptGzipBytes: inlineGzip,
        firstLoadGzipBytes: sum("gzipBytes") + inlineGzip,
        htmlBytes: Buffer.byteLength(html),
        chunks,
      });
      await context.close();
    }
    return pages;
  } finally {
    await browser.close();
  }
}

interface AutocannonResult {
  requests: { average: number; total: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  /** Seconds to run, or `amount`: how many requests to send. */
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
  /** Requests per second across all connections, instead of as many as the server takes. */
  overallRate?: number;
  /** Paths to go through in turn, instead of `url`'s; `setupRequest` may write each request anew. */
  requests?: ({ path: string } | { setupRequest: (request: { path: string }) => { path: string } })[];
}) => Promise<AutocannonResult> & {
  /** Each answer, with its time in milliseconds (autocannon's percentiles are whole milliseconds). */
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};

const autocannon = (...args: Parameters<Autocannon>) =>
  // autocannon ships no types: loaded through require and described by the little used here.
  (createRequire(import.meta.url)("autocannon") as Autocannon)(...args);

export interface Throughput {
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  bytesPerSecond: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Requests per second of each round, in the order run; `requestsPerSecond` is their median. */
  rounds: number[];
}

/**
 * `--quick`: every timed phase a few seconds and one round, to see that the script runs; its figures are not the
 * site's.
 */
const QUICK = process.argv.includes("--quick");
/** How long each load test runs, after a warm-up of its own; the pairs are measured in alternating rounds. */
const LOAD_SECONDS = QUICK ? 1 : 5;
const LOAD_ROUNDS = QUICK ? 1 : 3;
/** Sets of rounds (counting on, off, a control) and each round's length: many short ones (see measureCounting). */
const COUNTING_SETS = QUICK ? 1 : 16;
const COUNTING_SECONDS = QUICK ? 1 : 2;
/** Sets of rounds at the latency test's steady rate, and each one's length. */
const STEADY_SETS = QUICK ? 1 : 4;
const STEADY_SECONDS = QUICK ? 2 : 6;
/** Timed starts, the steady-rate latency test, the burst of cached pages and the idle time after it. */
const COLD_STARTS = QUICK ? 1 : 3;
const LATENCY_SECONDS = QUICK ? 5 : 30;
/** The latency test's steady rate, requests per second. */
const LATENCY_RATE = 200;
const BURST_SECONDS = QUICK ? 5 : 30;
const IDLE_SECONDS = QUICK ? 5 : 60;
/** Each flood of one client, and the visitor's rate of / meanwhile (requests per second). */
const FLOOD_SECONDS = QUICK ? 3 : 10;
const VISITOR_RATE = 20;

/** The value `share` (0–1) of the way up numbers sorted from the smallest. */
function percentile(sorted: number[], share: number): number {
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/**
 * A load test, with each answer's own time in ms, sorted. Not autocannon's percentiles: they are whole
 * milliseconds, and with a rate they hold made-up values for requests it assumes were held back (decision 060).
 */
async function timedAnswers(
  options: Parameters<Autocannon>[0],
): Promise<{ result: AutocannonResult; times: number[] }> {
  const times: number[] = [];
  const test = autocannon(options);
  test.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  const result = await test;
  return { result, times: times.sort((a, b) => a - b) };
}

/** One round of `url` under 50 connections. */
async function loadTest(url: string, headers: Record<string, string> = {}): Promise<Throughput> {
  await autocannon({ url, connections: 10, duration: 1, headers }); // warm-up, not counted
  const { result, times } = await timedAnswers({ url, connections: 50, duration: LOAD_SECONDS, headers });
  return {
    url: new URL(url).pathname,
    requestsPerSecond: round(result.requests.average),
    latencyP50Ms: round(percentile(times, 0.5), 1),
    latencyP99Ms: round(percentile(times, 0.99), 1),
    bytesPerSecond: round(result.throughput.average),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    rounds: [round(result.requests.average)],
  };
}

/**
 * Servers under the same load in alternating rounds (Sira, reference, Sira, …; with `--before`, each checkout's Sira
 * and reference in turn): on two cores shared with the load generator, one run of each drifted by 10–20 % with what
 * else the machine did, in either direction. Every other round goes through them the other way round, so none is
 * always first. Each server's figure is its median round; every round's requests per second are kept beside it.
 */
export async function loadTestRounds(
  urls: string[],
  headers: Record<string, string> = {},
): Promise<Throughput[]> {
  const rounds: Throughput[][] = urls.map(() => []);
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    const order = [...urls.keys()];
    if (round % 2 === 1) order.reverse();
    for (const i of order) rounds[i]!.push(await loadTest(urls[i]!, headers));
  }
  return rounds.map(medianRound);
}

function medianRound(rounds: Throughput[]): Throughput {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor(sorted.length / 2)] as Throughput;
  return {
    ...median,
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    timeouts: rounds.reduce((sum, r) => sum + r.timeouts, 0),
    rounds: rounds.map((r) => r.requestsPerSecond),
  };
}

/** The first hashed script the page names (React Router's module preloads name them all). */
function hashedAssetUrl(html: string): string {
  const href = /"(\/assets\/[^"\s]+\.js)"/.exec(html)?.[1];
  if (!href) throw new Error("No hashed script (/assets/….js) named in the HTML of /");
  return href;
}

interface LcpFigure {
  path: string;
  /** The largest contentful paint's element and, for an image, the file the browser chose and its bytes. */
  element: string;
  image: string | null;
  bytes: number | null;
}

/**
 * The largest contentful paint on a 390 px phone (Lighthouse's mobile: 1.75 device pixels per CSS pixel): which
 * element it is and, when it is an image, which file the browser took from srcset and how many bytes came.
 */
async function measureLcp(origin: string, paths: string[]): Promise<LcpFigure[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  try {
    const figures: LcpFigure[] = [];
    for (const pagePath of paths) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(`${origin}${pagePath}`, { waitUntil: "networkidle" });
      const figure = await page.evaluate(
        () =>
          new Promise<{ element: string; image: string | null; bytes: number | null }>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntries().at(-1) as PerformanceEntry & {
                element: Element | null;
                url: string;
              };
              const element = entry.element;
              const image = element instanceof HTMLImageElement ? element.currentSrc : entry.url || null;
              const resource = image
                ? (performance.getEntriesByName(image)[0] as PerformanceResourceTiming | undefined)
                : undefined;
              resolve({
                element: element
                  ? `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 30) || (element.getAttribute("alt") ?? "")}"`
                  : "none",
                image: image ? new URL(image).pathname : null,
                bytes: resource ? resource.encodedBodySize : null,
              });
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }),
      );
      figures.push({ path: pagePath, ...figure });
      await context.close();
    }
    return figures;
  } finally {
    await browser.close();
  }
}

/** Starts tools/reference-server.ts on the files of `folder`; resolves when it listens. */
async function startReferenceServer(port: number, folder: string): Promise<{ origin: string; stop(): void }> {
  const child = spawn(NODE_BIN, [path.join(ROOT, "tools", "reference-server.ts"), String(port), folder], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`reference server exited (${code})`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

/**
 * The pages of `paths` whose Cache-Control lets a shared cache keep them (`s-maxage`), as the page cache does
 * (server/ssr/page-cache.ts), and the others.
 */
async function pagesTheCacheKeeps(
  origin: string,
  paths: string[],
): Promise<{ kept: string[]; notKept: string[] }> {
  const kept: string[] = [];
  const notKept: string[] = [];
  for (const page of paths) {
    const response = await fetch(`${origin}${page}`);
    await response.arrayBuffer();
    const seconds = sharedCacheSeconds(response.headers.get("Cache-Control") ?? "");
    (response.ok && seconds > 0 ? kept : notKept).push(page);
  }
  return { kept, notKept };
}

/** The highest RSS (MiB) of `pid` while `work` runs, read every 100 ms. */
async function peakRssDuring(pid: number, work: PromiseLike<unknown>): Promise<number> {
  let peak = readMemory(pid).rssMiB;
  let done = false;
  void Promise.resolve(work).finally(() => (done = true));
  while (!done) {
    await sleep(100);
    peak = Math.max(peak, readMemory(pid).rssMiB);
  }
  await work;
  return peak;
}

/** CPU time (user + system) `pid` has used, in milliseconds. */
function cpuMs(pid: number): number {
  // The fields after the command's name, which is in parentheses and may hold spaces: utime and stime are 12 and 13.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** The kernel's clock ticks per second, in which /proc reports CPU time. */
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

interface RenderCost {
  path: string;
  /** The median, over rounds of 20 requests one after another, of the server's CPU per request. */
  cpuMsPerRender: number;
  rounds: number[];
}

/**
 * The CPU of a full render (a page-cache miss): a server without a page cache (PAGE_CACHE_SECONDS=0) answers 20
 * requests of a page one after another, without Accept-Encoding (the render alone), in 5 rounds after a warm-up.
 */
async function measureRenders(server: ServerProcess, paths: string[]): Promise<RenderCost[]> {
  const costs: RenderCost[] = [];
  for (const pagePath of paths) {
    const get = async () => {
      const response = await fetch(`${server.origin}${pagePath}`, {
        headers: { "Accept-Encoding": "identity" },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
    };
    for (let i = 0; i < 10; i++) await get();
    const rounds: number[] = [];
    for (let round = 0; round < 5; round++) {
      const before = cpuMs(server.pid);
      for (let i = 0; i < 20; i++) await get();
      rounds.push(round2((cpuMs(server.pid) - before) / 20));
    }
    costs.push({ path: pagePath, cpuMsPerRender: median(rounds), rounds });
  }
  return costs;
}

const round2 = (value: number) => round(value, 2);

interface Latency {
  url: string;
  rate: number;
  seconds: number;
  total: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Each connection's share of the rate: the time between its requests. */
  intervalMs: number;
  errors: number;
}

/**
 * `url` at a steady `rate` of requests per second for `seconds`, with a browser's Accept-Encoding, over 20
 * connections: each sends its share of the second's requests, the next when the last is answered. They go at the
 * start of each second (autocannon's rate is a count per second), so the 200 come as a burst, and the median is
 * mostly an answer's wait behind the others of its second. The percentiles are of the answers' own times, without
 * autocannon's correction for requests held back (coordinated omission): it assumes one request every millisecond
 * whatever the rate, and so counts a 30 ms answer as 30 (decision 060). No request is held back while every
 * answer comes within its connection's interval, which the check asks of the slowest. The page is asked for once
 * first, so the test starts with it kept, as a site with steady traffic has it: otherwise the 20 connections' first
 * requests all queue behind one render. Its renders each time the kept copy expires are in the figure.
 */
async function latencyAtRate(url: string, rate: number, seconds: number): Promise<Latency> {
  const connections = 20;
  await (await fetch(url, { headers: BROWSER_ENCODING })).arrayBuffer();
  const { result, times } = await timedAnswers({
    url,
    connections,
    overallRate: rate,
    duration: seconds,
    headers: BROWSER_ENCODING,
  });
  return {
    url: new URL(url).pathname,
    rate,
    seconds,
    total: result.requests.total,
    p50Ms: round(percentile(times, 0.5), 1),
    p99Ms: round(percentile(times, 0.99), 1),
    maxMs: round(times.at(-1) ?? 0, 1),
    intervalMs: (1000 * connections) / rate,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export const BROWSER_ENCODING = { "accept-encoding": "gzip, deflate, br, zstd" };

/** The bytes a server sends for `url` with these headers, as they are on the wire (not decoded). */
function bytesAsSent(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks)));
      })
      .on("error", reject);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Report

interface Check {
  name: string;
  value: string;
  target: string;
  ok: boolean;
}

export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? "").length))) ?? [];
  // Columns of figures line up on the right, columns of words on the left.
  const numeric = (cell: string) => /^[-+]?[\d.,]+\s*(%|ms|s|kB|MiB|×)?/.test(cell) || cell === "–";
  const right = widths.map((_, col) => {
    const cells = rows.slice(1).map((row) => row[col] ?? "");
    return col > 0 && cells.filter(numeric).length * 2 >= cells.length;
  });
  const line = (row: string[]) =>
    row
      .map((cell, col) => (right[col] ? cell.padStart(widths[col] ?? 0) : cell.padEnd(widths[col] ?? 0)))
      .join("  ")
      .trimEnd();
  const [head, ...body] = rows;
  return [line(head ?? []), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

/**
 * One table per checkout as one: the columns in `keep` once (the first table's), every other column side by side,
 * headed "… before" and "… after". One table is returned as it is.
 */
export function sideBySide(tables: string[][][], checkouts: Checkout[], keep: number[]): string[][] {
  const [first] = tables;
  if (!first || tables.length === 1) return first ?? [];
  return first.map((row, r) =>
    row.flatMap((cell, c) =>
      keep.includes(c)
        ? [cell]
        : tables.map((each, i) =>
            r === 0 ? `${cell} ${checkouts[i]!.label}`.trim() : (each[r]?.[c] ?? "–"),
          ),
    ),
  );
}

/**
 * The start of both scripts: build this checkout if needed, note missing images, and a seeded data folder for each
 * checkout to measure (`--before=<dir>`), removed (with every server still running) on Ctrl-C or by the returned
 * `cleanup`.
 */
export async function prepareRun(prefix: string): Promise<{
  seeded: { checkout: Checkout; dataDir: string }[];
  missing: string[];
  cleanup: () => Promise<void>;
}> {
  const checkouts = checkoutsToMeasure();
  ensureBuild();
  const missing = missingImages();
  if (missing.length)
    console.warn(`Note: images missing from public/: ${missing.join(", ")} (carrying on)\n`);
  const folders: string[] = [];
  const cleanup = async () => {
    await stopAllServers();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  };
  onInterrupt(cleanup);
  const seeded = [];
  for (const checkout of checkouts) {
    const dataDir = await makeSeededDataDir(prefix);
    folders.push(dataDir);
    seeded.push({ checkout, dataDir });
  }
  return { seeded, missing, cleanup };
}

/** A checkout's server after its start-up and page figures, kept running (with its reference) for the load tests. */
interface Started {
  checkout: Checkout;
  dataDir: string;
  port: number;
  server: ServerProcess;
  coldRuns: { readyMs: number; memory: Memory }[];
  afterStart: Memory;
  pages: PageJs[];
  lcp: LcpFigure[];
  assetPath: string;
  assetName: string;
  yardstick: { origin: string; stop(): void };
  /** Five uploads of a 1 MB photo: its size and each answer's time. */
  uploads: { bytes: number; ms: number[] };
}

const ENV = { ADMIN_PASSWORD: BENCH_PASSWORD };

/** Start-up, uploads, first-load JavaScript and LCP of one checkout; its server and reference stay up. */
async function startAndMeasurePages(
  checkout: Checkout,
  dataDir: string,
  folders: string[],
): Promise<Started> {
  const port = await freePort();
  const start = () => startServerProcess({ port, dataDir, env: ENV, checkout });

  // (a) Cold start with an existing data folder: one warm-up start, then the timed ones.
  process.stdout.write("Cold start: warm-up");
  await (await start()).stop();
  const coldRuns: { readyMs: number; memory: Memory }[] = [];
  let server: ServerProcess | undefined;
  for (let run = 0; run < COLD_STARTS; run++) {
    if (server) await server.stop();
    server = await start();
    coldRuns.push({ readyMs: round(server.readyMs), memory: readMemory(server.pid) });
    process.stdout.write(`, ${coldRuns.at(-1)?.readyMs} ms`);
  }
  console.log("\n");
  if (!server) throw new Error("unreachable");

  // (b) Real uploads: a 2400×1600 cover on the newest article, photos on three projects (tools/uploads.ts), through
  // this checkout's API.
  console.log("Uploading a cover and project photos through the admin API…");
  await seedUploads(server.origin);
  console.log("Uploading a 1 MB photo five times, each timed to its answer…");
  const uploads = await timeUploads(server.origin);
  // A fresh start, so the memory figures do not count the uploads' image encoding.
  await server.stop();
  server = await start();
  const afterStart = readMemory(server.pid);

  // (c) First-load JavaScript per public page, and the largest contentful paint on a phone.
  // Every public page at its address in each language (docs/product.md §16).
  const paths = PUBLIC_PAGES.flatMap((page) => [page, localizePath(page, "ar")]);
  console.log("First-load JavaScript (Playwright, fresh cache per page)…");
  const pages = await measureFirstLoadJs(server.origin, paths);
  console.log("Largest contentful paint on a 390 px phone…");
  const lcp = await measureLcp(server.origin, paths);

  // (d) The yardstick for throughput: a minimal Node server sending from memory the bytes this server sends for /
  // (the page cache keeps it compressed) and for a hashed script (tools/reference-server.ts).
  const html = await (await fetch(`${server.origin}/`)).text();
  const assetPath = hashedAssetUrl(html);
  const reference = await mkdtemp(path.join(os.tmpdir(), "sira-reference-"));
  folders.push(reference);
  const assetName = path.basename(assetPath);
  // The bytes Sira sends, in each encoding, as they are on the wire.
  await writeFile(path.join(reference, "index.html"), html);
  await writeFile(
    path.join(reference, "index.html.br"),
    await bytesAsSent(`${server.origin}/`, { "accept-encoding": "br" }),
  );
  await writeFile(
    path.join(reference, "index.html.gz"),
    await bytesAsSent(`${server.origin}/`, { "accept-encoding": "gzip" }),
  );
  for (const suffix of ["", ".br", ".gz"]) {
    const file = path.join(checkout.root, "build", "client", "assets", assetName + suffix);
    if (existsSync(file)) await writeFile(path.join(reference, assetName + suffix), readFileSync(file));
  }
  const yardstick = await startReferenceServer(await freePort(), reference);
  return {
    checkout,
    dataDir,
    port,
    server,
    coldRuns,
    afterStart,
    pages,
    lcp,
    assetPath,
    assetName,
    yardstick,
    uploads,
  };
}

/** Latency, memory under load, render cost and memory under distinct addresses of one checkout; stops its server. */
async function measureLoad(side: Started, folders: string[]) {
  const { checkout, dataDir, port, server } = side;

  // (e) Latency at a steady rate: / at 200 requests a second (page-cache hits, and a render each time the kept copy
  // expires).
  console.log(`Latency: / at ${LATENCY_RATE} requests/s for ${LATENCY_SECONDS} s…`);
  const latency = await latencyAtRate(`${server.origin}/`, LATENCY_RATE, LATENCY_SECONDS);

  // (f) Memory: a burst of 50 connections over every public page in both languages that the page cache keeps
  // (page-cache hits), its peak, then idle. A page that answers `no-store` (the contact form carries the moment
  // it was rendered) is rendered for every request: a miss, not a hit (decision 057).
  const { kept: cachedPages, notKept } = await pagesTheCacheKeeps(
    server.origin,
    PUBLIC_PAGES.flatMap((page) => [page, page === "/" ? "/ar" : `/ar${page}`]),
  );
  console.log(
    `Memory: a ${BURST_SECONDS} s burst of 50 connections over the ${cachedPages.length} public pages the page cache keeps${notKept.length ? ` (not ${notKept.join(", ")}: rendered for each request)` : ""}, then ${IDLE_SECONDS} s idle…`,
  );
  const burstPeakMiB = await peakRssDuring(
    server.pid,
    autocannon({
      url: server.origin,
      connections: 50,
      duration: BURST_SECONDS,
      headers: BROWSER_ENCODING,
      requests: cachedPages.map((page) => ({ path: page })),
    }),
  );
  const afterBurst = readMemory(server.pid);
  await sleep(IDLE_SECONDS * 1000);
  const idle = readMemory(server.pid);
  await server.stop();

  // (g) Misses: the CPU of a full render of /, /articles and an article, on a server without a page cache.
  console.log("Full renders (page-cache misses): CPU of /, /articles and an article…");
  const renderer = await startServerProcess({
    port,
    dataDir,
    env: { ...ENV, PAGE_CACHE_SECONDS: "0" },
    checkout,
  });
  const renders = await measureRenders(renderer, ["/", "/articles", `/articles/${ARTICLE_SLUGS[0]}`]);
  await renderer.stop();

  // (h) Memory under addresses no cache can merge: 500 more articles, then every article page in both
  // languages, every page of the list, and 1,000 addresses that are not found.
  const crowded = await makeSeededDataDir("sira-bench-crowded-", 500);
  folders.push(crowded);
  const hostile = await startServerProcess({ port, dataDir: crowded, env: ENV, checkout });
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const answer = (await (
      await fetch(`${hostile.origin}/api/articles?perPage=100&page=${page}`)
    ).json()) as {
      items: { slug: string }[];
      total: number;
    };
    slugs.push(...answer.items.map((article) => article.slug));
    if (slugs.length >= answer.total) break;
  }
  const distinct = [
    ...slugs.flatMap((slug) => [`/articles/${slug}`, `/ar/articles/${slug}`]),
    ...Array.from({ length: Math.ceil(slugs.length / 10) }, (_, i) => `/articles?page=${i + 2}`),
    ...Array.from({ length: 1_000 }, (_, i) => `/no-such-page-${i}`),
  ];
  console.log(
    `Memory: ${distinct.length} distinct addresses (${slugs.length} articles in two languages, list pages, 404s)…`,
  );
  const floodPeakMiB = await peakRssDuring(
    hostile.pid,
    (async () => {
      for (let i = 0; i < distinct.length; i += 20)
        await Promise.all(
          distinct.slice(i, i + 20).map(async (address) => {
            const response = await fetch(`${hostile.origin}${address}`, { headers: BROWSER_ENCODING });
            await response.arrayBuffer();
          }),
        );
    })(),
  );
  await sleep(5_000);
  const afterFlood = readMemory(hostile.pid);
  await hostile.stop();

  // (i) One client flooding with what the server must answer afresh, while a visitor reads /.
  console.log(
    `One client flooding (${FLOODS.map((flood) => flood.name).join(", ")}; 50 connections, ${FLOOD_SECONDS} s each) while a visitor reads / at ${VISITOR_RATE} requests/s, then ${IDLE_SECONDS} s idle…`,
  );
  const flooded = await startServerProcess({
    port,
    dataDir,
    env: { ...ENV, TRUST_PROXY: "1" },
    checkout,
  });
  const floods = await measureFloods(flooded.origin, flooded.pid);
  await flooded.stop();
  return {
    floods,
    latency,
    burstPeakMiB,
    afterBurst,
    idle,
    renders,
    distinct: distinct.length,
    floodPeakMiB,
    afterFlood,
  };
}

/**
 * What one client may send to make the server work for it: an address that is no page, an article that does not
 * exist, React Router's data request with a query of its own, the contact page (a stamped form, rendered each time).
 */
const FLOODS: { name: string; path: (i: number) => string }[] = [
  { name: "unknown paths", path: (i) => `/no-such-page-${i}` },
  { name: "unknown article slugs", path: (i) => `/articles/no-such-article-${i}` },
  { name: "data requests with made-up queries", path: (i) => `/articles.data?x=${i}` },
  { name: "the contact page", path: () => "/contact" },
];

/**
 * (i) One client cannot slow the site for others: a visitor's / at VISITOR_RATE requests/s, quiet and while one
 * client (one address, behind TRUST_PROXY) floods with 50 connections each kind of FLOODS in turn; then the
 * server's memory IDLE_SECONDS after the last flood. `origin` must trust X-Forwarded-For.
 */
export async function measureFloods(origin: string, pid: number) {
  const quiet = await latencyAtRate(`${origin}/`, VISITOR_RATE, FLOOD_SECONDS);
  const floods: { name: string; visitor: Latency; sent: number; refused: number }[] = [];
  for (const flood of FLOODS) {
    let i = 0;
    const load = autocannon({
      url: origin,
      connections: 50,
      duration: FLOOD_SECONDS,
      headers: { ...BROWSER_ENCODING, "x-forwarded-for": "198.51.100.1" },
      requests: [{ setupRequest: (request) => ({ ...request, path: flood.path(i++) }) }],
    });
    const visitor = await latencyAtRate(`${origin}/`, VISITOR_RATE, FLOOD_SECONDS);
    const result = await load;
    floods.push({
      name: flood.name,
      visitor,
      sent: result.requests.total,
      refused: result.non2xx,
    });
  }
  const afterFloods = readMemory(pid);
  await sleep(IDLE_SECONDS * 1000);
  return { quiet, floods, afterFloods, idle: readMemory(pid) };
}

type Figures = Started &
  Awaited<ReturnType<typeof measureLoad>> & {
    throughput: { hit: Throughput; hitReference: Throughput; asset: Throughput; assetReference: Throughput };
  };

/** The goals each checkout's figures are held to. */
function checksOf(figures: Figures): Check[] {
  const { pages, lcp, latency, renders, idle, burstPeakMiB, floodPeakMiB, distinct, coldRuns, throughput } =
    figures;
  const largest = pages.reduce((a, b) => (b.firstLoadGzipBytes > a.firstLoadGzipBytes ? b : a));
  const largestHtml = pages.reduce((a, b) => (b.htmlBytes > a.htmlBytes ? b : a));
  const lcpImages = lcp.filter((f) =>
    ["/", "/about", "/projects", `/articles/${ARTICLE_SLUGS[0]}`].includes(f.path),
  );
  const heaviest = lcpImages.reduce((a, b) => ((b.bytes ?? 0) > (a.bytes ?? 0) ? b : a));
  const renderMedianMs = median(renders.map((cost) => cost.cpuMsPerRender));
  const ratio = throughput.hit.requestsPerSecond / throughput.hitReference.requestsPerSecond;
  const coldStartMs = median(coldRuns.map((run) => run.readyMs));
  const startupPeakMiB = Math.max(...coldRuns.map((run) => run.memory.hwmMiB));
  const uploadMs = median(figures.uploads.ms);
  const { floods } = figures;
  const floodedP99 = Math.max(...floods.floods.map((flood) => flood.visitor.p99Ms));
  return [
    {
      name: "First-load JS with the inline scripts, largest page (gzip)",
      value: `${kB(largest.firstLoadGzipBytes)} kB, inline ${kB(largest.inlineScriptGzipBytes)} kB (${largest.path})`,
      target: "≤ 125 kB",
      ok: largest.firstLoadGzipBytes <= 125_000,
    },
    {
      name: "HTML of a public page, largest (raw)",
      value: `${kB(largestHtml.htmlBytes)} kB (${largestHtml.path})`,
      target: "≤ 50 kB",
      ok: largestHtml.htmlBytes <= 50_000,
    },
    {
      name: "LCP image on a phone, heaviest of /, /about, /projects, the article",
      value: `${heaviest.bytes === null ? "–" : kB(heaviest.bytes)} kB (${heaviest.path})`,
      target: "≤ 60 kB",
      ok: lcpImages.every((f) => f.bytes === null || f.bytes <= 60_000),
    },
    {
      name: "LCP element is the page's content",
      value: lcp.map((f) => f.element.split(" ")[0]).join(", "),
      target: "no logo",
      ok: lcp.every((f) => !/"MH"/.test(f.element)),
    },
    {
      name: "/ through the app (page-cache hit, browser encoding) ÷ reference",
      value: `${round(ratio, 2)}×`,
      target: "≥ 0.30×",
      ok: round(ratio, 2) >= 0.3,
    },
    {
      name: `p99 latency of / at ${LATENCY_RATE} requests/s for ${LATENCY_SECONDS} s`,
      value: `${latency.p99Ms} ms (slowest ${latency.maxMs}), ${latency.errors} errors`,
      target: `≤ 50 ms (slowest < ${latency.intervalMs}), 0 errors`,
      ok: latency.p99Ms <= 50 && latency.maxMs < latency.intervalMs && latency.errors === 0,
    },
    {
      name: "Full render (page-cache miss), CPU, median of /, /articles, an article",
      value: `${renderMedianMs} ms (${renders.map((cost) => cost.cpuMsPerRender).join(", ")})`,
      target: "≤ 15 ms",
      ok: renderMedianMs <= 15,
    },
    {
      name: `RSS ${IDLE_SECONDS} s after the ${BURST_SECONDS} s burst of cached pages`,
      value: `${idle.rssMiB} MiB`,
      target: "≤ 256 MiB",
      ok: idle.rssMiB <= 256,
    },
    {
      name: "Peak RSS during the burst",
      value: `${burstPeakMiB} MiB`,
      target: "≤ 400 MiB",
      ok: burstPeakMiB <= 400,
    },
    {
      name: `Peak RSS during ${distinct} distinct addresses (500 more articles)`,
      value: `${floodPeakMiB} MiB`,
      target: "≤ 400 MiB",
      ok: floodPeakMiB <= 400,
    },
    {
      name: `p99 of / at ${VISITOR_RATE} requests/s while one client floods, worst ÷ quiet`,
      value: `${round(floodedP99 / floods.quiet.p99Ms, 1)}× (${floodedP99} ms ÷ ${floods.quiet.p99Ms} ms)`,
      target: "≤ 3×",
      ok: floodedP99 <= 3 * floods.quiet.p99Ms,
    },
    {
      name: `RSS ${IDLE_SECONDS} s after the floods`,
      value: `${floods.idle.rssMiB} MiB`,
      target: "≤ 256 MiB",
      ok: floods.idle.rssMiB <= 256,
    },
    {
      name: `Upload of a ${round(figures.uploads.bytes / 1e6, 2)} MB JPEG, answered (median of 5)`,
      value: `${uploadMs} ms (${figures.uploads.ms.join(", ")})`,
      target: "≤ 500 ms",
      ok: uploadMs <= 500,
    },
    {
      name: "Start-up peak (VmHWM)",
      value: `${startupPeakMiB} MiB`,
      target: "≤ 400 MB",
      ok: startupPeakMiB <= 400,
    },
    {
      name: `Cold start, existing data (median of ${COLD_STARTS})`,
      value: `${coldStartMs} ms`,
      target: "≤ 2000 ms",
      ok: coldStartMs <= 2000,
    },
  ];
}

/** The tables of one checkout's figures, as printed (side by side with `--before`). */
function tablesOf(figures: Figures, checks: Check[]) {
  const { pages, lcp, throughput, latency, renders, afterStart, burstPeakMiB, afterBurst, idle } = figures;
  const tp = (label: string, t: Throughput) => [
    label,
    t.url,
    String(t.requestsPerSecond),
    t.rounds.join(", "),
    String(t.latencyP50Ms),
    String(t.latencyP99Ms),
    String(t.non2xx + t.errors + t.timeouts),
  ];
  return {
    js: [
      [
        "page",
        "status",
        "scripts",
        "raw kB",
        "gzip kB",
        "brotli kB",
        "wire kB",
        "inline kB",
        "inline gzip kB",
        "total gzip kB",
        "HTML kB",
      ],
      ...pages.map((p) => [
        p.path,
        String(p.status),
        String(p.scripts),
        String(kB(p.rawBytes)),
        String(kB(p.gzipBytes)),
        String(kB(p.brotliBytes)),
        String(kB(p.transferredBytes)),
        String(kB(p.inlineScriptBytes)),
        String(kB(p.inlineScriptGzipBytes)),
        String(kB(p.firstLoadGzipBytes)),
        String(kB(p.htmlBytes)),
      ]),
    ],
    lcp: [
      ["page", "element", "image chosen", "kB"],
      ...lcp.map((f) => [f.path, f.element, f.image ?? "–", f.bytes === null ? "–" : String(kB(f.bytes))]),
    ],
    throughput: [
      ["run", "url", "req/s (median)", "each round", "p50", "p99", "non-2xx+errors"],
      tp("Sira, page-cache hit", throughput.hit),
      tp("reference", throughput.hitReference),
      tp("Sira, hashed asset", throughput.asset),
      tp("reference", throughput.assetReference),
    ],
    latency: [
      ["requests", "p50", "p99", "slowest", "errors"],
      [
        String(latency.total),
        String(latency.p50Ms),
        String(latency.p99Ms),
        String(latency.maxMs),
        String(latency.errors),
      ],
    ],
    floods: [
      ["one client floods with", "its requests", "refused", "/ p50", "/ p99", "/ slowest", "/ errors"],
      ...[
        { name: "nothing (quiet)", visitor: figures.floods.quiet, sent: 0, refused: 0 },
        ...figures.floods.floods,
      ].map((flood) => [
        flood.name,
        String(flood.sent),
        String(flood.refused),
        String(flood.visitor.p50Ms),
        String(flood.visitor.p99Ms),
        String(flood.visitor.maxMs),
        String(flood.visitor.errors),
      ]),
      [
        "memory right after the floods (VmRSS MiB)",
        String(figures.floods.afterFloods.rssMiB),
        "",
        "",
        "",
        "",
        "",
      ],
      [`memory ${IDLE_SECONDS} s later`, String(figures.floods.idle.rssMiB), "", "", "", "", ""],
    ],
    renders: [
      ["page", "CPU ms", "each round"],
      ...renders.map((cost) => [cost.path, String(cost.cpuMsPerRender), cost.rounds.join(", ")]),
    ],
    memory: [
      ["moment", "VmRSS", "VmHWM"],
      ["right after start", String(afterStart.rssMiB), String(afterStart.hwmMiB)],
      [`peak during the ${BURST_SECONDS} s burst (page-cache hits)`, String(burstPeakMiB), "–"],
      ["after the burst", String(afterBurst.rssMiB), String(afterBurst.hwmMiB)],
      [`idle ${IDLE_SECONDS} s later`, String(idle.rssMiB), String(idle.hwmMiB)],
      [`peak during ${figures.distinct} distinct addresses`, String(figures.floodPeakMiB), "–"],
      [
        `after them (500 more articles)`,
        String(figures.afterFlood.rssMiB),
        String(figures.afterFlood.hwmMiB),
      ],
    ],
    summary: [
      ["figure", "value", "goal", ""],
      ...checks.map((c) => [c.name, c.value, c.target, c.ok ? "ok" : "MISSED"]),
    ],
  };
}

/** What bench.json keeps of one checkout's figures. */
function resultsOf(figures: Figures, checks: Check[]) {
  const { coldRuns, afterStart, burstPeakMiB, afterBurst, idle, floodPeakMiB, afterFlood, throughput } =
    figures;
  const ratio = (a: Throughput, b: Throughput) => round(a.requestsPerSecond / b.requestsPerSecond, 2);
  return {
    coldStart: { medianMs: median(coldRuns.map((run) => run.readyMs)), runs: coldRuns },
    firstLoadJs: figures.pages,
    largestContentfulPaint: figures.lcp,
    server: { flags: figures.checkout.flags, env: figures.checkout.env },
    throughput,
    ratios: {
      hit: ratio(throughput.hit, throughput.hitReference),
      asset: ratio(throughput.asset, throughput.assetReference),
    },
    latency: figures.latency,
    floods: figures.floods,
    renders: figures.renders,
    memory: {
      afterStart,
      startupPeakMiB: Math.max(...coldRuns.map((run) => run.memory.hwmMiB)),
      burstPeakMiB,
      afterBurst,
      idle,
      floodPeakMiB,
      afterFlood,
    },
    checks,
  };
}

/** A browser's User-Agent: the load test's own would be counted as nobody's (no browser, no count). */
const BROWSER_VISIT = {
  ...BROWSER_ENCODING,
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
  referer: "https://www.google.com/",
};
/**
 * Public pages with counting on and off (docs/product.md §27, decisions 045 and 061): one server for each checkout
 * (`--before=<dir>` adds an earlier one), switched in Settings between rounds as its owner would switch it, so that
 * on and off run in the same process: two processes of the same code differed by as much as counting costs. After
 * a warm-up, COUNTING_SETS sets of short rounds: counting on, off, and off again as a control, each kind first in
 * turn. A round drifts from the next by more than counting costs, and many short sets follow the drift closer than
 * a few long ones. The control is the same code as "off": its ratios are what this machine's noise alone gives. The
 * switch empties the page cache, and the page is rendered again before each round: a round holds only page-cache
 * hits, and the counting of each. Throughput ÷ off is the median of the sets' ratios; CPU per request is the
 * server's CPU time ÷ the requests of a round, the median of a kind's rounds. The p99 is taken at the latency
 * test's steady rate, in STEADY_SETS sets of rounds, over every answer of a kind: under full load an answer's time
 * is its wait behind the others, which only repeats the throughput.
 */
export async function measureCounting(checkouts: Checkout[] = [THIS_CHECKOUT]): Promise<string[][]> {
  const sides = checkouts.map((checkout) => ({
    checkout,
    dataDir: "",
    server: null as ServerProcess | null,
  }));
  try {
    for (const side of sides) {
      side.dataDir = await makeSeededDataDir("sira-visits-");
      side.server = await startServerProcess({
        port: await freePort(),
        dataDir: side.dataDir,
        env: { ADMIN_PASSWORD: BENCH_PASSWORD },
        checkout: side.checkout,
      });
    }
    const rows = [
      [
        ...(checkouts.length > 1 ? ["checkout"] : []),
        "page",
        "counting",
        "requests/s, median round",
        "CPU µs/request",
        `p99 ms at ${LATENCY_RATE}/s`,
        "÷ off: requests/s",
        "each set",
        "÷ off: CPU",
        "÷ off: p99",
      ],
    ];
    // Each set runs a round of each kind, in turn first: counting on, off, and off again as a control. The control
    // is the same code as "off", so its ratios to "off" show how far this machine moves a figure by itself.
    const kinds = ["on", "off", "control"] as const;
    type Kind = (typeof kinds)[number];
    for (const page of ["/", `/articles/${ARTICLE_SLUGS[0]}`])
      for (const side of sides) {
        const server = side.server!;
        const owner = await signIn(server.origin, BENCH_PASSWORD);
        const url = `${server.origin}${page}`;
        const switchTo = async (kind: Kind) => {
          const settings = await owner.request("GET", "/api/settings");
          await owner.request("PUT", "/api/settings", { ...settings, countVisits: kind === "on" });
          // This checkout's counter follows a save at once; an earlier one's perhaps only at its next write.
          if (side.checkout !== THIS_CHECKOUT) await sleep(VISIT_FLUSH_MS + 1000);
          // The save empties the page cache. The page is rendered now, so that no round holds a render: the
          // cache keeps it 10 s (PAGE_CACHE_SECONDS), longer than a round. A render holds every answer behind it
          // for some 40 ms, with counting on as off; one falling into a round or not moved that round's figures
          // by more than counting does.
          await (await fetch(url, { headers: BROWSER_VISIT })).arrayBuffer();
        };
        const inTurn = (set: number) => kinds.map((_, i) => kinds[(i + set) % kinds.length]!);
        // A server's first seconds under load are its slowest (its code not yet optimised).
        await switchTo("on");
        await loadTest(url, BROWSER_VISIT);
        const rounds: Record<Kind, CountingRound[]> = { on: [], off: [], control: [] };
        for (let set = 0; set < COUNTING_SETS; set++)
          for (const kind of inTurn(set)) {
            await switchTo(kind);
            rounds[kind].push(await countingRound(url, server.pid));
          }
        // Latency as a visitor meets it, at the steady rate of the latency test: under full load an answer's
        // time is mostly its wait behind the 49 others, which follows the throughput.
        const steady: Record<Kind, number[]> = { on: [], off: [], control: [] };
        for (let set = 0; set < STEADY_SETS; set++)
          for (const kind of inTurn(set)) {
            await switchTo(kind);
            const { times } = await timedAnswers({
              url,
              connections: 20,
              overallRate: LATENCY_RATE,
              duration: STEADY_SECONDS,
              headers: BROWSER_VISIT,
            });
            for (const time of times) steady[kind].push(time);
          }
        const steadyP99 = (kind: Kind) =>
          percentile(
            steady[kind].sort((a, b) => a - b),
            0.99,
          );
        const cpu = (kind: Kind) => median(rounds[kind].map((round) => round.cpuUs));
        for (const kind of kinds) {
          const requests = rounds[kind].map(
            (round, i) => round.requestsPerSecond / rounds.off[i]!.requestsPerSecond,
          );
          rows.push([
            ...(checkouts.length > 1 ? [side.checkout.label] : []),
            page,
            kind === "control" ? "off (control)" : kind,
            median(rounds[kind].map((round) => round.requestsPerSecond)).toFixed(0),
            cpu(kind).toFixed(1),
            steadyP99(kind).toFixed(1),
            kind === "off" ? "" : median(requests).toFixed(3),
            kind === "off" ? "" : requests.map((ratio) => ratio.toFixed(2)).join(", "),
            kind === "off" ? "" : (cpu(kind) / cpu("off")).toFixed(3),
            kind === "off" ? "" : (steadyP99(kind) / steadyP99("off")).toFixed(3),
          ]);
        }
      }
    return rows;
  } finally {
    for (const side of sides) {
      await side.server?.stop();
      if (side.dataDir) await rm(side.dataDir, { recursive: true, force: true });
    }
  }
}

interface CountingRound {
  requestsPerSecond: number;
  /** The server's CPU time per request, µs. */
  cpuUs: number;
}

/** One round of counting's comparison: COUNTING_SECONDS under 50 connections. */
async function countingRound(url: string, pid: number): Promise<CountingRound> {
  const before = cpuMs(pid);
  const result = await autocannon({
    url,
    connections: 50,
    duration: COUNTING_SECONDS,
    headers: BROWSER_VISIT,
  });
  if (result.errors + result.timeouts + result.non2xx > 0)
    throw new Error(`${url}: answers that were not 200`);
  return {
    requestsPerSecond: result.requests.average,
    cpuUs: ((cpuMs(pid) - before) * 1000) / result.requests.total,
  };
}

async function main() {
  const startedAt = new Date();
  console.log("Sira bench: build, seed, start, measure (loopback only)\n");
  const { seeded, missing, cleanup } = await prepareRun("sira-bench-");
  const checkouts = seeded.map((each) => each.checkout);
  const folders: string[] = [];
  const named = (checkout: Checkout) =>
    seeded.length > 1 ? `${checkout.label} (${path.relative(process.cwd(), checkout.root) || "."}): ` : "";
  const started: Started[] = [];
  try {
    for (const { checkout, dataDir } of seeded) {
      process.stdout.write(named(checkout));
      started.push(await startAndMeasurePages(checkout, dataDir, folders));
    }

    // Throughput of page-cache hits: / through the app, with a browser's Accept-Encoding, against the reference
    // sending the same bytes; and a hashed script the same way. Every server in alternating rounds.
    console.log(
      `Throughput (autocannon, 50 connections × ${LOAD_SECONDS} s after a 1 s warm-up, ${LOAD_ROUNDS} alternating rounds, median, browser's Accept-Encoding): / (page-cache hits) and ${started.map((side) => side.assetPath).join(", ")}, Sira and the reference…`,
    );
    const hits = await loadTestRounds(
      started.flatMap((side) => [`${side.server.origin}/`, `${side.yardstick.origin}/`]),
      BROWSER_ENCODING,
    );
    const assets = await loadTestRounds(
      started.flatMap((side) => [
        `${side.server.origin}${side.assetPath}`,
        `${side.yardstick.origin}/${side.assetName}`,
      ]),
      BROWSER_ENCODING,
    );
    for (const side of started) side.yardstick.stop();
    console.log("Public pages with counting on and off (one server, switched in Settings between rounds)…");
    const counting = await measureCounting(checkouts);

    const figures: Figures[] = [];
    for (const [i, side] of started.entries()) {
      process.stdout.write(named(side.checkout));
      figures.push({
        ...side,
        ...(await measureLoad(side, folders)),
        throughput: {
          hit: hits[2 * i]!,
          hitReference: hits[2 * i + 1]!,
          asset: assets[2 * i]!,
          assetReference: assets[2 * i + 1]!,
        },
      });
    }
    const checks = figures.map(checksOf);
    const tables = figures.map((each, i) => tablesOf(each, checks[i]!));
    const print = (title: string, name: keyof (typeof tables)[number], keep: number[]) => {
      console.log(`\n${title}`);
      console.log(
        table(
          sideBySide(
            tables.map((each) => each[name]),
            checkouts,
            keep,
          ),
        ),
      );
    };

    // Report
    print(
      "First-load JavaScript per page (scripts, then the inline scripts of the HTML; kB = 1000 B), and the HTML",
      "js",
      [0],
    );
    print("Largest contentful paint on a 390 px phone (1.75 dppx)", "lcp", [0]);
    print(
      "Throughput (requests/s; latency ms), Sira beside the reference static server, browser's Accept-Encoding",
      "throughput",
      [0],
    );
    print(`Latency of / at ${LATENCY_RATE} requests/s for ${LATENCY_SECONDS} s (ms)`, "latency", []);
    print(
      `A visitor's / at ${VISITOR_RATE} requests/s for ${FLOOD_SECONDS} s while one client floods with 50 connections (ms)`,
      "floods",
      [],
    );
    print(
      "Full renders (page-cache misses): server CPU per render, ms (median of 5 rounds of 20)",
      "renders",
      [0],
    );
    print("Memory of the server process (MiB)", "memory", [0]);
    print("Summary", "summary", [0, 2]);
    console.log(
      "\nPublic pages with counting on and off (a browser's User-Agent and Referer): one server switched in Settings between rounds, with a control round of off again in each set (same code: its ratios are the machine's noise); requests/s ÷ off, the median of each set's ratio (50 connections); the server's CPU per request, the median round; p99 at a steady rate, every answer of a kind",
    );
    console.log(table(counting));

    await mkdir(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, "bench.json");
    const results = figures.map((each, i) => resultsOf(each, checks[i]!));
    await writeFile(
      file,
      `${JSON.stringify(
        {
          startedAt: startedAt.toISOString(),
          node: process.version,
          units: { kB: 1000, MiB: 1024 * 1024 },
          missingImages: missing,
          ...(results.length === 1
            ? results[0]
            : Object.fromEntries(
                results.map((each, i) => [checkouts[i]!.label, { checkout: checkouts[i]!.root, ...each }]),
              )),
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWrote ${path.relative(ROOT, file)}`);
  } finally {
    // A failure before the throughput test would leave the reference servers running, and the bench with them.
    for (const side of started) side.yardstick.stop();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
    await cleanup();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
}
