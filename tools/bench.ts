// `npm run bench`: what a visitor or the owner feels, each figure beside its goal (docs/performance.md): the
// first-load JavaScript and HTML of every public page, the time a page takes to render, a built asset beside a plain
// Node server sending the same bytes, the upload's answer, the cold start, the memory after a burst, the search page
// on a site of 2,000 articles and the memory of a restore of the largest archive the limits allow.
// Loopback only, on a throw-away data folder; `--quick` shortens every timed phase. Writes bench-results/bench.json.
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { localizePath } from "#core/localized-paths.ts";
import { CHROMIUM, CHROMIUM_ARGS, freePort } from "#tests/helpers/machine.ts";
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
import { MAX_BACKUP_DATA_BYTES } from "#server/features/backup/archive.ts";
import { messagesArchive, restoreThroughApi, seedSearchSite, seedSite, timeUploads } from "./seed.ts";

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
      pages.push({ page: decodeURI(page), js, html: Buffer.byteLength(html) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return pages;
}

/** The milliseconds until `url` is answered whole; a refused answer when `ok` is asked for is an error. */
async function timed(url: string, ok = true, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers: { ...BROWSER, ...headers } });
  await response.arrayBuffer();
  if (ok && response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * The time to answer a page that is not kept, as a visitor meets it: rendered, compressed and sent, by a server
 * whose page cache is off. Twenty requests one after another after a warm-up; the median and the 95th percentile.
 */
async function renderTimes(server: ServerProcess, page: string, runs = 20) {
  // Each request from another address (TRUST_PROXY): the figure is the render, not the limit on one address.
  let i = 0;
  const once = () => timed(`${server.origin}${page}`, true, { "x-forwarded-for": `198.51.100.${++i % 250}` });
  for (let warm = 0; warm < 5; warm++) await once();
  const times: number[] = [];
  for (let run = 0; run < (QUICK ? 5 : runs); run++) times.push(await once());
  return { page: decodeURI(page), p50: median(times), p95: percentile(times, 0.95) };
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

/** A plain Node server holding the hashed script and its compressed copies in memory (tools/reference-server.ts). */
async function referenceServer(assetPath: string) {
  const port = await freePort();
  const file = path.join(ROOT, "build", "client", assetPath);
  const child = spawn(process.execPath, [
    path.join(ROOT, "tools", "reference-server.ts"),
    String(port),
    file,
  ]);
  await new Promise((resolve) => child.stdout.once("data", resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/** A visitor reading `/` at 20 requests a second for `seconds`, each request on time whatever the last one did. */
async function visitor(origin: string, seconds: number) {
  const answers: Promise<number>[] = [];
  for (let i = 0; i < seconds * 20; i++, await sleep(50)) {
    answers.push(timed(`${origin}/`, false));
  }
  return percentile(await Promise.all(answers), 0.99);
}

/** What one client (one address, behind TRUST_PROXY) may send to make the server work for it, 50 connections. */
const FLOODS: [string, (i: number) => string][] = [
  ["unknown paths", (i) => `/no-such-page-${i}`],
  ["unknown article slugs", (i) => `/articles/no-such-article-${i}`],
  ["data requests with made-up queries", (i) => `/articles.data?x=${i}`],
  ["the contact page", () => "/contact"],
];

async function floods(origin: string, seconds: number) {
  const quiet = await visitor(origin, seconds);
  const during: [string, number][] = [];
  for (const [name, next] of FLOODS) {
    let i = 0;
    const requests = [{ setupRequest: (request: object) => ({ ...request, path: next(i++) }) }];
    const headers = { ...BROWSER, "x-forwarded-for": "198.51.100.1" };
    const load = autocannon({ url: origin, connections: 50, duration: seconds, headers, requests });
    during.push([name, await visitor(origin, seconds)]);
    await load;
  }
  return { quiet, during };
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
    reference.stop();

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

    console.log("A visitor's / at 20 requests/s, quiet and while one client floods…");
    const flooded = await startServer(port, dataDir, { TRUST_PROXY: "1" });
    const flood = await floods(flooded.origin, QUICK ? 3 : 10);
    await sleep(QUICK ? 5_000 : 60_000);
    const afterFloods = rssMiB(flooded.pid);
    await flooded.stop();

    console.log("Search pages beside a plain page, 2,000 articles and 500 projects, page cache off…");
    const searches = await withDataDir(async (searchDir) => {
      await seedSearchSite(searchDir);
      const searcher = await startServer(port, searchDir, { PAGE_CACHE_SECONDS: "0", TRUST_PROXY: "1" });
      const times = [];
      for (const page of [
        "/about",
        "/search?q=performance",
        `/ar/search?q=${encodeURIComponent("والتصميم للمواقع")}`,
        "/search?q=paragraph",
        "/search?q=kubernetes",
      ])
        times.push(await renderTimes(searcher, page, 60));
      await searcher.stop();
      return times;
    });

    const restoreMiB = (QUICK ? 16 * 2 ** 20 : MAX_BACKUP_DATA_BYTES) / 2 ** 20;
    console.log(`A restore of ${restoreMiB} MiB of message rows through the admin's API…`);
    const restorer = await startServer(port, dataDir);
    const archive = await messagesArchive(restorer.origin, restoreMiB * 2 ** 20);
    const before = rssMiB(restorer.pid);
    const restoring = restoreThroughApi(restorer.origin, archive);
    let restorePeak = before;
    while (await Promise.race([restoring.then(() => false), sleep(200).then(() => true)]))
      restorePeak = Math.max(restorePeak, rssMiB(restorer.pid));
    await restoring;
    await restorer.stop();

    const largest = pages.reduce((a, b) => (b.js > a.js ? b : a));
    const big = pages.reduce((a, b) => (b.html > a.html ? b : a));
    const slow = renders.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    const [upload, start, ratio] = [median(uploads), Math.round(median(starts)), site! / plain!];
    const checks: Check[] = [
      check(
        "first-load JavaScript, largest (gzip)",
        `${kB(largest.js)} ${largest.page}`,
        "≤ 125 kB",
        largest.js <= 125e3,
      ),
      check("HTML of a page, largest", `${kB(big.html)} ${big.page}`, "≤ 50 kB", big.html <= 50e3),
      ...renders.map((r) =>
        check(`render of ${r.page}, median`, `${r.p50.toFixed(1)} ms`, "≤ 20 ms", r.p50 <= 20),
      ),
      check("render, slowest p95", `${slow.p95.toFixed(1)} ms ${slow.page}`, "≤ 50 ms", slow.p95 <= 50),
      check("hashed script ÷ plain Node server", `${ratio.toFixed(2)}×`, "≥ 0.8×", ratio >= 0.8),
      check("upload of a 1 MB photo answered, median", `${upload} ms`, "≤ 500 ms", upload <= 500),
      check("cold start, median", `${start} ms`, "≤ 2000 ms", start <= 2000),
      check("memory a minute after the burst / its peak", `${idle} / ${peak} MiB`, "≤ 256 MiB", idle <= 256),
      ...flood.during.map(([name, p99]) =>
        check(
          `visitor's p99, one client flooding ${name}`,
          `${Math.round(p99)} ms`,
          `≤ 3 × ${Math.round(flood.quiet)}`,
          p99 <= 3 * flood.quiet,
        ),
      ),
      check("memory a minute after the floods", `${afterFloods} MiB`, "≤ 256 MiB", afterFloods <= 256),
      ...searches.map((r) =>
        check(
          `${r.page}, 2,000 articles`,
          `p50 ${r.p50.toFixed(1)}, p95 ${r.p95.toFixed(1)} ms`,
          "p95 ≤ 50 ms",
          r.p95 <= 50,
        ),
      ),
      check(
        `restore of ${restoreMiB} MiB of rows: server memory before / peak`,
        `${before} / ${restorePeak} MiB`,
        "peak ≤ before + 256 MiB",
        restorePeak <= before + 256,
      ),
    ];
    printChecks("Sira, measured on this machine", checks);
    console.table(
      pages.map(({ page, js, html }) => ({ page, "first-load JavaScript": kB(js), HTML: kB(html) })),
    );
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(path.join(RESULTS_DIR, "bench.json"), JSON.stringify({ at: new Date(), checks, pages }));
  });
}

if (import.meta.main)
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
