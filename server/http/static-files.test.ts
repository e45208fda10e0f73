import { writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { makeApp } from "#tests/helpers/app.ts";
import { makeBuiltClient } from "#tests/helpers/built-client.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";

// Hashed assets (decision 008): in the encoding the build made for the browser's Accept-Encoding, never compressed
// per request, with a year's caching and without the page headers.

const { clientDir, script, font, remove } = makeBuiltClient("sira-client-");
afterAll(remove);

describe("hashed assets", () => {
  const database = useTestDatabase(backends[0]!);
  const app = () => makeApp(database(), {}, {}).app;
  const get = (url: string, encoding?: string, method = "GET") =>
    appWithClient().request(url, { method, headers: encoding ? { "Accept-Encoding": encoding } : {} });
  const appWithClient = () => {
    const made = makeApp(database(), {}, { clientDir });
    return made.app;
  };

  it("answers brotli, then gzip, then the file itself, by what the browser accepts", async () => {
    const br = await get("/assets/entry-Ab12Cd.js", "gzip, deflate, br, zstd");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(script)).toBe(true);
    const gzip = await get("/assets/entry-Ab12Cd.js", "gzip, deflate");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(script)).toBe(true);
    const plain = await get("/assets/entry-Ab12Cd.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(script)).toBe(true);
    for (const response of [br, gzip, plain]) {
      expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      // Nothing else: the document headers are for pages.
      expect([...response.headers.keys()].sort()).toEqual(
        [
          "cache-control",
          "content-length",
          "content-type",
          "last-modified",
          "vary",
          "x-request-id",
          ...(response === plain ? [] : ["content-encoding"]),
        ].sort(),
      );
    }
    expect(br.headers.get("content-length")).toBe(String(brotliCompressSync(script).length));
  });

  it("names the request like every other answer", async () => {
    const behindProxy = makeApp(database(), { TRUST_PROXY: "1" }, { clientDir }).app;
    const given = await behindProxy.request("/assets/entry-Ab12Cd.js", {
      headers: { "X-Request-Id": "lb-7f3a=9" },
    });
    expect(given.headers.get("x-request-id")).toBe("lb-7f3a=9");
    const logged = makeApp(database(), { LOG_REQUESTS: "1" }, { clientDir });
    const response = await logged.app.request("/assets/entry-Ab12Cd.js?v=2");
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged.logger.lines.some((line) => line.includes(`"requestId":"${id}"`))).toBe(true);
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
      const response = await get(url, "br");
      expect(response.status, url).toBe(404);
    }
    expect((await app().request("/assets/entry-Ab12Cd.js")).status).toBe(404);
  });

  it("serves the other built files with the security headers, images for a week and the rest for an hour", async () => {
    writeFileSync(path.join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    writeFileSync(path.join(clientDir, "humans.txt"), "Mona\n");
    const image = await get("/favicon.svg");
    expect(image.headers.get("cache-control")).toBe("public, max-age=604800, stale-while-revalidate=86400");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await get("/humans.txt");
    expect(text.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await text.text()).toBe("Mona\n");
  });
});
