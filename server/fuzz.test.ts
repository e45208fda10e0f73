import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { articles, messages, projects } from "#db/schema.ts";
import { backends, useTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { jsonRequest, makeApp, signIn, storeImageFile, type TestApp } from "#tests/helpers/app.ts";
import {
  API_ROUTES,
  describeRequest,
  fuzzRequests,
  type FuzzRequest,
  type FuzzTargets,
} from "#tests/helpers/fuzz-requests.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { snapshotTables } from "#tests/helpers/tables.ts";

// docs/product.md §20: thousands of generated malformed requests (any method on every route of the API, the
// contact endpoint, stored images and the health checks, and made-up paths; generated headers, cookies,
// queries and JSON, form, multipart or garbage bodies with NULs, broken encodings, prototype-named keys, deep
// nesting and numbers out of range) at the real app on each database. None may answer 5xx or throw, none may log
// an error, every refusal of the API has the one error shape, the site is healthy after, and without the owner's
// session no row changes (rate-limit counters aside; a contact message is the one thing anyone may add).

const ANONYMOUS_RUNS = 2500;
const OWNER_RUNS = 1000;

/** The API's write routes, for the run with a session; sign-out and sign-in left out: both end its session. */
const OWNER_ROUTES = API_ROUTES.filter(
  ([route, methods]) =>
    route.startsWith("/api/") &&
    /POST|PUT|PATCH|DELETE/.test(methods) &&
    route !== "/api/auth/logout" &&
    route !== "/api/auth/login",
);

const IDS = {
  project: "11111111-1111-4111-8111-111111111111",
  article: "22222222-2222-4222-8222-222222222222",
  message: "33333333-3333-4333-8333-333333333333",
};
const SLUG = "fuzz-article";
const IMAGE_NAME = "1700000000000_fuzz.png";

/**
 * A project with its image, a public article and a message, at fixed ids; run again after a request deleted one,
 * so that later requests still meet real rows.
 */
async function seed(database: TestDatabase, dataDir: string) {
  const image = storeImageFile(dataDir, "projects", IMAGE_NAME);
  const [project] = await database.db.select().from(projects).where(eq(projects.id, IDS.project));
  if (!project)
    await insertProject(database.db, {
      id: IDS.project,
      image_url: image,
      image_alt_en: "A picture",
      image_alt_ar: "صورة",
    });
  const [article] = await database.db.select().from(articles).where(eq(articles.id, IDS.article));
  if (!article)
    await insertArticle(database.db, { id: IDS.article, slug: SLUG, date: new Date("2026-01-01") });
  await database.db
    .insert(messages)
    .values({ id: IDS.message, name: "Mona", email: "mona@example.com", subject: "Hello", message: "Hi" })
    .onConflictDoNothing();
  const targets: FuzzTargets = {
    project: [IDS.project],
    article: [IDS.article],
    message: [IDS.message],
    slug: [SLUG],
    folder: ["projects", "articles", "site"],
    name: [IMAGE_NAME],
    section: ["identity", "hero", "contact", "services"],
    any: ["contact", "projects", IMAGE_NAME],
  };
  return { targets, image };
}

/** Valid bodies of each route that takes JSON. */
function examplesOf(image: string, settings: Record<string, unknown>) {
  const project = { title: "A project", tags: ["a"], image_url: image, image_alt_en: "x", image_alt_ar: "س" };
  const article = {
    title_en: "An article",
    content_en: "<p>Hi</p>",
    status: "scheduled",
    publish_at: "2030-01-01T00:00:00Z",
    tags: [{ en: "Go", ar: "جو" }],
  };
  const contact = { name: "Mona", email: "mona@example.com", subject: "Hi", message: "Hello" };
  return {
    "/api/projects": [project],
    "/api/projects/:project": [project],
    "/api/projects/:project/move": [{ direction: "up" }, { direction: "down" }],
    "/api/articles": [article],
    "/api/articles/:article": [article],
    "/api/messages/:message": [{ read: true }],
    "/api/auth/login": [{ password: "not the password" }],
    "/api/auth/password": [{ current: "not the password", next: "a fine long password here" }],
    "/api/settings": [settings],
    "/f/contact": [contact],
  };
}

async function send(app: TestApp, request: FuzzRequest) {
  const response = await app.request(request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  // app.request hands back the compressed bytes that the Accept-Encoding asked for.
  const encoding = response.headers.get("Content-Encoding");
  const decoded =
    encoding === "gzip"
      ? gunzipSync(bytes)
      : encoding === "deflate"
        ? inflateSync(bytes)
        : encoding === "br"
          ? brotliDecompressSync(bytes)
          : bytes;
  const text = decoded.toString("utf8");
  return { status: response.status, text, type: response.headers.get("Content-Type") ?? "" };
}

/** Runs `runs` generated requests; answers the status histogram. Fails on the first 5xx or API error off shape. */
async function fuzz(
  { app, logger }: { app: TestApp; logger: { lines: string[] } },
  arbitrary: fc.Arbitrary<FuzzRequest>,
  runs: number,
  seed: number,
  after?: (request: FuzzRequest, status: number) => Promise<unknown>,
) {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      const { status, text, type } = await send(app, request);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await after?.(request, status);
      if (status >= 500) {
        const logged = logger.lines.filter((line) => line.startsWith("error ")).at(-1) ?? "";
        throw new Error(
          `${status} for ${describeRequest(request)}: ${text.slice(0, 300)}\n${logged.slice(0, 600)}`,
        );
      }
      const api = new URL(`http://localhost${request.path}`).pathname.startsWith("/api/");
      if (status >= 400 && api && request.method !== "HEAD") {
        expect(type, describeRequest(request)).toMatch(/^application\/json/);
        const body = JSON.parse(text) as { error?: unknown; issues?: unknown };
        expect(typeof body.error, describeRequest(request)).toBe("string");
        if (body.issues !== undefined) expect(Array.isArray(body.issues)).toBe(true);
      }
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
  return statuses;
}

function histogram(statuses: Map<number, number>) {
  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const parts = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  return { total, text: parts.join(", ") };
}

/** Rate-limit counters count every visitor's attempts: they are meant to change. */
const withoutRateLimits = (snapshot: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(snapshot).filter(([table]) => table !== "rate_limits" && table !== "audit_events"),
  );

/** What the audit log may gain from strangers: their failures, never an owner's action. */
const STRANGERS_EVENTS = new Set(["signInFailed", "signInLimited", "secondFactorFailed"]);

describe.each(backends)("malformed requests on $name", (backend) => {
  const database = useTestDatabase(backend);

  it(
    `${ANONYMOUS_RUNS} generated requests without a session: no 5xx, healthy after, no row changed`,
    { timeout: 120_000 },
    async () => {
      const { app, logger, dataDir } = makeApp(database());
      const { targets, image } = await seed(database(), dataDir);
      const cookie = await signIn(app, database());
      const settings = (await (
        await app.request("/api/settings", jsonRequest("GET", undefined, cookie))
      ).json()) as Record<string, unknown>;
      const examples = examplesOf(image, settings);
      const before = await snapshotTables(database().db);

      const statuses = await fuzz(
        { app, logger },
        fuzzRequests({ routes: API_ROUTES, targets, examples }),
        ANONYMOUS_RUNS,
        20,
      );

      expect((await app.request("/healthz")).status).toBe(200);
      expect(logger.lines.filter((line) => line.startsWith("error "))).toEqual([]);
      const after = await snapshotTables(database().db);
      // A contact message is the one row anyone may add; no other row, and no earlier message, changes.
      const earlier = new Set(before.messages);
      expect(after.messages!.filter((row) => earlier.has(row))).toEqual(before.messages);
      // The audit log keeps what it had and gains at most the strangers' failed sign-ins (docs/product.md §26).
      const logged = new Set(before.audit_events);
      expect(after.audit_events!.filter((row) => logged.has(row))).toEqual(before.audit_events);
      const gained = after.audit_events!.filter((row) => !logged.has(row));
      expect(
        gained.filter((row) => !STRANGERS_EVENTS.has((JSON.parse(row) as { action: string }).action)),
      ).toEqual([]);
      expect({ ...withoutRateLimits(after), messages: [] }).toEqual({
        ...withoutRateLimits(before),
        messages: [],
      });
      const { total, text } = histogram(statuses);
      console.info(`fuzz on ${backend.name}, no session: ${total} requests; statuses ${text}`);
      expect(total).toBeGreaterThanOrEqual(ANONYMOUS_RUNS);
    },
  );

  it(
    `${OWNER_RUNS} generated requests with the owner's session: no 5xx, healthy after`,
    { timeout: 120_000 },
    async () => {
      const { app, logger, dataDir } = makeApp(database());
      const { targets, image } = await seed(database(), dataDir);
      const cookie = await signIn(app, database());
      const settings = (await (
        await app.request("/api/settings", jsonRequest("GET", undefined, cookie))
      ).json()) as Record<string, unknown>;
      const examples = examplesOf(image, settings);
      const arbitrary = fuzzRequests({
        routes: OWNER_ROUTES,
        targets,
        examples,
        session: cookie,
        aimed: true,
        methods: ["POST", "PUT", "PATCH", "DELETE", "GET"],
      });

      // A row the owner deleted comes back, so later requests still reach the services with a real id.
      const statuses = await fuzz({ app, logger }, arbitrary, OWNER_RUNS, 21, (request, status) =>
        request.method === "DELETE" && status === 204 ? seed(database(), dataDir) : Promise.resolve(),
      );

      expect((await app.request("/healthz")).status).toBe(200);
      expect(logger.lines.filter((line) => line.startsWith("error "))).toEqual([]);
      const { total, text } = histogram(statuses);
      console.info(`fuzz on ${backend.name}, owner's session: ${total} requests; statuses ${text}`);
      expect(statuses.get(401) ?? 0).toBeLessThan(total / 2);
    },
  );
});
