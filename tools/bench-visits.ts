import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import type { Page } from "@playwright/test";
import path from "node:path";
import { sql } from "drizzle-orm";
import { addDays, dayIn } from "#core/visits.ts";
import { siteConfig } from "#config/site.ts";
import { createDb } from "#db/client.ts";
import { messages, visitCounts } from "#db/schema.ts";
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  ROOT,
  checkoutsToMeasure,
  ensureBuild,
  freePort,
  makeSeededDataDir,
  measureCounting,
  startServerProcess,
  stopAllServers,
  table,
  THIS_CHECKOUT,
  type Checkout,
  type ServerProcess,
} from "./bench.ts";
import { BENCH_PASSWORD, signIn } from "./uploads.ts";

// Visits (docs/product.md §27, decision 045): how fast the owner's Visits view opens with a year of data for 500
// pages, and what counting costs the public pages (`npm run bench` prints that too).

const ADMIN = "/admin-mh2025";
const ENV = { ADMIN_PASSWORD: BENCH_PASSWORD };

function openDataDir(dataDir: string) {
  return createDb({
    pgliteDataDir: path.join(dataDir, "pglite"),
    migrationsFolder: path.join(ROOT, "db", "migrations"),
  });
}

const PAGES = 500;
const DAYS = 365;
/** The ranges measured: the view's default, its longest offered, and a year. */
const RANGES = [30, 90, 365];

/** A year of daily rows for 500 pages (every page seen every day) and 2,000 messages with their leads. */
async function seedYear(dataDir: string): Promise<{ rows: number; bytes: number }> {
  const handle = await openDataDir(dataDir);
  try {
    const today = dayIn(new Date(), siteConfig.timeZone);
    const paths = Array.from({ length: PAGES }, (_, i) =>
      i % 2 ? `/ar/articles/article-${i}` : `/articles/article-${i}`,
    );
    const hosts = Array.from({ length: 40 }, (_, i) => `site-${i}.example`);
    for (let back = 0; back < DAYS; back++) {
      const day = addDays(today, -back);
      const row = (kind: string, key: string, views: number) => ({ day, kind, key, views });
      const rows = [
        ...paths.map((key, i) => row("page", key, 1 + ((i * 7 + back) % 40))),
        row("language", "en", 5000 + back),
        row("language", "ar", 4000 + back),
        ...["desktop", "mobile", "tablet"].map((key, i) => row("device", key, 3000 - i * 900)),
        ...["search", "social", "feed", "site", "direct"].map((key, i) => row("source", key, 900 - i * 100)),
        ...hosts.map((key, i) => row("referrer", key, 1 + ((i + back) % 30))),
      ];
      await handle.db.insert(visitCounts).values(rows);
    }
    for (let start = 0; start < 2000; start += 500)
      await handle.db.insert(messages).values(
        Array.from({ length: 500 }, (_, i) => ({
          name: "Bench",
          email: `bench-${start + i}@example.com`,
          subject: "A project",
          message: "Hello",
          created_at: new Date(Date.now() - ((start + i) % DAYS) * 86_400_000),
          entry_path: paths[(start + i) % PAGES],
          from_path: paths[(start + i * 3) % PAGES],
        })),
      );
    // Both drivers (pg and PGlite) answer with { rows }.
    const answer: unknown = await handle.db.execute(
      sql`select count(*)::int as rows, pg_total_relation_size('visit_counts')::int as bytes from visit_counts`,
    );
    const [size] = (answer as { rows: { rows: number; bytes: number }[] }).rows;
    return size!;
  } finally {
    await handle.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The Visits view with a year of data: the API's answer, and the view in Chromium until its tables and charts show,
 * each range in turn; with `--before=<dir>` an earlier checkout's server on a copy of the same data, in alternating
 * runs.
 */
export async function measureVisitsView(checkouts: Checkout[] = [THIS_CHECKOUT]): Promise<string[][]> {
  const dataDirs = [await makeSeededDataDir("sira-visits-year-")];
  const servers: ServerProcess[] = [];
  try {
    const stored = await seedYear(dataDirs[0]!);
    for (let i = 1; i < checkouts.length; i++) {
      const copy = await mkdtemp(path.join(os.tmpdir(), "sira-visits-year-"));
      await cp(dataDirs[0]!, copy, { recursive: true });
      dataDirs.push(copy);
    }
    for (const [i, checkout] of checkouts.entries())
      servers.push(
        await startServerProcess({ port: await freePort(), dataDir: dataDirs[i]!, env: ENV, checkout }),
      );
    const named = (i: number, what: string) =>
      checkouts.length > 1 ? `${checkouts[i]!.label}: ${what}` : what;
    const rows = [["what", "median ms (5 runs)"]];
    /** Six runs of `run` on every server in turn; the first is a warm-up. */
    const timed = async (what: string, run: (i: number, n: number) => Promise<void>) => {
      const times: number[][] = servers.map(() => []);
      for (let n = 0; n < 6; n++)
        for (const i of servers.keys()) {
          const started = performance.now();
          await run(i, n);
          if (n > 0) times[i]!.push(performance.now() - started);
        }
      for (const i of servers.keys()) {
        rows.push([named(i, what), median(times[i]!).toFixed(0)]);
        console.log(rows.at(-1)!.join(": "));
      }
    };
    const owners = await Promise.all(servers.map((server) => signIn(server.origin, BENCH_PASSWORD)));
    for (const days of RANGES)
      await timed(`GET /api/visits?days=${days}`, async (i) => {
        await owners[i]!.request("GET", `/api/visits?days=${days}`);
      });
    const { chromium } = await import("@playwright/test");
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    try {
      const pages: Page[] = [];
      for (const server of servers) {
        const page = await browser.newPage();
        await page.goto(`${server.origin}${ADMIN}`);
        await page.getByLabel("Password").fill(BENCH_PASSWORD);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("heading", { level: 1, name: "Admin" }).waitFor();
        pages.push(page);
      }
      for (const days of RANGES)
        await timed(
          `Visits view, last ${days} days, opened until its charts and tables show`,
          async (i, n) => {
            const page = pages[i]!;
            await page.goto(`${servers[i]!.origin}${ADMIN}/visits?days=${days}&run=${n}`);
            // Looked for at every frame: a locator's waitFor looks again after 0, 20, 50, 100, 100 and then every
            // 500 ms, which rounded a view that showed at 0.6 s up to 1 s or more.
            await page
              .waitForFunction(
                () => {
                  const tables = document.querySelectorAll("main table");
                  const last = tables[tables.length - 1] as HTMLTableElement | undefined;
                  return Boolean(
                    last?.tBodies[0]?.rows.length && document.querySelector(".recharts-surface"),
                  );
                },
                undefined,
                { polling: "raf", timeout: 30_000 },
              )
              .catch(async (error: unknown) => {
                await page.screenshot({ path: path.join(os.tmpdir(), "visits-bench-fail.png") });
                console.log((await page.locator("body").innerText()).slice(0, 2000));
                throw error;
              });
          },
        );
    } finally {
      await browser.close();
    }
    rows.push([
      `visit_counts: ${stored.rows} rows`,
      `${(stored.bytes / 1024 / 1024).toFixed(1)} MiB with its index`,
    ]);
    return rows;
  } finally {
    for (const server of servers) await server.stop();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuild();
  try {
    console.log(`The Visits view with a year of data for ${PAGES} pages…`);
    console.log(table(await measureVisitsView(checkoutsToMeasure())));
    console.log(
      "\nPublic pages with counting on and off (a browser's User-Agent and Referer; `--before=<dir>` adds an earlier checkout)…",
    );
    console.log(table(await measureCounting(checkoutsToMeasure())));
  } finally {
    await stopAllServers();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
}
