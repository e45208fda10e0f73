// `npm run bench:articles`: the articles list with 10, 100 and 1,000 articles in the database (docs/product.md
// §18.9). For each, the production server renders /articles (page cache off) and its last page; the script prints
// the median render time and the HTML size side by side. It asserts nothing: the figures should not grow with the
// number of articles, since a page reads ten rows and a count.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createDb } from "#db/client.ts";
import { articles, type NewArticleRow } from "#db/schema.ts";
import {
  ROOT,
  ensureBuild,
  freePort,
  onInterrupt,
  startServerProcess,
  stopAllServers,
  table,
} from "./bench.ts";

const SIZES = [10, 100, 1000];
const RUNS = 30;

function article(index: number): NewArticleRow {
  const text = "A paragraph of an article used to measure the list, long enough to make an excerpt. ".repeat(
    6,
  );
  return {
    slug: `article-${index}`,
    title: `Article ${index}`,
    title_en: `Article ${index}`,
    title_ar: `مقالة ${index}`,
    content_en: `<p>${text}</p>`,
    content_ar: "<p>فقرة من مقالة لقياس القائمة.</p>",
    excerpt_en: text.slice(0, 150),
    excerpt_ar: "فقرة من مقالة لقياس القائمة.",
    reading_minutes_en: 1,
    reading_minutes_ar: 1,
    tags: [{ slug: "web", en: "Web", ar: "ويب" }],
    date: new Date(Date.UTC(2024, 0, 1) + index * 3_600_000),
  };
}

async function seeded(count: number): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `sira-bench-articles-${count}-`));
  const handle = await createDb({
    pgliteDataDir: path.join(dataDir, "pglite"),
    migrationsFolder: path.join(ROOT, "db", "migrations"),
  });
  try {
    for (let start = 0; start < count; start += 200)
      await handle.db
        .insert(articles)
        .values(Array.from({ length: Math.min(200, count - start) }, (_, i) => article(start + i)));
  } finally {
    await handle.close();
  }
  return dataDir;
}

async function measure(url: string): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS + 5; run++) {
    const started = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (run >= 5) times.push(performance.now() - started);
    bytes = Buffer.byteLength(body);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, bytes };
}

async function main() {
  ensureBuild();
  const folders: string[] = [];
  const cleanup = async () => {
    await stopAllServers();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  };
  onInterrupt(cleanup);
  const rows = [["articles", "/articles median", "/articles HTML", "last page median", "last page HTML"]];
  try {
    for (const count of SIZES) {
      const dataDir = await seeded(count);
      folders.push(dataDir);
      const server = await startServerProcess({
        port: await freePort(),
        dataDir,
        env: { PAGE_CACHE_SECONDS: "0" },
      });
      const first = await measure(`${server.origin}/articles`);
      const last = await measure(`${server.origin}/articles?page=${Math.ceil(count / 10)}`);
      rows.push([
        String(count),
        `${first.ms.toFixed(1)} ms`,
        `${(first.bytes / 1024).toFixed(1)} kB`,
        `${last.ms.toFixed(1)} ms`,
        `${(last.bytes / 1024).toFixed(1)} kB`,
      ]);
      await server.stop();
    }
    console.log(`The articles list, ${RUNS} renders each (page cache off), median:\n`);
    console.log(table(rows));
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
