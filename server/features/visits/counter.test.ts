import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { visitCounts } from "#db/schema.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { createVisitCounter } from "./counter.ts";

// The counter's own rules (docs/product.md §27.1, decision 045), below the page handler: a User-Agent's verdict
// (crawler or not, and its device class), and where a view came from.
// Writing to both databases is tested through the app in visits.test.ts.

const [pglite] = backends;

const browser = (build: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.${build}.0 Safari/537.36`;
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("the visit counter", () => {
  const database = useTestDatabase(pglite!);
  const counterOf = () =>
    createVisitCounter({
      db: database().db,
      logger: createMemoryLogger(),
      settings: () => Promise.resolve({ countVisits: true, timeZone: "UTC" }),
      initial: { countVisits: true, timeZone: "UTC" },
    });
  const counted = async () =>
    (await database().db.select().from(visitCounts))
      .map((row) => `${row.kind} ${row.key} ${row.views}`)
      .sort();

  it("reads the owner's settings when it starts: views from the first are counted on the owner's day", async () => {
    const counter = createVisitCounter({
      db: database().db,
      logger: createMemoryLogger(),
      // Noon in London is two in the morning of the next day on Kiritimati (UTC+14).
      now: () => new Date("2026-03-10T12:00:00Z"),
      settings: () => Promise.resolve({ countVisits: true, timeZone: "Pacific/Kiritimati" }),
      // What the configuration says before the owner's settings are read.
      initial: { countVisits: true, timeZone: "UTC" },
    });
    counter.start();
    // The server answers its first request a moment after the counter starts.
    await new Promise((resolve) => setImmediate(resolve));
    counter.view(new Request("http://localhost/about", { headers: { "User-Agent": browser(0) } }));
    await counter.stop();
    const days = await database().db.selectDistinct({ day: visitCounts.day }).from(visitCounts);
    expect(days.map((row) => String(row.day))).toEqual(["2026-03-11"]);
  });

  it("gives each User-Agent its verdict however often it comes, and renews the statistics", async () => {
    const counter = counterOf();
    const view = (userAgent: string, path = "/about") =>
      counter.view(new Request(`http://localhost${path}`, { headers: { "User-Agent": userAgent } }));
    // The same browsers and crawler again and again; then five hundred different browsers; then the first ones
    // again, and User-Agents of over 600 characters.
    const long = `${browser(1)} ${"x".repeat(600)}`;
    const longBot = `${GOOGLEBOT} ${"x".repeat(600)}`;
    for (let round = 0; round < 3; round++)
      for (const userAgent of [browser(0), GOOGLEBOT, IPHONE, IPAD, long, longBot]) view(userAgent);
    for (let build = 1; build <= 510; build++) view(browser(build), "/projects");
    for (const userAgent of [GOOGLEBOT, IPHONE, browser(0), long, longBot]) view(userAgent);
    await counter.flush();

    expect(await counted()).toEqual([
      "device desktop 518",
      "device mobile 4",
      "device tablet 3",
      "language en 525",
      "page /about 15",
      "page /projects 510",
      "source direct 525",
    ]);
    // The write renewed the table's statistics, which PGlite never gathers by itself: the owner's figures for a
    // year are summed by hashing, not by sorting a year of rows on disk.
    const statistics: unknown = await database().db.execute(
      sql`select count(*)::int as columns from pg_stats where tablename = 'visit_counts'`,
    );
    expect((statistics as { rows: { columns: number }[] }).rows).toEqual([{ columns: 4 }]);
  });

  it("tells arrivals from other sites from this site's own pages", async () => {
    const counter = counterOf();
    const view = (referer: string) =>
      counter.view(
        new Request("http://localhost/about", { headers: { "User-Agent": browser(0), Referer: referer } }),
      );
    // Origins alone and Referers with a path; this site's own origin is a navigation.
    for (let round = 0; round < 3; round++)
      for (const referer of [
        "https://www.google.com/",
        "https://news.example.org/a/b?c=d",
        "http://localhost/",
        "http://localhost/projects",
        "https://WWW.Example.COM",
        "not a url",
      ])
        view(referer);
    await counter.flush();
    expect(await counted()).toEqual([
      "device desktop 18",
      "language en 18",
      "page /about 18",
      "referrer example.com 3",
      "referrer google.com 3",
      "referrer news.example.org 3",
      "source direct 3",
      "source search 3",
      "source site 6",
    ]);
  });
});
