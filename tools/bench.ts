// `npm run bench`: what a visitor or the owner feels, each figure beside its goal (docs/performance.md): the
// first-load JavaScript and HTML of every public page, the time a page takes to render, a built asset beside a plain
// Node server sending the same bytes, the upload's answer, the cold start and the memory after a burst.
// Loopback only, on a throw-away data folder; `--quick` shortens every timed phase. Writes bench-results/bench.json.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { localizePath } from "#core/localized-paths.ts";
import { CHROMIUM, CHROMIUM_ARGS, freePort } from "./local.ts";
import {
  ARTICLE,
  PUBLIC_PAGES,
  QUICK,
  RESULTS_DIR,
  ROOT,
  median,
  percentile,
  printChecks,
  rssMiB,
  startServer,
  withDataDir,
  type Check,
  type ServerProcess,
} from "./site.ts";
import { seedSite, timeUploads } from "./seed.ts";

interface Autocannon {
  (options: {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: { path: string }[];
  }): Promise<{ requests: { average: number }; errors: number; non2xx: number }>;
}
// autocannon ships no types: loaded through require and described by the little used here.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };
const check = (name: string, value: string, goal: string, ok: boolean): Check => ({ name, value, goal, ok });
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** First-load JavaScript (gzip of each script the page loads, plus its inline scripts) and the HTML, per page. */
async function firstLoad(origin: string, paths: string[]) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  const pages = [];
  try {
    for (const page of paths) {
      const context = await browser.newContext(); // an empty cache, as on a first visit
      const tab = await context.newPage();
      const scripts: Promise<number>[] = [];
      tab.on("response", (response) => {
        if (response.request().resourceType() === "script")
          scripts.push(
            response.body().then(
              (body) => gzipSync(body).length,
              () => 0,
            ),
          );
      });
      const response = await tab.goto(`${origin}${page}`, { waitUntil: "networkidle" });
      const html = (await response?.text()) ?? "";
      const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
        .map((match) => match[1])
        .join("\n");
      const js =
        (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0) + gzipSync(inline).length;
      pages.push({ page, js, html: Buffer.byteLength(html) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return pages;
}

/**
 * The time to answer a page that is not kept, as a visitor meets it: rendered, compressed and sent, by a server
 * whose page cache is off. Twenty requests one after another after a warm-up; the median and the 95th percentile.
 */
async function renderTimes(server: ServerProcess, page: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${server.origin}${page}`, { headers: BROWSER });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < (QUICK ? 5 : 20); i++) times.push(await once());
  return { page, p50: median(times), p95: percentile(times, 0.95) };
}

/** Requests per second of `urls` under 50 connections, in alternating rounds (the machine drifts between them). */
async function throughput(urls: string[]): Promise<number[]> {
  const rounds: number[][] = urls.map(() => []);
  for (let round = 0; round < (QUICK ? 1 : 3); round++)
    for (const [i, url] of round % 2 ? [...urls.entries()].reverse() : [...urls.entries()])
      rounds[i]!.push(
        (await autocannon({ url, connections: 50, duration: QUICK ? 1 : 5, headers: BROWSER })).requests
          .average,
      );
  return rounds.map(median);
}

/** A plain Node server holding the hashed script's files in memory (tools/reference-server.ts). */
async function referenceServer(assetPath: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), "sira-reference-"));
  const name = path.basename(assetPath);
  for (const suffix of ["", ".br", ".gz"])
    await writeFile(
      path.join(folder, name + suffix),
      readFileSync(path.join(ROOT, "build", "client", "assets", name + suffix)),
    );
  const port = await freePort();
  const child = spawn(process.execPath, [
    path.join(ROOT, "tools", "reference-server.ts"),
    String(port),
    folder,
  ]);
  await new Promise((resolve) => child.stdout.once("data", resolve));
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    stop: async () => (child.kill(), await rm(folder, { recursive: true, force: true })),
  };
}

async function main() {
  await withDataDir(async (dataDir) => {
    const port = await freePort();
    console.log("The sample site, written through the admin's API as the owner would…");
    let server = await startServer(port, dataDir);
    const caseStudy = await seedSite(server.origin);
    console.log("Five timed uploads of a 1 MB photo; cold starts on the written data folder…");
    const uploads = await timeUploads(server.origin);
    const starts: number[] = [];
    for (let i = 0; i < (QUICK ? 1 : 3); i++) {
      await server.stop();
      server = await startServer(port, dataDir);
      starts.push(server.readyMs);
    }

    const paths = [
      ...PUBLIC_PAGES.flatMap((page) => [page, localizePath(page, "ar")]),
      caseStudy.en,
      caseStudy.ar,
    ];
    console.log("First-load JavaScript per page (Chromium, a fresh cache per page)…");
    const pages = await firstLoad(server.origin, paths);

    console.log("A hashed script through the site and through a plain Node server…");
    const html = await (await fetch(`${server.origin}/`)).text();
    const assetPath = /"(\/assets\/[^"\s]+\.js)"/.exec(html)![1]!;
    const reference = await referenceServer(assetPath);
    const [site, plain] = await throughput([`${server.origin}${assetPath}`, reference.url]);
    await reference.stop();

    const kept = [...PUBLIC_PAGES.filter((page) => page !== "/contact"), caseStudy.en];
    const burstSeconds = QUICK ? 5 : 30;
    console.log(
      `Memory: a ${burstSeconds} s burst of 50 connections over the kept pages, then a minute idle…`,
    );
    const burst = autocannon({
      url: server.origin,
      connections: 50,
      duration: burstSeconds,
      headers: BROWSER,
      requests: kept.flatMap((page) => [{ path: page }, { path: localizePath(page, "ar") }]),
    });
    let peak = rssMiB(server.pid);
    while (await Promise.race([burst.then(() => false), sleep(200).then(() => true)]))
      peak = Math.max(peak, rssMiB(server.pid));
    await sleep(QUICK ? 5_000 : 60_000);
    const idle = rssMiB(server.pid);
    await server.stop();

    console.log("Renders: pages the page cache does not keep, on a server without one…");
    const renderer = await startServer(port, dataDir, { PAGE_CACHE_SECONDS: "0" });
    const renders = [];
    for (const page of ["/", "/articles", `/articles/${ARTICLE}`, caseStudy.en])
      renders.push(await renderTimes(renderer, page));
    await renderer.stop();

    const largest = pages.reduce((a, b) => (b.js > a.js ? b : a));
    const largestHtml = pages.reduce((a, b) => (b.html > a.html ? b : a));
    const slowest = renders.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    const upload = median(uploads);
    const checks: Check[] = [
      check(
        "first-load JavaScript, largest page (gzip)",
        `${kB(largest.js)} ${decodeURI(largest.page)}`,
        "≤ 125 kB",
        largest.js <= 125_000,
      ),
      check(
        "HTML of a page, largest",
        `${kB(largestHtml.html)} ${decodeURI(largestHtml.page)}`,
        "≤ 50 kB",
        largestHtml.html <= 50_000,
      ),
      ...renders.map((r) =>
        check(`render of ${decodeURI(r.page)}, median`, `${r.p50.toFixed(1)} ms`, "≤ 20 ms", r.p50 <= 20),
      ),
      check(
        "render, slowest p95",
        `${slowest.p95.toFixed(1)} ms ${decodeURI(slowest.page)}`,
        "≤ 50 ms",
        slowest.p95 <= 50,
      ),
      check(
        "hashed script ÷ plain Node server",
        `${(site! / plain!).toFixed(2)}× (${Math.round(site!)} / ${Math.round(plain!)} req/s)`,
        "≥ 0.8×",
        site! / plain! >= 0.8,
      ),
      check("upload of a 1 MB photo answered, median", `${upload} ms`, "≤ 500 ms", upload <= 500),
      check("cold start, median", `${Math.round(median(starts))} ms`, "≤ 2000 ms", median(starts) <= 2000),
      check("memory a minute after the burst / its peak", `${idle} / ${peak} MiB`, "≤ 256 MiB", idle <= 256),
    ];
    printChecks("Sira, measured on this machine", checks);
    console.log("\nFirst-load JavaScript and HTML per page");
    for (const page of pages)
      console.log(
        `  ${decodeURI(page.page).padEnd(40)} ${kB(page.js).padStart(9)} ${kB(page.html).padStart(9)}`,
      );
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(
      path.join(RESULTS_DIR, "bench.json"),
      `${JSON.stringify({ at: new Date(), checks, pages, renders }, null, 2)}\n`,
    );
  });
}

if (import.meta.main)
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
