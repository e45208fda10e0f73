import { describe, expect, it } from "vitest";
import { makeApp, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";

// The request log (docs/architecture.md "Logs"): one line per request with method, path, status, duration and
// the request id the response echoes; never a query string, a cookie or a password.

const [pglite] = backends;

interface RequestLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

describe("the request log", () => {
  const database = useTestDatabase(pglite!);

  const requestLines = (lines: string[]) =>
    lines
      .filter((line) => /^(info|error) request \{/.test(line))
      .map((line) => JSON.parse(line.slice(line.indexOf("{"))) as RequestLine);

  it("has one line per request with its id, which the response echoes", async () => {
    const { app, logger } = makeApp(database(), { LOG_REQUESTS: "1" });
    const response = await app.request("/api/projects?secret-search=mine");
    expect(response.status).toBe(200);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = requestLines(logger.lines);
    expect(line).toEqual({
      requestId: id,
      method: "GET",
      path: "/api/projects",
      status: 200,
      ms: expect.any(Number) as number,
    });
    expect(logger.lines.join("\n")).not.toContain("secret-search");
  });

  it("keeps a visitor's id only behind a trusted proxy", async () => {
    const { app, logger } = makeApp(database(), { LOG_REQUESTS: "1" });
    const given = await app.request("/healthz", { headers: { "X-Request-Id": "chosen-by-a-visitor" } });
    const id = given.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines(logger.lines).map((line) => line.requestId)).toEqual([id]);
    expect(logger.lines.join("\n")).not.toContain("chosen-by-a-visitor");
  });

  it("keeps a load balancer's id, and replaces one that is not a plain token", async () => {
    const { app, logger } = makeApp(database(), { LOG_REQUESTS: "1", TRUST_PROXY: "1" });
    const kept = await app.request("/healthz", { headers: { "X-Request-Id": "lb-7f3a=9" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a=9");
    const replaced = await app.request("/healthz", { headers: { "X-Request-Id": 'x"} {"forged":1' } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines(logger.lines).map((line) => line.requestId)).toEqual([
      "lb-7f3a=9",
      replaced.headers.get("x-request-id"),
    ]);
  });

  it("never logs a password, a cookie or a session", async () => {
    const { app, logger } = makeApp(database(), { LOG_REQUESTS: "1" });
    const cookie = await signIn(app, database());
    await app.request("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password: "a wrong pass phrase here" }),
    });
    await app.request("/api/messages", { headers: { Cookie: cookie } });
    const all = logger.lines.join("\n");
    expect(all).not.toContain("a wrong pass phrase here");
    expect(all).not.toContain(cookie.split("=")[1]);
    expect(requestLines(logger.lines).map((line) => `${line.method} ${line.path} ${line.status}`)).toEqual([
      "POST /api/auth/login 200",
      "POST /api/auth/login 401",
      "GET /api/messages 200",
    ]);
  });

  it("echoes the id on pages, files and errors too", async () => {
    const { app } = makeApp(database(), { LOG_REQUESTS: "0", TRUST_PROXY: "1" });
    for (const url of ["/no-such-page", "/storage/portfolio_images/projects/1_a.png", "/api/nothing"]) {
      const response = await app.request(url, { headers: { "X-Request-Id": "trace-42" } });
      expect(response.headers.get("x-request-id"), url).toBe("trace-42");
    }
  });

  it("logs nothing per request with LOG_REQUESTS=0, and still gives every response an id", async () => {
    const { app, logger } = makeApp(database(), { LOG_REQUESTS: "0" });
    const response = await app.request("/healthz");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines(logger.lines)).toEqual([]);
  });
});
