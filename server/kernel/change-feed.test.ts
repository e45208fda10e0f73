import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createPageCache } from "#server/ssr/page-cache.ts";
import { jsonRequest, makeApp, signIn } from "#tests/helpers/app.ts";
import { standInPages } from "#tests/helpers/pages.ts";
import { backends } from "#tests/helpers/databases.ts";
import { createMemoryLogger } from "./logger.ts";
import { localChangeFeed, postgresChangeFeed, type ChangeFeed } from "./change-feed.ts";

// Instances of the site on one PostgreSQL hear of each other's writes at once, against a real PostgreSQL server
// (docs/architecture.md "Many instances").

const adminUrl = inject("postgresUrl");
const feeds: ChangeFeed[] = [];
afterEach(async () => {
  await Promise.all(feeds.splice(0).map((feed) => feed.close()));
});

function feed(name: string) {
  const made = postgresChangeFeed(adminUrl!, createMemoryLogger(), { retryMs: [50, 100], name });
  feeds.push(made);
  return made;
}

const eventually = async (check: () => boolean, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("not in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("the change feed of the embedded database", () => {
  it("tells this instance's listeners", async () => {
    const local = localChangeFeed();
    let heard = 0;
    local.subscribe(() => heard++);
    await local.publish();
    expect(heard).toBe(1);
  });
});

describe.runIf(adminUrl)("the change feed on PostgreSQL", () => {
  it("tells every other instance of a write, once, and this one at once", async () => {
    const [a, b] = [feed("sira-test-a"), feed("sira-test-b")];
    await Promise.all([a.ready, b.ready]);
    const heard = { a: 0, b: 0 };
    a.subscribe(() => heard.a++);
    b.subscribe(() => heard.b++);
    await a.publish();
    expect(heard.a).toBe(1);
    await eventually(() => heard.b === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual({ a: 1, b: 1 });
  });

  it("says when its connection drops, forgets kept pages on its return, and hears again", async () => {
    const [a, b] = [feed("sira-test-a2"), feed("sira-test-b2")];
    await Promise.all([a.ready, b.ready]);
    const states: boolean[] = [];
    b.watch((down) => states.push(down));
    let heard = 0;
    b.subscribe(() => heard++);

    const admin = new pg.Client({ connectionString: adminUrl! });
    await admin.connect();
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [
      "sira-test-b2",
    ]);
    await admin.end();
    await eventually(() => states.includes(true));
    // Back: what changed meanwhile is unknown, so the listeners are told once.
    await eventually(() => states.at(-1) === false && heard === 1);
    await a.publish();
    await eventually(() => heard === 2);
  });
});

describe.runIf(adminUrl)("two instances of the app on one PostgreSQL", () => {
  const postgres = backends.find((backend) => backend.name === "postgres")!;

  it("forget their rendered pages the moment the other one writes", async () => {
    const database = await postgres.open();
    try {
      const caches = [createPageCache({ ttlMs: 60_000 }), createPageCache({ ttlMs: 60_000 })];
      const instances = caches.map((pageCache, index) => {
        const changes = feed(`sira-test-app-${index}`);
        changes.subscribe(() => pageCache.clear());
        return { changes, made: makeApp(database, {}, { pageCache, changes, ssr: standInPages().ssr }) };
      });
      await Promise.all(instances.map((instance) => instance.changes.ready));
      for (const { made } of instances) await made.app.request("/projects");
      expect(caches.map((cache) => cache.size)).toEqual([1, 1]);

      const writer = instances[0]!.made;
      const cookie = await signIn(writer.app, database);
      const created = await writer.app.request(
        "/api/projects",
        jsonRequest("POST", { title: "New" }, cookie),
      );
      expect(created.status).toBe(201);
      expect(caches[0]!.size).toBe(0);
      await eventually(() => caches[1]!.size === 0, 2_000);
    } finally {
      await database.close();
    }
  });
});
