import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
  type Response,
} from "@playwright/test";
import { hasMessage, translate, type Dictionary, type TranslateVars } from "#core/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import type { Language, Theme } from "#core/preferences.ts";
import { localizePath } from "#core/localized-paths.ts";
import { LOCALES } from "#core/dates.ts";
import { CONTACT_MIN_FILL_MS, FORM_STAMP_FIELD } from "#core/contact.ts";
import { siteConfig } from "#config/site.ts";
import type { Database } from "#db/client.ts";
import { clearAllTables } from "#tests/helpers/tables.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { ownerCredentials } from "#db/schema.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import type { RunningServer } from "#server/runtime.ts";
import pg from "pg";
import { E2E_PGLITE_TEMPLATE, E2E_POSTGRES_URL } from "#tests/setup/e2e-global.ts";

// Fixtures of the end-to-end tests (docs/architecture.md "Tests and conventions"): every worker runs the BUILT server in-process on a random
// port with an in-memory PGlite (or, in the "postgres" project, a database of its own on a real PostgreSQL server), every test starts from empty tables and fills them itself, and an
// unexpected console error or warning, or an uncaught page error, fails the test that caused it.

const root = path.resolve(import.meta.dirname, "../..");
const builtEntry = path.join(root, "build", "server", "index.js");

/** What the built server module exports (server/entry.ts), typed from the source it was built from. */
type BuiltServer = Pick<typeof import("#server/entry.ts"), "startBuiltServer" | "loadEnv">;

async function importBuiltServer(): Promise<BuiltServer> {
  if (!existsSync(builtEntry)) {
    throw new Error(`${builtEntry} is missing: run \`npx react-router build\` before the end-to-end tests`);
  }
  // A computed specifier: the build is plain JavaScript without declarations, so it is typed by the cast.
  return (await import(pathToFileURL(builtEntry).href)) as BuiltServer;
}

export interface TestServer {
  url: string;
  database: RunningServer["database"];
  pageCache: RunningServer["pageCache"];
  /** The page views counted and not yet written: `flush()` writes them. */
  visits: RunningServer["visits"];
  /** What the server logged (createMemoryLogger), e.g. to check that a database failure was reported. */
  logLines: string[];
  /** DATA_DIR: uploaded images are under storage/portfolio_images. */
  dataDir: string;
}

/** The migrated database an in-memory server starts from (tests/setup/e2e-global.ts), read once per worker. */
let databaseCopy: Blob | undefined;
function pgliteTemplate(): Blob | undefined {
  const file = process.env[E2E_PGLITE_TEMPLATE];
  if (file) databaseCopy ??= new Blob([readFileSync(file)]);
  return databaseCopy;
}

/** The owner's password on every test server (ADMIN_PASSWORD). */
export const OWNER_PASSWORD = "an end-to-end pass phrase";

/**
 * Starts the built server with in-memory PGlite on a random loopback port, its uploads in a temporary folder
 * removed on close, and the owner's password set; env overrides win.
 */
export async function startTestServer(
  overrides: Record<string, string> = {},
  database: E2eDatabase = "pglite",
): Promise<TestServer & { close(): Promise<void> }> {
  const { startBuiltServer, loadEnv } = await importBuiltServer();
  const logger = createMemoryLogger();
  const dataDir = mkdtempSync(path.join(tmpdir(), "sira-e2e-"));
  const postgres = database === "postgres" ? await createE2eDatabase() : null;
  let running: RunningServer;
  try {
    running = await startBuiltServer({
      env: loadEnv({
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_REQUESTS: "0",
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: OWNER_PASSWORD,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        ...overrides,
      }),
      logger,
      inMemory: !postgres,
      databaseCopy: postgres ? undefined : pgliteTemplate(),
    });
  } catch (error) {
    await postgres?.drop();
    throw error;
  }
  return {
    url: running.url,
    database: running.database,
    pageCache: running.pageCache,
    visits: running.visits,
    logLines: logger.lines,
    dataDir,
    close: async () => {
      await running.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The database of the e2e servers: the embedded one in memory, or a database of its own on a real PostgreSQL. */
export type E2eDatabase = "pglite" | "postgres";

/** The PostgreSQL server Playwright's global setup started (tests/setup/e2e-global.ts). */
export function e2ePostgresUrl(): string {
  const url = process.env[E2E_POSTGRES_URL];
  if (!url)
    throw new Error(
      "No PostgreSQL server for the end-to-end tests: install Debian's postgresql package (see .ci/run).",
    );
  return url;
}

/** A new, empty database on the e2e PostgreSQL server; `drop` removes it. */
export async function createE2eDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = e2ePostgresUrl();
  const name = `sira_e2e_${randomBytes(6).toString("hex")}`;
  const withAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await withAdmin(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => withAdmin(`drop database if exists ${name} with (force)`) };
}

/** Empties every table (db/schema.ts) but the owner's password, which the server set when it started. */
export const clearTables = (db: Database) => clearAllTables(db, [ownerCredentials]);

// ---------------------------------------------------------------------------------------------------------
// Strings: the tests read the dictionaries and the owner's config instead of copying them.

const dictionaries: Record<Language, Dictionary> = {
  en: JSON.parse(readFileSync(path.join(root, "app/i18n/en.json"), "utf8")) as Dictionary,
  ar: JSON.parse(readFileSync(path.join(root, "app/i18n/ar.json"), "utf8")) as Dictionary,
};

export const LANGUAGES: readonly Language[] = ["en", "ar"];

/** A page's address in a language: "/about" in Arabic is "/ar/about" (docs/product.md §16). */
export const at = (language: Language, path: string) => localizePath(path, language);

/** Every public page (docs/product.md §2), with the article `seedPublicPages` writes. */
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/projects",
  "/articles",
  "/articles/a-long-read",
  "/services",
  "/contact",
];

/** A project and an article, so that the lists and the article page in `PUBLIC_PAGES` have content. */
export async function seedPublicPages(db: Database) {
  await insertProject(db, { title: "A shop" });
  await insertArticle(db, {
    slug: "a-long-read",
    title_en: "A long read about caching in Node",
    title_ar: "قراءة طويلة عن التخزين المؤقت في نود",
    content_en: `<p>${"Keep hot data close. ".repeat(40)}</p>`,
    content_ar: `<p>${"احتفظ بالبيانات الساخنة قريبة. ".repeat(40)}</p>`,
  });
}

/** A dictionary string in one language, with the same {{name}}/{{role}}/{{city}} the pages fill in. */
export function text(language: Language, key: TranslationKey, vars: TranslateVars = {}): string {
  if (!hasMessage(dictionaries[language], key)) throw new Error(`No "${key}" in the ${language} dictionary`);
  return translate(
    dictionaries[language],
    key,
    {
      initials: siteConfig.initials,
      name: siteConfig.name[language],
      role: siteConfig.role[language],
      city: siteConfig.city[language],
      ...vars,
    },
    LOCALES[language],
  );
}

export { siteConfig };

/**
 * The preferences of a visitor who chose them earlier (docs/product.md §3.8): the theme in localStorage, there before
 * any script of a page runs, and the language in the cookie the server reads (decision 037).
 */
/**
 * The sitemap as a crawler reads it (docs/product.md §16.7): the index at `/sitemap.xml`, then each file it names,
 * asked of `base` (the server) whatever origin the index writes.
 */
export async function readSitemap(
  request: APIRequestContext,
  base = "",
): Promise<{ index: string; files: string[] }> {
  const index = await (await request.get(`${base}/sitemap.xml`)).text();
  const names = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const files = await Promise.all(
    names.map(async (name) => {
      const response = await request.get(`${base}${name}`);
      expect(response.status(), name).toBe(200);
      return response.text();
    }),
  );
  return { index, files };
}

export async function setPreferences(
  context: BrowserContext,
  url: string,
  preferences: { language?: Language; theme?: Theme },
) {
  if (preferences.language)
    await context.addCookies([{ name: "language", value: preferences.language, url }]);
  if (preferences.theme)
    await context.addInitScript((theme) => {
      try {
        if (localStorage.getItem("theme") === null) localStorage.setItem("theme", theme);
      } catch {
        // A document without storage of its own (about:blank, a sandboxed frame) has no theme to keep.
      }
    }, preferences.theme);
}

/** A computed style property of an element, for `expect.poll` (colours change through CSS transitions). */
export function computedStyle(locator: Locator, property: string): () => Promise<string> {
  return () =>
    locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

/** Waits until CSS animations (page enter, stagger, not the endless hero loop) have finished. */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures

export interface ConsoleGuard {
  /** Lets console errors, warnings or page errors matching this pattern through, for this test only. */
  allow(pattern: RegExp): void;
  /** Everything seen so far (allowed or not), e.g. to assert that an expected error happened. */
  readonly seen: readonly string[];
}

interface WorkerFixtures {
  /** This worker's server, shared by its tests one after another. */
  server: TestServer;
  /** The database every server of this project runs on (playwright.config.ts projects). */
  database: E2eDatabase;
}

interface TestFixtures {
  /** The server's database (drizzle), emptied before each test. */
  db: Database;
  consoleGuard: ConsoleGuard;
  /**
   * Starts a second server with environment overrides (e.g. `{ SAMPLE_PROJECTS: "off" }`) and an empty
   * database of its own; it is closed when the test ends. Use absolute URLs (`other.url + "/projects"`).
   */
  startServer: (overrides: Record<string, string>) => Promise<TestServer>;
}

function describeMessage(message: ConsoleMessage): string {
  const { url } = message.location();
  return `console.${message.type()}: ${message.text()}${url ? ` (${url})` : ""}`;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  database: ["pglite", { option: true, scope: "worker" }],

  server: [
    async ({ database }, use) => {
      const server = await startTestServer({}, database);
      await use(server);
      await server.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  db: [
    async ({ server }, use) => {
      await clearTables(server.database.db);
      // Tests write straight into the database, as no owner would: forget pages rendered before.
      server.pageCache.clear();
      await use(server.database.db);
    },
    { auto: true },
  ],

  startServer: async ({ database, context }, use) => {
    const started: { close(): Promise<void> }[] = [];
    await use(async (overrides) => {
      const server = await startTestServer(overrides, database);
      started.push(server);
      return server;
    });
    // The browser first: a page still prefetching from a server being closed would hold its connection open
    // (the close waits for it) and then report the refused connection as a console error.
    if (started.length > 0) await context.close();
    await Promise.all(started.map((server) => server.close()));
  },

  // A page answers clicks once React has hydrated it (decision 037): a navigation is complete for a test once the
  // page has hydrated, as it is for a person a moment later.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
        const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
        page[method] = async (...args: unknown[]) => {
          const response = await navigate(...args);
          await waitForHydration(page);
          return response;
        };
      }
    }
    await use(page);
  },

  consoleGuard: [
    async ({ context }, use) => {
      const allowed: RegExp[] = [];
      const seen: string[] = [];
      const watch = (page: Page) => {
        page.on("console", (message) => {
          if (message.type() === "error" || message.type() === "warning") seen.push(describeMessage(message));
        });
        page.on("pageerror", (error) => seen.push(`pageerror: ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      await use({
        allow: (pattern) => void allowed.push(pattern),
        get seen() {
          return seen;
        },
      });
      const unexpected = seen.filter((line) => !allowed.some((pattern) => pattern.test(line)));
      expect(unexpected, "unexpected console errors, warnings or page errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until an HTML page of ours has hydrated; a feed, an image or another site's page is left as it is. */
export async function waitForHydration(page: Page) {
  const html = await page
    .evaluate(() => document.contentType === "text/html" && "__reactRouterContext" in window)
    .catch(() => false);
  if (html) await page.waitForFunction(() => (window as { siraHydrated?: boolean }).siraHydrated === true);
}

/** Chrome's console line for a response with an error status, e.g. the 404 document of the not-found page. */
export const failedResource = (status: number) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}`);

/**
 * Waits until the contact form on the page was rendered more than CONTACT_MIN_FILL_MS ago, as it would have been
 * by the time a person filled it in (docs/product.md §25): a post sooner is kept like a robot's.
 */
export async function pastMinimumFillTime(page: Page) {
  const stamp = await page.locator(`input[name="${FORM_STAMP_FIELD}"]`).first().inputValue();
  const wait = Number(stamp.split(".")[0]) + CONTACT_MIN_FILL_MS + 100 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}
