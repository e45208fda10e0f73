import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import fc from "fast-check";
import type { RouterContextProvider } from "react-router";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { readPreferences } from "#core/preferences.ts";
import { appListener, SERVER_OPTIONS } from "#server/runtime.ts";
import { nonceContext } from "#server/ssr/context.ts";
import { createPageCache } from "#server/ssr/page-cache.ts";
import { makeApp } from "#tests/helpers/app.ts";
import { makeBuiltClient } from "#tests/helpers/built-client.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";

// Decision 028: hashed assets and stored pages are answered in the Node listener, before the app. Whatever is
// asked, the answer must be the one the app gives: the same status, headers (but the date and a generated request
// id) and bytes, the same request log line; and what the app would not serve from memory (a malformed address,
// a page while the page cache is paused, HEAD of a page, an encoding the stored copies lack) is left to it.
// Two servers share one app: one listens as the production server does (`appListener`), the other hands every
// request to the app. Pages are rendered by a stand-in for React Router that writes the request's nonce into
// inline scripts, as React Router does, and depends on the address, the theme cookie and the origin.

const { clientDir, remove } = makeBuiltClient("sira-fast-path-");
afterAll(remove);

const PAGES = new Set(["/", "/about", "/ar", "/ar/about", "/projects", "/articles"]);

/** Renders like React Router: the nonce in every inline script and the hydration data; 404 for other paths. */
function render(request: Request, context: RouterContextProvider): Promise<Response> {
  const url = new URL(request.url);
  const nonce = context.get(nonceContext);
  const { theme } = readPreferences(request.headers.get("Cookie"));
  const language = url.pathname === "/ar" || url.pathname.startsWith("/ar/") ? "ar" : "en";
  const status = PAGES.has(url.pathname) ? 200 : 404;
  const html =
    `<!DOCTYPE html><html lang="${language}" class="${theme}"><head>` +
    `<link rel="canonical" href="${url.origin}${url.pathname}">` +
    `<script nonce="${nonce}">window.__context = ${JSON.stringify({ nonce, page: url.pathname, status })};</script>` +
    `</head><body><main>${`${url.pathname} سلام، hello. `.repeat(150)}</main>` +
    `<script nonce="${nonce}">hydrate(${JSON.stringify(url.search)})</script></body></html>`;
  return Promise.resolve(
    new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } }),
  );
}

interface Sent {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Asked {
  method: string;
  path: string;
  headers: Record<string, string>;
}

function send(port: number, agent: http.Agent, asked: Asked): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, agent, method: asked.method, path: asked.path, headers: asked.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What two answers must share: every header but the date and the request id; and the body's bytes, except that a
 * page rendered for the request (its policy names a nonce) is compared decoded, with its nonce taken out.
 */
function comparable(sent: Sent) {
  const headers = { ...sent.headers };
  delete headers.date;
  delete headers["x-request-id"];
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  if (!nonce) return { status: sent.status, headers, body: sent.body };
  headers["content-security-policy"] = headers["content-security-policy"]!.replaceAll(nonce, "N");
  if (sent.body.length === 0) return { status: sent.status, headers, body: sent.body };
  const decode = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }[
    headers["content-encoding"] ?? ""
  ];
  const text = (decode ? decode(sent.body) : sent.body).toString("utf8");
  return { status: sent.status, headers, body: text.replaceAll(nonce, "N") };
}

const HOSTS = ["localhost", "a.example:8080", "Example.COM", "127.0.0.1"];

const asked: fc.Arbitrary<Asked> = fc
  .record({
    method: fc.constantFrom("GET", "GET", "GET", "HEAD"),
    // The usual requests twice as often as the odd ones.
    path: fc.oneof(
      {
        weight: 2,
        arbitrary: fc.constantFrom(...PAGES, "/assets/entry-Ab12Cd.js", "/assets/cairo-Zz99.woff2"),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "/articles?page=2",
          "/about?utm_source=x",
          "/missing",
          "/admin-test",
          "/about.data",
          "/about/",
          "//about",
          "/x/../about",
          "/%61bout",
          "/about%ZZ",
          "/about%00",
          "/ar/%D8%B3",
          "/healthz",
          "/assets/entry-Ab12Cd.js?v=1",
          "/assets/missing-Xx.js",
        ),
      },
    ),
    host: fc.constantFrom(...HOSTS),
    acceptEncoding: fc.constantFrom(
      undefined,
      undefined,
      "gzip, deflate, br, zstd",
      "gzip, deflate, br, zstd",
      "gzip",
      "br;q=0, gzip",
      "deflate",
      "identity",
      "*",
      "gzip;q=0",
      "",
    ),
    cookie: fc.constantFrom(
      undefined,
      undefined,
      "theme=dark",
      "language=ar",
      "language=ar; theme=dark",
      "theme=%E0%A4%A",
      "sira_session=not-a-session",
    ),
    requestId: fc.constantFrom(undefined, undefined, "lb-7f3a=9", 'x"} {"forged":1', "x".repeat(129)),
    forwardedProto: fc.constantFrom(undefined, undefined, "https", "http, https"),
  })
  .map(({ method, path, host, acceptEncoding, cookie, requestId, forwardedProto }) => {
    const headers: Record<string, string> = { Host: host };
    if (acceptEncoding !== undefined) headers["Accept-Encoding"] = acceptEncoding;
    if (cookie !== undefined) headers.Cookie = cookie;
    if (requestId !== undefined) headers["X-Request-Id"] = requestId;
    if (forwardedProto !== undefined) headers["X-Forwarded-Proto"] = forwardedProto;
    return { method, path, headers };
  });

interface LogLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

const ENVIRONMENTS: [string, Record<string, string>][] = [
  ["without SITE_URL", {}],
  ["with an https SITE_URL and the request log", { SITE_URL: "https://mona.dev", LOG_REQUESTS: "1" }],
  ["behind a trusted proxy, with the request log", { TRUST_PROXY: "1", LOG_REQUESTS: "1" }],
];

describe.each(ENVIRONMENTS)("the fast path %s", (_name, env) => {
  const database = useTestDatabase(backends[0]!);
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  /** The app, listened to as production does (`front`) and with nothing before it (`app`). */
  async function servers() {
    const pageCache = createPageCache({ ttlMs: 60_000 });
    const made = makeApp(
      database(),
      { ADMIN_PATH: "/admin-test", ...env },
      { clientDir, pageCache, ssr: render },
    );
    const answeredFirst: string[] = [];
    const front = http.createServer(
      SERVER_OPTIONS,
      appListener({
        fetch: made.app.fetch,
        fastPath: (request, response) => {
          const answered = made.app.fastPath(request, response);
          if (answered) answeredFirst.push(`${request.method} ${request.url}`);
          return answered;
        },
      }),
    );
    const toApp = getRequestListener(made.app.fetch);
    const plain = http.createServer((request, response) => void toApp(request, response));
    const ports: number[] = [];
    for (const server of [front, plain]) {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      ports.push((server.address() as AddressInfo).port);
    }
    const agents = [new http.Agent({ keepAlive: true }), new http.Agent({ keepAlive: true })];
    closers.push(async () => {
      for (const agent of agents) agent.destroy();
      for (const server of [front, plain]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
    const requestLines = () =>
      made.logger.lines
        .filter((line) => line.startsWith("info request {") || line.startsWith("error request {"))
        .map((line) => JSON.parse(line.slice(line.indexOf("{"))) as LogLine);
    return {
      ...made,
      pageCache,
      answeredFirst,
      requestLines,
      front: (request: Asked) => send(ports[0]!, agents[0]!, request),
      app: (request: Asked) => send(ports[1]!, agents[1]!, request),
    };
  }

  it("answers as the app does, whatever is asked", async () => {
    const { front, app, answeredFirst, requestLines } = await servers();
    const logging = env.LOG_REQUESTS === "1";
    // Every page stored first, at each address and in each theme, so that any request may meet its copy.
    for (const host of HOSTS)
      for (const page of PAGES)
        for (const cookie of ["theme=light", "theme=dark"])
          await app({ method: "GET", path: page, headers: { Host: host, Cookie: cookie } });
    await fc.assert(
      fc.asyncProperty(asked, async (request) => {
        // The app answers first (and stores the page, if it keeps it); then each answers the same request.
        await app(request);
        const linesBefore = requestLines().length;
        const byApp = await app(request);
        const linesBetween = requestLines().length;
        const fast = answeredFirst.length;
        const byFront = await front(request);
        expect(comparable(byFront), `${request.method} ${request.path}`).toEqual(comparable(byApp));
        // The request id: the caller's when it is a plain token, else a new one; none on a hashed asset that
        // no log line names, unless the caller sent one (decision 035).
        const given = request.headers["X-Request-Id"];
        const expectedId = given === "lb-7f3a=9" ? given : undefined;
        const builtAsset = ["/assets/entry-Ab12Cd.js", "/assets/cairo-Zz99.woff2"].includes(
          request.path.split("?")[0]!,
        );
        for (const sent of [byFront, byApp])
          if (expectedId) expect(sent.headers["x-request-id"]).toBe(expectedId);
          else if (builtAsset && given === undefined && !logging)
            expect(sent.headers["x-request-id"]).toBeUndefined();
          else expect(sent.headers["x-request-id"]).toMatch(UUID);
        // The request log, whoever answered: the same lines (a malformed page's has the not-found page's before
        // its own), the last naming the id the response echoes.
        const withoutIds = (lines: LogLine[]) =>
          lines.map(({ requestId: _id, ...line }) => ({ ...line, ms: 0 }));
        const appLines = requestLines().slice(linesBefore, linesBetween);
        const frontLines = requestLines().slice(linesBetween);
        expect(withoutIds(frontLines)).toEqual(withoutIds(appLines));
        if (logging) {
          expect(frontLines.length).toBeGreaterThan(0);
          expect(frontLines.at(-1)!.requestId).toBe(byFront.headers["x-request-id"]);
        } else expect(frontLines).toEqual([]);
        // Never from memory at the front: a malformed address, HEAD of a page, another encoding, an admin page.
        if (answeredFirst.length > fast) {
          expect(request.path).toMatch(/^[^%?]*$/);
          if (!request.path.startsWith("/assets/")) {
            expect(request.method).toBe("GET");
            expect(byFront.headers["content-security-policy"]).not.toContain("'nonce-");
          }
        }
      }),
      { numRuns: 300 },
    );
    // The usual requests were answered at the front: stored pages and assets, plain and compressed.
    expect(answeredFirst.filter((line) => line.startsWith("GET /assets/")).length).toBeGreaterThan(10);
    expect(
      answeredFirst.filter((line) => /^GET \/(ar|about|projects|articles)?$/.test(line)).length,
    ).toBeGreaterThan(10);
    expect(answeredFirst.some((line) => line.startsWith("HEAD /assets/"))).toBe(true);
  });

  it("answers a stored page and an asset at the front, with no encoding and a browser's", async () => {
    const { front, app, answeredFirst } = await servers();
    for (const encoding of [undefined, "gzip, deflate, br, zstd"]) {
      for (const target of ["/", "/assets/entry-Ab12Cd.js"]) {
        const request = {
          method: "GET",
          path: target,
          headers: { Host: "localhost", ...(encoding ? { "Accept-Encoding": encoding } : {}) },
        };
        await app(request);
        const before = answeredFirst.length;
        const [byApp, byFront] = [await app(request), await front(request)];
        expect(answeredFirst.length, `${target} ${encoding}`).toBe(before + 1);
        expect(comparable(byFront)).toEqual(comparable(byApp));
        expect(byFront.status).toBe(200);
        expect(byFront.headers["content-encoding"]).toBe(encoding ? "br" : undefined);
      }
    }
    const page = await front({ method: "GET", path: "/", headers: { Host: "localhost" } });
    expect(page.headers["content-security-policy"]).toMatch(
      /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+'){2};/,
    );
    expect(page.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(page.headers["strict-transport-security"] !== undefined).toBe(
      env.SITE_URL?.startsWith("https:") ?? false,
    );
  });

  it("serves no page from memory while the page cache is paused, nor a malformed address", async () => {
    const { front, answeredFirst, pageCache } = await servers();
    const home = { method: "GET", path: "/", headers: { Host: "localhost" } };
    await front(home);
    expect((await front(home)).headers["content-security-policy"]).not.toContain("'nonce-");
    const before = answeredFirst.length;
    // The change feed is down: another instance may have changed content unheard.
    pageCache.pause(true);
    const paused = await front(home);
    expect(paused.headers["content-security-policy"]).toContain("'nonce-");
    pageCache.pause(false);
    for (const malformed of ["/about%ZZ", "/about%00", "/about%C3%28"]) {
      await front({ method: "GET", path: "/about", headers: { Host: "localhost" } });
      const refused = await front({ method: "GET", path: malformed, headers: { Host: "localhost" } });
      expect(refused.status, malformed).toBe(404);
      expect(refused.body.toString()).toContain("/__invalid/address");
    }
    expect(answeredFirst.slice(before).filter((line) => !line.endsWith(" /about"))).toEqual([]);
  });
});
