import { rm } from "node:fs/promises";
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

/** The Visits view with a year of data: the API's answer, and the view in Chromium until its tables show. */
export async function measureVisitsView(): Promise<string[][]> {
  const dataDir = await makeSeededDataDir("sira-visits-year-");
  try {
    const stored = await seedYear(dataDir);
    const server = await startServerProcess({ port: await freePort(), dataDir, env: ENV });
    const rows = [["what", "median ms (5 runs)"]];
    try {
      const owner = await signIn(server.origin, BENCH_PASSWORD);
      for (const days of [30, 90, 365]) {
        const times: number[] = [];
        for (let run = 0; run < 6; run++) {
          const started = performance.now();
          await owner.request("GET", `/api/visits?days=${days}`);
          if (run > 0) times.push(performance.now() - started);
        }
        rows.push([`GET /api/visits?days=${days}`, median(times).toFixed(0)]);
        console.log(rows.at(-1)!.join(": "));
      }
      const { chromium } = await import("@playwright/test");
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
      try {
        const page = await browser.newPage();
        await page.goto(`${server.origin}${ADMIN}`);
        await page.getByLabel("Password").fill(BENCH_PASSWORD);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("heading", { level: 1, name: "Admin" }).waitFor();
        for (const days of [30, 365]) {
          const times: number[] = [];
          for (let run = 0; run < 6; run++) {
            const started = performance.now();
            await page.goto(`${server.origin}${ADMIN}/visits?days=${days}&run=${run}`);
            await page
              .getByRole("table")
              .last()
              .getByRole("row")
              .nth(1)
              .waitFor({ timeout: 30_000 })
              .catch(async (error: unknown) => {
                await page.screenshot({ path: "/tmp/analytics-bench-fail.png" });
                console.log((await page.locator("body").innerText()).slice(0, 2000));
                throw error;
              });
            await page.locator(".recharts-surface").first().waitFor();
            if (run > 0) times.push(performance.now() - started);
          }
          rows.push([
            `Visits view, last ${days} days, opened until its charts and tables show`,
            median(times).toFixed(0),
          ]);
        }
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
    rows.push([
      `visit_counts: ${stored.rows} rows`,
      `${(stored.bytes / 1024 / 1024).toFixed(1)} MiB with its index`,
    ]);
    return rows;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuild();
  try {
    console.log(`The Visits view with a year of data for ${PAGES} pages…`);
    console.log(table(await measureVisitsView()));
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
