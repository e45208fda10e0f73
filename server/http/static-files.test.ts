import { writeFileSync } from "node:fs";
import path from "node:path";
import http from "node:http";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "#server/kernel/env.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { startServer, type RunningServer } from "#server/runtime.ts";
import { makeApp } from "#tests/helpers/app.ts";
import { makeBuiltClient } from "#tests/helpers/built-client.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";

// Hashed assets (decision 008): in the encoding the build made for the browser's Accept-Encoding, never compressed
// per request, with a year's caching and without the page headers, answered before the app.

const { clientDir, script, font, remove } = makeBuiltClient("sira-client-");
afterAll(remove);

describe("hashed assets", () => {
  // Answered before the app by the running server (as React Router's server template does): through its socket.
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer({
      env: loadEnv({ PORT: "0", HOST: "127.0.0.1", LOG_REQUESTS: "1" }),
      logger: createMemoryLogger(),
      inMemory: true,
      clientDir,
      output: { write: () => true },
    });
  });
  afterAll(() => running.close());
  const get = (url: string, encoding?: string, method = "GET") =>
    fetch(`${running.url}${url}`, { method, headers: { "Accept-Encoding": encoding ?? "identity" } });
  /** A request with its path as written (fetch would resolve `..` before sending). */
  const raw = (target: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port: running.port, path: target }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      request.on("error", reject);
    });
  const database = useTestDatabase(backends[0]!);
  const appWithClient = () => makeApp(database(), {}, { clientDir }).app;

  it("answers brotli, then gzip, then the file itself, by what the browser accepts", async () => {
    const br = await get("/assets/entry-Ab12Cd.js", "gzip, deflate, br, zstd");
    expect(br.headers.get("content-encoding")).toBe("br");
    const gzip = await get("/assets/entry-Ab12Cd.js", "gzip, deflate");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const plain = await get("/assets/entry-Ab12Cd.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    // fetch takes the compression off: each answer is the script itself.
    for (const response of [br, gzip, plain]) {
      expect(Buffer.from(await response.arrayBuffer()).equals(script)).toBe(true);
      expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      // Nothing else: the document headers are for pages, and the app (its request ids and log) is not reached.
      expect(
        [...response.headers.keys()]
          .filter((name) => !["connection", "date", "keep-alive"].includes(name))
          .sort(),
      ).toEqual(
        [
          "cache-control",
          "content-length",
          "content-type",
          "last-modified",
          "vary",
          ...(response === plain ? [] : ["content-encoding"]),
        ].sort(),
      );
    }
    const length = (await get("/assets/entry-Ab12Cd.js", "br", "HEAD")).headers.get("content-length");
    expect(length).toBe(String(brotliCompressSync(script).length));
  });

  it("sends a file that has no compressed copy as it is, and HEAD without a body", async () => {
    const woff = await get("/assets/cairo-Zz99.woff2", "br, gzip");
    expect(woff.headers.get("content-encoding")).toBeNull();
    expect(woff.headers.get("content-type")).toBe("font/woff2");
    expect(Buffer.from(await woff.arrayBuffer()).equals(font)).toBe(true);
    const head = await get("/assets/entry-Ab12Cd.js", "br", "HEAD");
    expect(head.status).toBe(200);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers a missing asset with a plain 404, without looking further", async () => {
    for (const url of ["/assets/nope.js", "/assets/../../etc/passwd", "/assets/%2e%2e/%2e%2e/etc/passwd"]) {
      expect(await raw(url), url).toBe(404);
    }
    const missing = await get("/assets/nope.js");
    expect(await missing.text()).toBe("Not found");
    // The app alone (no built files) knows no asset.
    expect((await makeApp(database(), {}, {}).app.request("/assets/entry-Ab12Cd.js")).status).toBe(404);
  });

  it("serves the other built files with the security headers, images for a week and the rest for an hour", async () => {
    writeFileSync(path.join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    writeFileSync(path.join(clientDir, "humans.txt"), "Mona\n");
    const image = await appWithClient().request("/favicon.svg");
    expect(image.headers.get("cache-control")).toBe("public, max-age=604800, stale-while-revalidate=86400");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await appWithClient().request("/humans.txt");
    expect(text.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await text.text()).toBe("Mona\n");
  });
});
