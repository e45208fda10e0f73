import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { visitCounts } from "#db/schema.ts";
import { standInPages } from "#tests/helpers/pages.ts";
import { loadEnv } from "./kernel/env.ts";
import { createMemoryLogger } from "./kernel/logger.ts";
import { startServer, type RunningServer } from "./runtime.ts";

// The running server through its socket: requests written by hand, so that nothing adds a length the test did not
// ask for (a request with neither Content-Length nor Transfer-Encoding has no body, RFC 9112 §6.3); and what its
// first start shows the owner.

let running: RunningServer;
const shown: string[] = [];
const logger = createMemoryLogger();
beforeAll(async () => {
  running = await startServer({
    env: loadEnv({ PORT: "0", HOST: "127.0.0.1", LOG_REQUESTS: "0" }),
    logger,
    inMemory: true,
    output: { write: (text: string) => shown.push(text) },
  });
});
afterAll(async () => {
  await running.close();
});

interface Answer {
  status: number;
  body: string;
}

/** Writes `requests` on one connection and reads the answers in order (each request names its body's length). */
function exchange(requests: string[]): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(running.port, "127.0.0.1");
    let received = Buffer.alloc(0);
    const answers: Answer[] = [];
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(
        new Error(`no answer after ${answers.length} of ${requests.length}: ${received.toString("latin1")}`),
      );
    });
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const end = received.indexOf("\r\n\r\n");
        if (end < 0) return;
        const head = received.subarray(0, end).toString("latin1");
        const length = Number(/^content-length: *(\d+)$/im.exec(head)?.[1] ?? "0");
        if (received.length < end + 4 + length) return;
        answers.push({
          status: Number(head.slice(9, 12)),
          body: received.subarray(end + 4, end + 4 + length).toString("utf8"),
        });
        received = received.subarray(end + 4 + length);
        if (answers.length === requests.length) {
          socket.end();
          resolve(answers);
          return;
        }
      }
    });
    socket.write(requests.join(""));
  });
}

const request = (line: string, headers: string[], body = "") =>
  [line, "Host: 127.0.0.1", ...headers, "", body].join("\r\n");

describe("a request without a length", () => {
  it("is answered as one with an empty body, and the next request on the connection too", async () => {
    const cases = [
      ["POST /f/contact HTTP/1.1", ["Content-Type: application/json"]],
      ["POST /api/projects HTTP/1.1", ["Content-Type: application/json", "Origin: http://127.0.0.1"]],
      ["DELETE /api/projects/1 HTTP/1.1", []],
    ] as const;
    for (const [line, headers] of cases) {
      const [withoutLength, health] = await exchange([
        request(line, [...headers]),
        request("GET /healthz HTTP/1.1", []),
      ]);
      const [withEmptyBody] = await exchange([request(line, [...headers, "Content-Length: 0"])]);
      expect(withoutLength, line).toEqual(withEmptyBody);
      expect(withoutLength!.status, line).toBeGreaterThanOrEqual(400);
      expect(withoutLength!.status, line).toBeLessThan(500);
      expect(health!.status, line).toBe(200);
    }
  });

  it("still reads a body sent in chunks, as the same body sent with its length", async () => {
    const json =
      '{"name":"هدى","email":"huda@example.com","subject":"عمل","message":"مرحبا، أود العمل معك."}';
    const bytes = Buffer.byteLength(json);
    const chunked = `${bytes.toString(16)}\r\n${json}\r\n0\r\n\r\n`;
    const [inChunks, after] = await exchange([
      request(
        "POST /f/contact HTTP/1.1",
        ["Content-Type: application/json", "Transfer-Encoding: chunked"],
        chunked,
      ),
      request("GET /healthz HTTP/1.1", []),
    ]);
    const [withLength] = await exchange([
      request(
        "POST /f/contact HTTP/1.1",
        ["Content-Type: application/json", `Content-Length: ${bytes}`],
        json,
      ),
    ]);
    expect(inChunks).toEqual(withLength);
    // The body was read: a missing one is refused (the test above), this one is taken (the second time as a
    // duplicate of the first).
    expect(inChunks!.status).toBe(200);
    expect(JSON.parse(inChunks!.body)).toMatchObject({ ok: true });
    expect(after!.status).toBe(200);
  });
});

/** One request with its target and headers as given (no URL parsing on the way): status, headers and body. */
function rawRequest(target: string, headers: Record<string, string>, port = running.port) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const sent = http.request(
        { host: "127.0.0.1", port, path: target, headers, setHost: false, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
        },
      );
      sent.on("error", reject);
      sent.end();
    },
  );
}

describe("an address the Node adapter cannot read", () => {
  it.each([
    ["a backslash in the path", "/api/a\\b", "127.0.0.1"],
    ["a Host that is no host", "/api/projects", "[::"],
  ])(
    "with %s: answered as every malformed address, in the visitor's language, with the security headers",
    async (_case, target, host) => {
      for (const language of ["en", "ar"] as const) {
        const cookie = `language=${language}`;
        const answer = await rawRequest(target, { Host: host, Cookie: cookie });
        // A malformed address the adapter does read: percent-encoding of no UTF-8 (docs/product.md §20).
        const reference = await rawRequest("/api/a%FFb", { Host: "127.0.0.1", Cookie: cookie });
        expect(reference.status).toBe(400);
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({ error: apiErrorText(language, "invalidAddress") });
        expect(answer.body).toBe(reference.body);
        expect(Object.keys(answer.headers).sort()).toEqual(Object.keys(reference.headers).sort());
        for (const name of [
          "content-security-policy",
          "x-content-type-options",
          "x-frame-options",
          "referrer-policy",
        ])
          expect(answer.headers[name], name).toBe(reference.headers[name]);
      }
      expect((await rawRequest("/healthz", { Host: "127.0.0.1" })).status).toBe(200);
    },
  );
});

describe("page views through the Node server", () => {
  it("are counted through the Node server: a browser once, a robot or one that opted out never", async () => {
    const pages = await startServer({
      env: loadEnv({ PORT: "0", HOST: "127.0.0.1", LOG_REQUESTS: "0" }),
      logger: createMemoryLogger(),
      inMemory: true,
      ssr: standInPages().ssr,
      output: { write: () => undefined },
    });
    try {
      const browser = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1";
      const views: Record<string, string>[] = [
        { "User-Agent": browser, Referer: "https://m.facebook.com/" },
        { "User-Agent": browser, Referer: `${pages.url}/projects`, "Sec-Fetch-Site": "same-origin" },
        { "User-Agent": browser, DNT: "1" },
        { "User-Agent": browser, "Sec-GPC": "1" },
        { "User-Agent": browser, "Sec-Purpose": "prefetch" },
        { "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" },
      ];
      for (const headers of views) expect((await fetch(`${pages.url}/about`, { headers })).status).toBe(200);
      // A fragment, which no browser sends but anyone can, is no part of the page counted.
      const fragment = await rawRequest(
        "/about#part",
        { Host: "127.0.0.1", "User-Agent": browser },
        pages.port,
      );
      expect(fragment.status).toBe(200);
      await pages.visits.flush();
      const rows = await pages.database.db.select().from(visitCounts);
      expect(rows.map((row) => `${row.kind} ${row.key} ${row.views}`).sort()).toEqual([
        "device mobile 3",
        "language en 3",
        "page /about 3",
        "referrer m.facebook.com 1",
        "source direct 1",
        "source social 1",
      ]);
    } finally {
      await pages.close();
    }
  });
});

describe("the first start without ADMIN_PASSWORD", () => {
  it("shows the generated password once, in a block of its own that says so, and logs none of it", () => {
    expect(shown).toHaveLength(1);
    const password = /Password: +([A-Za-z0-9]{20})\n/.exec(shown[0]!)?.[1];
    expect(password).toBeDefined();
    expect(shown[0]).toContain("It is shown only this once and will not be shown again");
    expect(shown[0]).toContain(`Admin page:  ${running.url}/admin-mh2025`);
    expect(logger.lines.join("\n")).not.toContain(password!);
  });
});

describe("an upload the owner cancels", () => {
  it("is logged as aborted at info, not as a failure of the server", async () => {
    const password = /Password: +([A-Za-z0-9]{20})\n/.exec(shown[0]!)![1]!;
    const login = await fetch(`${running.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const before = logger.lines.length;
    // Half an image in chunks, then the connection closes.
    await new Promise<void>((resolve) => {
      const socket = net.connect(running.port, "127.0.0.1", () => {
        const part = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${"x".repeat(50_000)}`;
        socket.write(
          `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
            `Content-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n` +
            `${part.length.toString(16)}\r\n${part}\r\n`,
        );
        setTimeout(() => socket.destroy(), 300);
        socket.on("close", () => resolve());
      });
    });
    await expect
      .poll(() => logger.lines.slice(before).join("\n"), { timeout: 10_000 })
      .toContain("info request aborted by the client");
    expect(logger.lines.slice(before).filter((line) => line.startsWith("error"))).toEqual([]);
  });
});
