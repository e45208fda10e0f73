// `npm run lighthouse`: Lighthouse (default mobile config) on every public page (tools/bench.ts PUBLIC_PAGES) and a
// case study with a five-image gallery (CASE_STUDY, seeded by tools/uploads.ts), in English and Arabic, against the production server on a throw-away seeded data folder. Each page is audited three
// times (`--runs=N`) and the median run is reported, as Lighthouse CI does. Prints the four category scores,
// LCP/TBT/CLS, and the audits that keep a category below 100; writes everything to
// bench-results/lighthouse.json. Run with Node 24 (`node tools/lighthouse.ts` strips the types).
// `-- --before=<dir>` audits an earlier checkout's server too (built there, with its own node_modules), each table
// showing before and after.
import { localizePath } from "#core/localized-paths.ts";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import {
  computeMedianRun as medianRun,
  filterToValidRuns as validRuns,
} from "lighthouse/core/lib/median-run.js";
import {
  PUBLIC_PAGES,
  CHROMIUM,
  CHROMIUM_ARGS,
  RESULTS_DIR,
  ROOT,
  freePort,
  startServerProcess,
  table,
  prepareRun,
  sideBySide,
  type Checkout,
} from "./bench.ts";
import { BENCH_PASSWORD, seedCaseStudy, seedUploads, type CaseStudyPaths } from "./uploads.ts";

/** The case study's name in the tables and on the command line; its addresses are the seeded project's. */
const CASE_STUDY = "/projects/:slug";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
// Their declarations name Lighthouse's global `LH.Result`, which this project's types do not load.
const computeMedianRun = medianRun as (runs: Result[]) => Result;
const filterToValidRuns = validRuns as (runs: Result[]) => Result[];
/** Audits of each page in each language; the median one is reported (`--runs=N`, default 3). */
const RUNS = Math.max(
  1,
  Number(/^--runs=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith("--runs=")) ?? "")?.[1] ?? 3),
);
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];
// `--traces` keeps each audit's Chromium trace too (for chrome://tracing or the Performance panel), to see what a
// long task was made of: the report names only its duration and a script.
const KEEP_TRACES = process.argv.includes("--traces");
/** How many offending items of an audit to print; the JSON keeps them all. */
const ITEMS_SHOWN = 8;

interface FailingAudit {
  id: string;
  title: string;
  categories: string[];
  score: number | null;
  displayValue?: string;
  explanation?: string;
  /** One line per offending element, resource or sub-item. */
  items: string[];
}

interface Run {
  page: string;
  language: "en" | "ar";
  url: string;
  finalUrl: string;
  scores: Record<string, number | null>;
  lcpMs: number | null;
  /** LCP of every run, the median run's among them. */
  lcpEachMs: (number | null)[];
  tbtMs: number | null;
  cls: number | null;
  runWarnings: string[];
  failing: FailingAudit[];
}

// ---------------------------------------------------------------------------------------------------------
// Reading an audit's details

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim()) return value.trim().replace(/\s+/g, " ");
  if (typeof value === "number") return String(Math.round(value * 1000) / 1000);
  if (isRecord(value)) {
    // Source locations, URLs and nodes are objects in the details.
    if (value.type === "node") return nodeText(value);
    if (value.type === "source-location" && typeof value.url === "string") {
      return `${value.url}:${String(value.line)}:${String(value.column)}`;
    }
    if (["url", "link", "code", "text"].includes(String(value.type))) return text(value.value ?? value.text);
    if (typeof value.text === "string") return text(value.text);
  }
  return undefined;
}

function nodeText(node: Record<string, unknown>): string {
  const parts = [text(node.selector), text(node.snippet)?.slice(0, 200)].filter(Boolean);
  const explanation = text(node.explanation);
  return `${parts.join("  ")}${explanation ? `  — ${explanation.slice(0, 300)}` : ""}`;
}

/** The critical request chains, one line per request, indented by depth. */
function chainLines(chains: Record<string, unknown>, depth: number): string[] {
  return Object.values(chains).flatMap((node) => {
    if (!isRecord(node)) return [];
    const line =
      `${"  ".repeat(depth)}${String(node.url)} (ends ${String(node.navStartToEndTime)} ms, ` +
      `${String(node.transferSize)} B${node.isLongest ? ", longest chain" : ""})`;
    return [line, ...(isRecord(node.children) ? chainLines(node.children, depth + 1) : [])];
  });
}

/** One line per item of a table/opportunity/list/checklist detail, with the fields that say what and where. */
function detailItems(details: unknown): string[] {
  if (!isRecord(details)) return [];
  if (details.type === "list" && Array.isArray(details.items)) return details.items.flatMap(detailItems);
  if (details.type === "list-section") {
    const inner = detailItems(details.value);
    return typeof details.title === "string"
      ? inner.map((line) => `${details.title as string}: ${line}`)
      : inner;
  }
  if (details.type === "text") return text(details.value) ? [text(details.value) ?? ""] : [];
  if (details.type === "network-tree" && isRecord(details.chains)) return chainLines(details.chains, 0);
  if (details.type === "checklist" && isRecord(details.items)) {
    return Object.entries(details.items).flatMap(([key, item]) =>
      isRecord(item) && item.value === false ? [`${key}: ${text(item.label) ?? "not met"}`] : [],
    );
  }
  if (!Array.isArray(details.items)) return [];
  const lines: string[] = [];
  for (const item of details.items as unknown[]) {
    if (!isRecord(item)) continue;
    const fields: string[] = [];
    for (const [key, value] of Object.entries(item)) {
      if (key === "subItems" || key === "debugData" || value === undefined || value === null) continue;
      const shown = text(value);
      if (shown) fields.push(key === "node" || key === "url" ? shown : `${key}=${shown}`);
    }
    if (fields.length) lines.push(fields.join("; "));
    if (isRecord(item.subItems) && Array.isArray(item.subItems.items)) {
      for (const sub of item.subItems.items as unknown[]) {
        if (!isRecord(sub)) continue;
        const subFields = Object.entries(sub).flatMap(([key, value]) => {
          const shown = text(value);
          return shown ? [key === "node" || key === "url" ? shown : `${key}=${shown}`] : [];
        });
        if (subFields.length) lines.push(`  ↳ ${subFields.join("; ")}`);
      }
    }
  }
  return lines;
}

/** Audits that keep a category below 100: scored, applicable and not passed. */
function failingAudits(lhr: Result): FailingAudit[] {
  const byId = new Map<string, FailingAudit>();
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || category.score === null || category.score >= 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (["notApplicable", "manual", "informative", "error"].includes(audit.scoreDisplayMode)) continue;
      // Performance insights and diagnostics with no weight still say why the metrics are what they are.
      const existing = byId.get(audit.id);
      if (existing) {
        existing.categories.push(id);
        continue;
      }
      byId.set(audit.id, {
        id: audit.id,
        title: audit.title,
        categories: [id],
        score: audit.score,
        displayValue: audit.displayValue,
        explanation: audit.explanation,
        items: detailItems(audit.details),
      });
    }
  }
  return [...byId.values()];
}

// ---------------------------------------------------------------------------------------------------------

/** One audit; Lighthouse sometimes fails to record a trace here (NO_NAVSTART), so a failed one is tried again. */
async function audit(url: string, attempts = 3): Promise<Audited> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stdout.write(
        `(${error instanceof Error ? error.message.split(": ").at(-1) : "failed"}; again) `,
      );
    }
  }
}

type Audited = { lhr: Result; trace: unknown };

async function auditOnce(url: string): Promise<Audited> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: "error",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) {
      throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
    }
    return { lhr: result.lhr, trace: result.artifacts.Trace };
  } finally {
    chrome.kill();
  }
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : String(Math.round(value * 100));

/** The audits of one checkout's server, on its own seeded data folder; the server is stopped after. */
async function auditCheckout(checkout: Checkout, dataDir: string, pages: string[]) {
  const env = { ADMIN_PASSWORD: BENCH_PASSWORD };
  let server = await startServerProcess({ port: await freePort(), dataDir, env, checkout });
  // An uploaded 2400×1600 cover on the article, uploaded photos on / and /projects (tools/uploads.ts), through this
  // checkout's API.
  console.log("Uploading a cover, project photos and a case study's gallery through the admin API…");
  await seedUploads(server.origin);
  const caseStudy: CaseStudyPaths = await seedCaseStudy(server.origin);
  await server.stop();
  server = await startServerProcess({ port: await freePort(), dataDir, env, checkout });
  const runs: Run[] = [];
  const reports: Record<string, Result> = {};
  const traces: Record<string, unknown> = {};
  for (const page of pages) {
    for (const language of ["en", "ar"] as const) {
      // Each language at its own address (docs/product.md §16).
      const url = `${server.origin}${page === CASE_STUDY ? caseStudy[language] : localizePath(page, language)}`;
      process.stdout.write(`Auditing ${page} (${language}), ${RUNS} runs… `);
      const started = performance.now();
      const audited: Audited[] = [];
      for (let run = 0; run < RUNS; run++) audited.push(await audit(url));
      // Lighthouse's own choice of the median run (the one nearest the median FCP and TTI), as its CI does:
      // one run on this machine moves LCP by a few hundred milliseconds.
      // Runs without an FCP or TTI cannot be placed (computeMedianRun throws on them); if none can, the first
      // is shown.
      const valid = filterToValidRuns(audited.map((each) => each.lhr));
      const lhr = valid.length > 0 ? computeMedianRun(valid) : audited[0]!.lhr;
      const trace = audited.find((each) => each.lhr === lhr)?.trace;
      console.log(`${Math.round((performance.now() - started) / 1000)} s`);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
      runs.push({
        page,
        language,
        url,
        finalUrl: lhr.finalDisplayedUrl,
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null])),
        lcpMs: numeric("largest-contentful-paint"),
        lcpEachMs: audited.map((each) => each.lhr.audits["largest-contentful-paint"]?.numericValue ?? null),
        tbtMs: numeric("total-blocking-time"),
        cls: numeric("cumulative-layout-shift"),
        runWarnings: lhr.runWarnings.map(String),
        failing: failingAudits(lhr),
      });
      reports[`${page} ${language}`] = lhr;
      if (KEEP_TRACES) traces[`${page} ${language}`] = trace;
    }
  }
  await server.stop();
  return { checkout, runs, reports, traces };
}

/** The goals of every page in both languages (decision 037): the worst page, its value, the goal, met or not. */
function goalsOf(runs: Run[]): string[][] {
  const worst = (pick: (run: Run) => number | null, lowest: boolean) =>
    runs.reduce<Run | undefined>((found, run) => {
      const value = pick(run);
      if (value === null) return found;
      const current = found ? pick(found) : null;
      return current === null || (lowest ? value < current : value > current) ? run : found;
    }, undefined);
  const goal = (
    name: string,
    pick: (run: Run) => number | null,
    lowest: boolean,
    target: string,
    ok: (value: number) => boolean,
    show: (value: number) => string,
  ) => {
    const run = worst(pick, lowest);
    const value = run ? pick(run) : null;
    return [
      name,
      value === null || !run ? "–" : `${show(value)} (${run.page} ${run.language})`,
      target,
      runs.every((each) => pick(each) !== null && ok(pick(each)!)) ? "ok" : "MISSED",
    ];
  };
  const category = (id: (typeof CATEGORIES)[number]) => (run: Run) => run.scores[id] ?? null;
  return [
    ["figure", "worst", "goal", ""],
    goal(
      "Performance",
      category("performance"),
      true,
      "≥ 95",
      (v) => v >= 0.95,
      (v) => score(v),
    ),
    goal(
      "Accessibility",
      category("accessibility"),
      true,
      "100",
      (v) => v >= 1,
      (v) => score(v),
    ),
    goal(
      "Best practices",
      category("best-practices"),
      true,
      "100",
      (v) => v >= 1,
      (v) => score(v),
    ),
    goal(
      "SEO",
      category("seo"),
      true,
      "100",
      (v) => v >= 1,
      (v) => score(v),
    ),
    goal(
      "LCP",
      (run) => run.lcpMs,
      false,
      "≤ 2500 ms",
      (v) => v <= 2500,
      (v) => `${Math.round(v)} ms`,
    ),
    goal(
      "Total blocking time",
      (run) => run.tbtMs,
      false,
      "≤ 150 ms",
      (v) => v <= 150,
      (v) => `${Math.round(v)} ms`,
    ),
    goal(
      "CLS",
      (run) => run.cls,
      false,
      "0",
      (v) => v === 0,
      (v) => String(Math.round(v * 1000) / 1000),
    ),
  ];
}

async function main() {
  const startedAt = new Date();
  process.env.CHROME_PATH = CHROMIUM;
  console.log("Sira Lighthouse: build, seed, start, audit (mobile, loopback only)\n");
  const { seeded, missing, cleanup } = await prepareRun("sira-lighthouse-");
  const checkouts = seeded.map((each) => each.checkout);
  try {
    // Every public page, in both languages; or only the pages named on the command line
    // (`npm run lighthouse -- / /about /projects/:slug`).
    const named = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
    const all = [...PUBLIC_PAGES, CASE_STUDY];
    const pages = named.length > 0 ? all.filter((page) => named.includes(page)) : all;
    const audited: Awaited<ReturnType<typeof auditCheckout>>[] = [];
    for (const { checkout, dataDir } of seeded) {
      if (seeded.length > 1) console.log(`${checkout.label} (${checkout.root}):`);
      audited.push(await auditCheckout(checkout, dataDir, pages));
    }
    const label = (checkout: Checkout) => (seeded.length > 1 ? `, ${checkout.label}` : "");

    console.log("\nScores (0–100) and metrics (mobile, simulated throttling)");
    const scores = audited.map(({ runs }) => [
      ["page", "lang", "perf", "a11y", "best-pr.", "seo", "LCP ms", "LCP each run", "TBT ms", "CLS"],
      ...runs.map((run) => [
        run.page,
        run.language,
        ...CATEGORIES.map((id) => score(run.scores[id])),
        run.lcpMs === null ? "–" : String(Math.round(run.lcpMs)),
        run.lcpEachMs.map((ms) => (ms === null ? "–" : String(Math.round(ms)))).join(", "),
        run.tbtMs === null ? "–" : String(Math.round(run.tbtMs)),
        run.cls === null ? "–" : String(Math.round(run.cls * 1000) / 1000),
      ]),
    ]);
    console.log(table(sideBySide(scores, checkouts, [0, 1])));

    for (const { checkout, runs } of audited) {
      for (const run of runs) {
        if (run.runWarnings.length)
          console.log(
            `\nWarnings for ${run.page} (${run.language}${label(checkout)}): ${run.runWarnings.join(" | ")}`,
          );
        if (!run.failing.length) continue;
        console.log(`\nBelow 100 on ${run.page} (${run.language}${label(checkout)}):`);
        for (const failing of run.failing) {
          const value = failing.displayValue ? ` — ${failing.displayValue}` : "";
          console.log(
            `  [${failing.categories.join(",")}] ${failing.title} (${failing.id}, score ${score(failing.score)})${value}`,
          );
          if (failing.explanation) console.log(`      ${failing.explanation}`);
          for (const item of failing.items.slice(0, ITEMS_SHOWN)) console.log(`      ${item.slice(0, 400)}`);
          if (failing.items.length > ITEMS_SHOWN)
            console.log(`      … ${failing.items.length - ITEMS_SHOWN} more in the JSON`);
        }
      }
    }

    console.log("\nGoals (the worst page shown)");
    console.log(
      table(
        sideBySide(
          audited.map(({ runs }) => goalsOf(runs)),
          checkouts,
          [0, 2],
        ),
      ),
    );

    await mkdir(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, "lighthouse.json");
    const resultsOf = ({ runs, reports }: (typeof audited)[number]) => ({
      runs,
      failingAuditDetails: Object.fromEntries(
        Object.entries(reports).map(([key, lhr]) => [
          key,
          Object.fromEntries(
            (runs.find((run) => `${run.page} ${run.language}` === key)?.failing ?? []).map((failing) => [
              failing.id,
              lhr.audits[failing.id]?.details ?? null,
            ]),
          ),
        ]),
      ),
    });
    await writeFile(
      file,
      `${JSON.stringify(
        {
          startedAt: startedAt.toISOString(),
          lighthouseVersion: Object.values(audited[0]!.reports)[0]?.lighthouseVersion,
          config: "default (mobile)",
          missingImages: missing,
          ...(audited.length === 1
            ? resultsOf(audited[0]!)
            : Object.fromEntries(
                audited.map((each) => [
                  each.checkout.label,
                  { checkout: each.checkout.root, ...resultsOf(each) },
                ]),
              )),
        },
        null,
        2,
      )}\n`,
    );
    // Each whole report too, for what the summary leaves out (the LCP breakdown, the request chains); with
    // `--before`, the earlier checkout's in lighthouse/before/.
    const reportsDir = path.join(RESULTS_DIR, "lighthouse");
    for (const { checkout, reports, traces } of audited) {
      const dir =
        audited.length > 1 && checkout.label === "before" ? path.join(reportsDir, "before") : reportsDir;
      await mkdir(dir, { recursive: true });
      for (const [key, lhr] of Object.entries(reports)) {
        const name = key.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
        await writeFile(path.join(dir, `${name}.json`), JSON.stringify(lhr));
        if (key in traces) await writeFile(path.join(dir, `${name}.trace.json`), JSON.stringify(traces[key]));
      }
    }
    console.log(
      `\nWrote ${path.relative(ROOT, file)} and each report in ${path.relative(ROOT, reportsDir)}/`,
    );
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
