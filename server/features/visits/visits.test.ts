import { parse } from "csv-parse/sync";
import { getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { defaultSettings } from "#core/site-view.ts";
import { dayIn, LEAD_FIELDS, NOTHING_FOUND_PER_DAY } from "#core/visits.ts";
import { siteConfig } from "#config/site.ts";
import { createDb } from "#db/client.ts";
import { messages, visitCounts } from "#db/schema.ts";
import { createPageCache } from "#server/ssr/page-cache.ts";
import { jsonRequest, makeApp, ownerRequests, signIn, type TestApp } from "#tests/helpers/app.ts";
import { backends, migrationsFolder, useTestDatabase } from "#tests/helpers/databases.ts";
import { standInPages } from "#tests/helpers/pages.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { snapshotTables } from "#tests/helpers/tables.ts";

// Visits and leads (docs/product.md §27, decision 045): public page views counted on the server into daily rows,
// never a robot's or one that asked not to be tracked, nothing kept that names a visitor; the owner's figures
// and CSV; and, on PostgreSQL, two instances that add up.

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 SiraTestBrowser/7.7";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const TODAY = dayIn(new Date(), siteConfig.timeZone);

function site(database: Parameters<typeof makeApp>[0]) {
  return makeApp(
    database,
    { ADMIN_PATH: "/admin-test", TRUST_PROXY: "1" },
    { ssr: standInPages().ssr, pageCache: createPageCache({ ttlMs: 60_000 }) },
  );
}

const view = async (app: TestApp, path: string, headers: Record<string, string> = {}, method = "GET") =>
  app.request(path, { method, headers: { "User-Agent": CHROME, ...headers } });

/** Every counter written, as "kind key views", sorted. */
async function counted(app: TestApp, db: Parameters<typeof makeApp>[0]["db"]) {
  await app.services.visits.flush();
  const rows = await db.select().from(visitCounts);
  return rows.map((row) => `${row.kind} ${row.key} ${row.views}`).sort();
}

describe.each(backends)("visits on $name", (backend) => {
  const database = useTestDatabase(backend);

  it("counts a browser's view of a public page once, however it is answered", async () => {
    const { app } = site(database());
    // An arrival from a search engine; the same page again from the page cache; a page the browser kept (304).
    const first = await view(app, "/about", { Referer: "https://www.google.com/" });
    expect(first.status).toBe(200);
    expect((await view(app, "/about")).status).toBe(200);
    const etag = first.headers.get("ETag")!;
    expect((await view(app, "/about", { "If-None-Match": etag })).status).toBe(304);
    // A navigation in the browser: React Router's data request, from the page the visitor leaves.
    expect(
      (await view(app, "/ar/about.data", { Referer: "http://localhost/about", "User-Agent": IPHONE })).status,
    ).toBe(200);
    expect(await counted(app, database().db)).toEqual([
      "device desktop 3",
      "device mobile 1",
      "language ar 1",
      "language en 3",
      "page /about 3",
      "page /ar/about 1",
      "referrer google.com 1",
      "source direct 2",
      "source search 1",
    ]);
    expect((await database().db.select().from(visitCounts))[0]!.day).toBe(TODAY);
  });

  it("does not count robots, DNT, GPC, prefetches, revalidations, errors, redirects or the owner's pages", async () => {
    const { app } = site(database());
    const answers = await Promise.all([
      view(app, "/about", { "User-Agent": GOOGLEBOT }),
      view(app, "/about", { "User-Agent": "" }),
      view(app, "/about", { DNT: "1" }),
      view(app, "/about", { "Sec-GPC": "1" }),
      view(app, "/about.data", { "Sec-Purpose": "prefetch", Referer: "http://localhost/" }),
      // After a form was sent the page's data is read again, from the page itself.
      view(app, "/contact.data", { Referer: "http://localhost/contact" }),
      view(app, "/no-such-page"),
      view(app, "/no-such-page.data", { Referer: "http://localhost/" }),
      view(app, "/about?utm_source=x"),
      view(app, "/about", {}, "HEAD"),
      view(app, "/admin-test"),
      view(app, "/robots.txt"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 404, 404, 301, 200, 404, 404,
    ]);
    expect(await counted(app, database().db)).toEqual([]);
  });

  it("keeps no address, user agent or identifier of a visitor", async () => {
    const { app } = site(database());
    const secrets = ["203.0.113", "SiraTestBrowser", "Chrome/142", "/a/b", "c=d"];
    const stored = async (without: string[] = []) => {
      const tables = await snapshotTables(database().db);
      for (const name of without) delete tables[name];
      return JSON.stringify(tables);
    };
    await view(app, "/", { "X-Forwarded-For": "203.0.113.77", Referer: "https://news.example.org/a/b?c=d" });
    await view(app, "/about.data", { "X-Forwarded-For": "203.0.113.77", Referer: "http://localhost/" });
    await app.services.visits.flush();
    expect(Object.keys(getTableColumns(visitCounts)).sort()).toEqual(["day", "key", "kind", "views"]);
    const afterViews = await stored();
    expect(afterViews).toContain("news.example.org");
    for (const secret of secrets) expect(afterViews).not.toContain(secret);

    await insertArticle(database().db, { slug: "hello" });
    await app.request("/f/contact", {
      ...jsonRequest("POST", {
        name: "Mona",
        email: "mona@example.com",
        subject: "Hi",
        message: "Hello",
        [LEAD_FIELDS.entry]: "/articles/hello",
        [LEAD_FIELDS.last]: "/projects",
      }),
      headers: {
        "Content-Type": "application/json",
        "User-Agent": CHROME,
        "X-Forwarded-For": "203.0.113.77",
      },
    });
    // The contact form's rate limit keeps the sender's address for its window (docs/product.md §25); the message
    // and what led to it keep none.
    const afterMessage = await stored(["rate_limits"]);
    expect(afterMessage).toContain("/articles/hello");
    for (const secret of secrets) expect(afterMessage).not.toContain(secret);
  });

  it("stops counting when the owner switches it off in Settings", async () => {
    const { app } = site(database());
    const cookie = await signIn(app, database());
    const send = ownerRequests(app, () => cookie);
    await view(app, "/about");
    const off = { ...defaultSettings(siteConfig), countVisits: false };
    expect((await send("PUT", "/api/settings", off)).status).toBe(200);
    await view(app, "/about");
    await view(app, "/projects");
    // The views before the switch are dropped too: they are not written once counting is off.
    expect(await counted(app, database().db)).toEqual([]);
    await view(app, "/about");
    expect(await counted(app, database().db)).toEqual([]);
    // Switched on again, the very next view counts: the counter is told of the save, not left to its next write.
    expect((await send("PUT", "/api/settings", { ...off, countVisits: true })).status).toBe(200);
    await view(app, "/projects");
    expect(await counted(app, database().db)).toEqual(
      expect.arrayContaining(["page /projects 1", "language en 1"]),
    );
  });

  it("records what led to a message: two paths, and nothing that is not one", async () => {
    const { app } = site(database());
    const post = (fields: Record<string, unknown>) =>
      app.request(
        "/f/contact",
        jsonRequest("POST", { name: "A", email: "a@example.com", subject: "S", message: "M", ...fields }),
      );
    await insertArticle(database().db, { slug: "x", slug_ar: "مرحبا" });
    const arabic = `/ar/articles/${encodeURIComponent("مرحبا")}`;
    await post({ [LEAD_FIELDS.entry]: arabic, [LEAD_FIELDS.last]: "/ar/projects", subject: "1" });
    await post({ [LEAD_FIELDS.entry]: "https://evil.example/x", [LEAD_FIELDS.last]: "/a?b=c", subject: "2" });
    await post({ [LEAD_FIELDS.entry]: ["/x"], [LEAD_FIELDS.last]: "//evil.example", subject: "3" });
    await post({ subject: "4" });
    // A path of the site's shape that names no page, or another spelling of one, is not kept either: whatever a
    // client writes there, the owner's figures list only the site's own addresses.
    await post({ [LEAD_FIELDS.entry]: "/articles/made-up", [LEAD_FIELDS.last]: "/About", subject: "5" });
    const rows = await database()
      .db.select({ subject: messages.subject, entry: messages.entry_path, last: messages.from_path })
      .from(messages)
      .orderBy(messages.subject);
    expect(rows).toEqual([
      { subject: "1", entry: arabic, last: "/ar/projects" },
      { subject: "2", entry: null, last: null },
      { subject: "3", entry: null, last: null },
      { subject: "4", entry: null, last: null },
      { subject: "5", entry: null, last: null },
    ]);
  });

  it("counts searches per day and language, keeps at most a day's share of what found nothing, and no visitor", async () => {
    const { app } = site(database());
    const cookie = await signIn(app, database());
    const send = ownerRequests(app, () => cookie);
    const search = (
      query: string,
      language: "en" | "ar",
      found: boolean,
      headers: Record<string, string> = {},
    ) =>
      app.services.visits.search(
        new Request("http://localhost/search", {
          headers: { "User-Agent": CHROME, "X-Forwarded-For": "203.0.113.9", ...headers },
        }),
        language,
        query,
        found,
      );
    search("React", "en", true);
    // Spelt three ways, one query that found nothing: normalised as the search does.
    search("أحمد", "ar", false);
    search("احمد", "ar", false);
    search("  أَحْمَد\u200F ", "ar", false);
    search("kubernetes", "en", false);
    search("k".repeat(500), "en", false);
    search("bot", "en", false, { "User-Agent": GOOGLEBOT });
    search("private", "en", false, { DNT: "1" });
    await app.services.visits.flush();

    const { status, body } = await send("GET", "/api/visits?days=1");
    expect(status).toBe(200);
    const searches = (body as { searches: Record<string, unknown> }).searches;
    expect(searches).toMatchObject({
      total: 6,
      languages: [
        { key: "ar", count: 3 },
        { key: "en", count: 3 },
      ],
      days: [{ day: TODAY, en: 3, ar: 3 }],
    });
    expect(searches.nothingFound).toEqual([
      { language: "ar", query: "احمد", count: 3 },
      { language: "en", query: "k".repeat(100), count: 1 },
      { language: "en", query: "kubernetes", count: 1 },
    ]);
    const stored = JSON.stringify(await database().db.select().from(visitCounts));
    for (const secret of ["203.0.113", "SiraTestBrowser", "private", "bot"])
      expect(stored).not.toContain(secret);

    // A flood of different queries: the day keeps NOTHING_FOUND_PER_DAY of them, across writes and instances.
    for (let index = 0; index < NOTHING_FOUND_PER_DAY * 3; index++) search(`flood ${index}`, "en", false);
    await app.services.visits.flush();
    const { app: other } = site(database());
    for (let index = 0; index < 20; index++)
      other.services.visits.search(
        new Request("http://localhost/search", { headers: { "User-Agent": CHROME } }),
        "en",
        `other ${index}`,
        false,
      );
    await other.services.visits.flush();
    const kept = await database().db.select().from(visitCounts);
    expect(kept.filter((row) => row.kind === "search-none")).toHaveLength(NOTHING_FOUND_PER_DAY);
    expect(kept.find((row) => row.kind === "search" && row.key === "en")!.views).toBe(
      3 + NOTHING_FOUND_PER_DAY * 3 + 20,
    );
  });

  it("shows the owner the figures of a range of days, with leads, and exports them as CSV", async () => {
    const { app } = site(database());
    const cookie = await signIn(app, database());
    const send = ownerRequests(app, () => cookie);
    const yesterday = new Date(`${TODAY}T00:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    const before = yesterday.toISOString().slice(0, 10);
    await database()
      .db.insert(visitCounts)
      .values([
        { day: before, kind: "page", key: "/ar/about", views: 5 },
        { day: before, kind: "language", key: "ar", views: 5 },
        { day: before, kind: "referrer", key: "=cmd|calc", views: 1 },
      ]);
    await view(app, "/about", { Referer: "https://t.co/x" });
    await app.services.visits.flush();
    await app.request(
      "/f/contact",
      jsonRequest("POST", {
        name: "A",
        email: "a@example.com",
        subject: "S",
        message: "M",
        [LEAD_FIELDS.entry]: "/ar/about",
        [LEAD_FIELDS.last]: "/ar/about",
      }),
    );

    const { status, body } = await send("GET", `/api/visits?from=${before}&to=${TODAY}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      per: "day",
      periods: [
        { day: before, views: 5 },
        { day: TODAY, views: 1 },
      ],
      total: 6,
      pages: [
        { key: "/ar/about", count: 5 },
        { key: "/about", count: 1 },
      ],
      languages: [
        { key: "ar", count: 5 },
        { key: "en", count: 1 },
      ],
      sources: [{ key: "social", count: 1 }],
      leads: {
        total: 1,
        entries: [{ key: "/ar/about", count: 1 }],
        lastPages: [{ key: "/ar/about", count: 1 }],
        languages: [{ key: "ar", count: 1 }],
      },
    });

    const csv = await app.request(`/api/visits/export?from=${before}&to=${TODAY}`, {
      headers: { Cookie: cookie },
    });
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe("day,kind,key,count");
    expect(text).toContain(`${before},page,/ar/about,5\r\n`);
    expect(text).toContain(`${TODAY},lead-entry,/ar/about,1\r\n`);
    // A spreadsheet reads no formula from a referring host.
    expect(text).toContain(`${before},referrer,'=cmd|calc,1\r\n`);

    const lastTwo = await send("GET", "/api/visits?days=2");
    expect(lastTwo.body).toMatchObject({ from: before, to: TODAY, total: 6 });
    expect((await send("GET", "/api/visits?days=401")).status).toBe(400);
    expect((await send("GET", `/api/visits?from=${before}`)).status).toBe(400);
    const wrong = await send("GET", `/api/visits?from=${TODAY}&to=${before}`, undefined, "ar");
    expect(wrong.status).toBe(400);
    expect(wrong.body!.error).toBe(apiErrorText("ar", "visitRangeInvalid", { max: 400 }));
    expect((await app.request(`/api/visits?from=${before}&to=${TODAY}`)).status).toBe(401);
  });

  it("exports a CSV a spreadsheet opens with Arabic addresses as letters", async () => {
    const { app } = site(database());
    const cookie = await signIn(app, database());
    const arabic = "/ar/articles/دليل-سريع";
    // The address as it comes on the wire, percent-encoded, as the counter keeps it.
    await database()
      .db.insert(visitCounts)
      .values([{ day: TODAY, kind: "page", key: encodeURI(arabic), views: 3 }]);
    const csv = await app.request(`/api/visits/export?from=${TODAY}&to=${TODAY}`, {
      headers: { Cookie: cookie },
    });
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // A UTF-8 byte-order mark first: a spreadsheet then reads the Arabic as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse<Record<string, string>>(Buffer.from(bytes), { bom: true, columns: true });
    expect(records).toEqual([{ day: TODAY, kind: "page", key: arabic, count: "3" }]);
    // The owner's figures keep the key as counted; the view shows it as letters (core/readable-address.ts).
    const report = await ownerRequests(app, () => cookie)("GET", `/api/visits?from=${TODAY}&to=${TODAY}`);
    expect(report.body).toMatchObject({ pages: [{ key: encodeURI(arabic), count: 3 }] });
  });

  it("counts a range longer than 90 days a week at a time, Monday to Sunday, and exports it by day", async () => {
    const { app } = site(database());
    const cookie = await signIn(app, database());
    const send = ownerRequests(app, () => cookie);
    // 365 days from a Wednesday to a Wednesday, across New Year: a cut first and last week.
    const [from, to] = ["2025-06-11", "2026-06-10"];
    const views = (day: string, key: string, count: number) => ({ day, kind: "language", key, views: count });
    await database()
      .db.insert(visitCounts)
      .values([
        views("2025-06-10", "en", 100),
        views(from, "en", 3),
        views("2025-06-15", "ar", 2),
        views("2025-06-16", "en", 1),
        views("2025-12-31", "en", 4),
        views("2026-01-01", "ar", 6),
        views("2026-06-07", "en", 7),
        views("2026-06-08", "en", 1),
        views(to, "ar", 2),
        views("2026-06-11", "en", 100),
        { day: "2026-01-01", kind: "page", key: "/ar", views: 6 },
      ]);

    const { status, body } = await send("GET", `/api/visits?from=${from}&to=${to}`);
    expect(status).toBe(200);
    const { per, periods, total } = body as {
      per: string;
      periods: { day: string; views: number }[];
      total: number;
    };
    expect(per).toBe("week");
    expect(periods).toHaveLength(53);
    expect(periods.slice(0, 3)).toEqual([
      { day: from, views: 5 },
      { day: "2025-06-16", views: 1 },
      { day: "2025-06-23", views: 0 },
    ]);
    expect(periods.find((period) => period.day === "2025-12-29")).toEqual({ day: "2025-12-29", views: 10 });
    expect(periods.slice(-2)).toEqual([
      { day: "2026-06-01", views: 7 },
      { day: "2026-06-08", views: 3 },
    ]);
    expect(periods.filter((period) => period.views > 0)).toHaveLength(5);
    expect(total).toBe(26);

    // Up to 90 days, a day at a time; a day more, a week at a time.
    const ninety = await send("GET", "/api/visits?from=2025-10-03&to=2025-12-31");
    expect(ninety.body).toMatchObject({ per: "day", total: 4 });
    expect((ninety.body as { periods: unknown[] }).periods).toHaveLength(90);
    expect((ninety.body as { periods: unknown[] }).periods.at(-1)).toEqual({ day: "2025-12-31", views: 4 });
    const ninetyOne = await send("GET", "/api/visits?from=2025-10-03&to=2026-01-01");
    expect(ninetyOne.body).toMatchObject({ per: "week", total: 10 });
    expect((ninetyOne.body as { periods: unknown[] }).periods.at(-1)).toEqual({
      day: "2025-12-29",
      views: 10,
    });

    // The CSV keeps the daily rows.
    const csv = await app.request(`/api/visits/export?from=${from}&to=${to}`, {
      headers: { Cookie: cookie },
    });
    const text = await csv.text();
    expect(text).toContain(
      "2025-12-31,language,en,4\r\n2026-01-01,language,ar,6\r\n2026-01-01,page,/ar,6\r\n",
    );
    expect(text).not.toContain(",100\r\n");
  });

  if (backend.name === "postgres")
    it("adds up 1,000 concurrent views across two instances on one database", async () => {
      const second = await createDb({ databaseUrl: database().url!, migrationsFolder });
      try {
        const instances = [site(database()).app, site({ ...database(), db: second.db }).app];
        const views = Array.from({ length: 1000 }, (_, i) =>
          view(instances[i % 2]!, i % 3 === 0 ? "/about" : "/", {
            Referer: `https://site-${i % 7}.example/`,
          }),
        );
        // Both write while the views arrive, as their timers would.
        const writes = Array.from({ length: 10 }, (_, i) =>
          new Promise((resolve) => setTimeout(resolve, i * 5)).then(() =>
            Promise.all(instances.map((app) => app.services.visits.flush())),
          ),
        );
        const answers = await Promise.all(views);
        await Promise.all(writes);
        await Promise.all(instances.map((app) => app.services.visits.flush()));
        expect(answers.every((answer) => answer.status === 200)).toBe(true);
        const [total] = await database()
          .db.select({ views: sql<number>`sum(${visitCounts.views})::int` })
          .from(visitCounts)
          .where(sql`${visitCounts.kind} = 'page'`);
        expect(total!.views).toBe(1000);
        const rows = await counted(instances[0]!, database().db);
        expect(rows).toContain("page /about 334");
        expect(rows).toContain("page / 666");
        expect(rows).toContain("referrer site-0.example 143");
      } finally {
        await second.close();
      }
    });
});
