import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { CONTACT_BODY_LIMIT } from "#core/contact.ts";
import { visitCounts } from "#db/schema.ts";
import { submitCollection } from "#app/features/testimonials/collect.server.ts";
import { makeApp } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { routeManifest, routeTable, standInPages } from "#tests/helpers/pages.ts";
import { pageRequestContext } from "./context.ts";
import { createPageCache } from "./page-cache.ts";
import { PAGE_BODY_LIMIT, pageBodyLimit, RENDER_BUDGET, TESTIMONIAL_BODY_LIMIT } from "./page-handler.ts";
import { servicesContext } from "#server/services.ts";

// docs/product.md §20 on the request path of pages: no body is read past its page's limit, no redirect leaves the
// site, one page has one address (kept and counted once), every address that names no page is its language's one
// kept 404, and no client makes the server render for it without end.

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const ORIGIN = "http://localhost";

/** A body of `total` bytes made as it is read, and how much of it was read. */
function lazyBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const counter = { read: 0 };
  // Nothing is made before it is asked for (no chunk queued ahead).
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.read >= total) return controller.close();
        counter.read += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

/** The routes of the route table whose module has a server action (a form a page posts to). */
function pageActions() {
  const routesFolder = path.resolve(import.meta.dirname, "../../app");
  // Read, not imported: importing every route module would load the admin's editor for nothing.
  const hasAction = (file: string) =>
    /export\s+(?:async\s+)?(?:function|const|let)\s+action\b|export\s*\{[^}]*\baction\b/.test(
      readFileSync(path.join(routesFolder, file), "utf8"),
    );
  return routeTable().filter((route) => hasAction(route.file));
}

describe.each(backends)("the request path of pages on $name", (backend) => {
  const database = useTestDatabase(backend);

  function site(env: Record<string, string> = {}) {
    const pages = standInPages();
    const made = makeApp(
      database(),
      { ADMIN_PATH: "/admin-test", ...env },
      { ssr: pages.ssr, pageCache: createPageCache({ ttlMs: 60_000 }), routes: routeManifest() },
    );
    return { ...made, rendered: pages.rendered };
  }

  it("refuses a page post over its page's limit before reading it: every page action, in both languages", async () => {
    const actions = pageActions();
    // The contact page and a client's testimonial link, each in both languages, at least.
    expect(actions.map((route) => route.id).toSorted()).toEqual(
      expect.arrayContaining(["ar-contact", "ar-testimonial", "contact", "testimonial"]),
    );
    const { app } = site();
    const before = process.memoryUsage().rss;
    // A page without an action takes no form either.
    for (const target of [...actions.map((route) => route.path), "/about", "/ar/projects/x"]) {
      const address = target.replace(/:\w+/g, "x").replace(/\*$/, "x/y");
      const limit = pageBodyLimit(address);
      for (const stated of [true, false]) {
        const size = 150 * 1024 * 1024;
        const { stream, counter } = lazyBody(size);
        const response = await app.request(
          new Request(`${ORIGIN}${address}`, {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              ...(stated ? { "Content-Length": String(size) } : {}),
            },
            body: stream,
            duplex: "half",
          } as RequestInit),
        );
        expect(response.status, `${address} ${stated ? "with" : "without"} a length`).toBe(413);
        const language = address.startsWith("/ar/") ? "ar" : "en";
        expect(await response.text()).toBe(apiErrorText(language, "tooLarge"));
        // Nothing read when the length is stated; at most the limit and one chunk when it is not.
        expect(counter.read, address).toBeLessThanOrEqual(stated ? 2 * 64 * 1024 : limit + 2 * 64 * 1024);
        await stream.cancel().catch(() => {});
      }
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    expect(pageBodyLimit("/ar/contact")).toBe(CONTACT_BODY_LIMIT);
    expect(pageBodyLimit("/testimonial/abc")).toBe(TESTIMONIAL_BODY_LIMIT);
    expect(pageBodyLimit("/about")).toBe(PAGE_BODY_LIMIT);
  });

  it("reads nothing of a testimonial post whose link cannot be used", async () => {
    const { app } = site();
    const context = new RouterContextProvider();
    context.set(servicesContext, app.services);
    context.set(pageRequestContext, {
      address: "203.0.113.9",
      origin: ORIGIN,
      owner: false,
      failed: () => {},
    });
    const { stream, counter } = lazyBody(1024 * 1024);
    const request = new Request(`${ORIGIN}/ar/testimonial/made-up`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const reply = (await submitCollection(request, context, "made-up", "ar")) as unknown as {
      init: { status: number };
      data: { error: string };
    };
    expect(reply.init.status).toBe(404);
    expect(reply.data.error).toBe(apiErrorText("ar", "testimonialLinkInvalid"));
    expect(counter.read).toBe(0);
  });

  it("sends no visitor off the site, whatever the path, query or language cookie", async () => {
    const { app, rendered } = site();
    const shapes = [
      "//evil.example",
      "//evil.example/",
      "//evil.example/about",
      "///evil.example/",
      "////evil.example/x/",
      "/x/..//evil.example/",
      "/./evil.example/..//evil.example/",
      "//user@evil.example/",
      "//user:pass@evil.example/",
      "/\\evil.example/",
      "/\\\\evil.example/",
      "/%5Cevil.example/",
      "/%2F%2Fevil.example/",
      "/%2fevil.example",
      "/ar//evil.example/",
      "//evil.example/ar",
      "/about//evil.example/",
      "//evil.example/.data",
      "//evil.example/articles.data",
      "//",
      "///",
    ];
    let redirects = 0;
    for (const shape of shapes)
      for (const query of ["", "?x=1", "?page=2", "?_routes=root"])
        for (const cookie of [undefined, "language=ar"]) {
          let target = `${shape}${query}`;
          // Followed as a browser would, a few hops at most: every one stays on this origin.
          for (let hop = 0; hop < 4; hop++) {
            const response = await app.request(`${ORIGIN}${target}`, {
              headers: { ...(cookie ? { Cookie: cookie } : {}) },
            });
            const location = response.headers.get("Location");
            if (location === null) {
              expect([200, 400, 404], target).toContain(response.status);
              break;
            }
            redirects++;
            expect(location, target).toMatch(/^\/(?![/\\])/);
            expect(new URL(location, `${ORIGIN}${target}`).origin, target).toBe(ORIGIN);
            target = location;
          }
        }
    expect(redirects).toBeGreaterThan(shapes.length);
    // None of them is a page: the one not-found page of each language, rendered once.
    expect(rendered.filter((page) => !page.endsWith(".data")).toSorted()).toEqual(
      expect.arrayContaining(["/__not-found/page"]),
    );
  });

  it("answers another spelling of a page with its one address, and counts only that", async () => {
    const { app, rendered } = site();
    const spellings: [string, string][] = [
      ["/ABOUT", "/about"],
      ["/About/", "/about"],
      ["/%61bout", "/about"],
      ["/%61%62out", "/about"],
      ["/about/", "/about"],
      ["/about//", "/about"],
      ["//about", "/about"],
      ["/AR/ABOUT", "/ar/about"],
      ["/ar/", "/ar"],
      ["/Ar", "/ar"],
      ["/aRtIcLeS?page=1", "/articles"],
      ["/ar/about/?utm_source=x", "/ar/about"],
      ["/ar/articles/%d9%85", "/ar/articles/%D9%85"],
      // React Router's data requests, held to the page's own parameters and the routes asked for.
      ["/articles.data?x=5d0c4c33-1c3b-4e55-9c58-1b7c4c9e1f00", "/articles.data"],
      ["/ABOUT.data", "/about.data"],
      ["/_root.data?_routes=root&x=1", "/_root.data?_routes=root"],
      ["/articles.data?_routes=root%2Carticles&page=2", "/articles.data?page=2&_routes=root%2Carticles"],
    ];
    for (const [target, canonical] of spellings) {
      const response = await app.request(target, { headers: { "User-Agent": BROWSER } });
      expect(response.status, target).toBe(301);
      expect(response.headers.get("Location"), target).toBe(canonical);
    }
    expect(rendered).toEqual([]);
    // A page's address as the site writes it is answered as it is.
    for (const target of ["/about", "/ar", "/articles.data?page=2&_routes=root%2Carticles"]) {
      const response = await app.request(target, { headers: { "User-Agent": BROWSER } });
      expect(response.status, target).toBe(200);
    }
    // However many spellings are asked for, the day's counts name the site's own addresses only.
    for (let i = 0; i < 50; i++)
      for (const target of [`/ABOUT?v=${i}`, `/%61bout/?${i}`, `/no-such-page-${i}`, `/ar/x/${i}`])
        await app.request(target, { headers: { "User-Agent": BROWSER } });
    await app.services.visits.flush();
    const pages = await database()
      .db.select({ key: visitCounts.key })
      .from(visitCounts)
      .where(eq(visitCounts.kind, "page"));
    expect(pages.map((row) => row.key).toSorted()).toEqual(["/about", "/ar", "/articles"]);
  });

  it("answers every address that names no page with its language's one kept 404", async () => {
    const { app, rendered } = site();
    const english: string[] = [];
    const arabic: string[] = [];
    for (let i = 0; i < 20; i++) {
      for (const [target, bodies] of [
        [`/nope/page-${i}`, english],
        [`/a/b-${i}`, english],
        [`/projects/x/${i}`, english],
        [`/ar/nope-${i}`, arabic],
        [`/ar/a/b/${i}`, arabic],
      ] as const) {
        const response = await app.request(target);
        expect(response.status, target).toBe(404);
        bodies.push(await response.text());
      }
    }
    expect(new Set(english).size).toBe(1);
    expect(new Set(arabic).size).toBe(1);
    expect(english[0]).not.toBe(arabic[0]);
    expect(rendered.toSorted()).toEqual(["/__not-found/page", "/ar/__not-found/page"]);
    // A real page is not taken for one.
    expect((await app.request("/about")).status).toBe(200);
    expect(rendered).toContain("/about");
  });

  it("holds each address to a budget of renders no cache answers; other visitors are not held", async () => {
    const { app } = site({ TRUST_PROXY: "1" });
    const from = (address: string, target: string) =>
      app.request(target, { headers: { "X-Forwarded-For": address, "User-Agent": BROWSER } });
    expect((await from("198.51.100.7", "/about")).status).toBe(200);
    // React Router's data requests are rendered every time.
    for (let i = 0; i < RENDER_BUDGET.limit; i++)
      expect((await from("203.0.113.5", i % 2 ? "/about.data" : "/ar/about.data")).status).toBe(200);
    const held = await from("203.0.113.5", "/ar/about.data");
    expect(held.status).toBe(429);
    expect(held.headers.get("Retry-After")).toBe(String(RENDER_BUDGET.windowMs / 1000));
    expect(await held.text()).toBe(apiErrorText("ar", "pagesLimited"));
    // Kept pages are answered still; another visitor is rendered for.
    expect((await from("203.0.113.5", "/about")).status).toBe(200);
    expect((await from("198.51.100.7", "/about.data")).status).toBe(200);
  });
});
