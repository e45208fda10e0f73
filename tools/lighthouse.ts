// `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on every public page and a case study with a
// five-image gallery, in English and Arabic, against the production server on a throw-away seeded data folder. Each
// page is audited three times (`--runs=N`) and Lighthouse's median run reported, as Lighthouse CI does; the table
// holds every page to the goals of docs/performance.md, and names the audits that keep its performance below 100.
// `-- /about /projects/:slug` audits only those pages. Writes bench-results/lighthouse.json.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { localizePath } from "#core/localized-paths.ts";
import { CHROMIUM, CHROMIUM_ARGS, freePort } from "#tests/helpers/machine.ts";
import { PUBLIC_PAGES, RESULTS_DIR, printChecks, startServer, withDataDir, type Check } from "./site.ts";
import { seedSite } from "./seed.ts";

const CASE_STUDY = "/projects/:slug";
const RUNS = Number(
  /^--runs=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith("--runs=")) ?? "")?.[1] ?? 3,
);
const asked = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
// Their declarations name Lighthouse's global `LH.Result`, which this project's types do not load.
const medianRun = computeMedianRun as (runs: Result[]) => Result;
const validRuns = filterToValidRuns as (runs: Result[]) => Result[];

/** One audit in a fresh Chromium; Lighthouse sometimes fails to record a trace here, so a failed one is tried again. */
async function audit(url: string, attempt = 1): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    logLevel: "error",
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result || result.lhr.runtimeError) throw new Error(result?.lhr.runtimeError?.message ?? "no result");
    return result.lhr;
  } catch (error) {
    if (attempt >= 3) throw error;
    return audit(url, attempt + 1);
  } finally {
    chrome.kill();
  }
}

await withDataDir(async (dataDir) => {
  const port = await freePort();
  let server = await startServer(port, dataDir);
  console.log("Uploading a cover, project photos and a case study's gallery through the admin API…");
  const caseStudy = await seedSite(server.origin);
  await server.stop();
  server = await startServer(port, dataDir);
  const checks: Check[] = [];
  const reports: Record<string, Result> = {};
  try {
    for (const page of asked.length ? asked : [...PUBLIC_PAGES, CASE_STUDY])
      for (const language of ["en", "ar"] as const) {
        const address = page === CASE_STUDY ? caseStudy[language] : localizePath(page, language);
        process.stdout.write(`${decodeURI(address)}: ${RUNS} runs… `);
        const runs: Result[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await audit(`${server.origin}${address}`));
        const valid = validRuns(runs);
        const lhr = valid.length ? medianRun(valid) : runs[0]!;
        reports[address] = lhr;
        const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        const [lcp, tbt, cls] = [
          value("largest-contentful-paint"),
          value("total-blocking-time"),
          value("cumulative-layout-shift"),
        ];
        const held = lhr.categories.performance?.auditRefs
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
          .map((a) => a!.id);
        console.log(
          `performance ${performance}, LCP ${(lcp / 1000).toFixed(2)} s, TBT ${Math.round(tbt)} ms${held?.length ? ` (${held.join(", ")})` : ""}`,
        );
        checks.push({
          name: decodeURI(address),
          value: `${performance}, LCP ${(lcp / 1000).toFixed(2)} s, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)}`,
          goal: "≥ 97, ≤ 2.0 s, ≤ 150 ms, ≤ 0.1",
          ok: performance >= 97 && lcp <= 2000 && tbt <= 150 && cls <= 0.1,
        });
        for (const id of ["accessibility", "best-practices", "seo"] as const) {
          const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
          if (score < 100)
            checks.push({
              name: `${decodeURI(address)} ${id}`,
              value: String(score),
              goal: "100",
              ok: false,
            });
        }
      }
  } finally {
    await server.stop();
  }
  printChecks(`Lighthouse, mobile, median of ${RUNS} runs`, checks);
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(
    path.join(RESULTS_DIR, "lighthouse.json"),
    JSON.stringify({ at: new Date(), checks, reports }),
  );
});
