import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SERVER_ENV_PREFIX, SERVER_NODE_FLAGS } from "#scripts/server-flags.ts";
import { logEntries, startServerProcess as startServer, waitForHealth } from "./processes.ts";
import { freePort } from "#tools/local.ts";

// The server as an owner runs it: `node <the flags of npm start> server.js` with the built app, a real data folder on
// disk, real signals. No browser needed.

const root = path.resolve(import.meta.dirname, "../..");

const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};
const ENV_FILE_FLAG = "--env-file-if-exists=.env";

test("starts with the same Node flags and allocator settings as `npm start`, which with `npm run dev` reads a .env file", () => {
  expect(scripts.start).toContain(
    `&& ${SERVER_ENV_PREFIX} node ${ENV_FILE_FLAG} ${SERVER_NODE_FLAGS.join(" ")} server.js`,
  );
  expect(scripts.dev).toContain(`node ${ENV_FILE_FLAG} server.js --dev`);
});

let dataDir: string;
test.beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "sira-process-"));
});
test.afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

test("serves pages from a new data folder, refuses a second server on it, and shuts down cleanly on SIGTERM", async () => {
  const nested = path.join(dataDir, "does", "not", "exist");
  const port = await freePort();
  const first = startServer({ PORT: String(port), DATA_DIR: nested, LOG_REQUESTS: "1" });
  try {
    await waitForHealth(port, first);
    const page = await fetch(`http://127.0.0.1:${port}/?q=not-logged`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="en" dir="ltr"');
    // The log is JSON lines (docs/architecture.md "Logs"), one per request, naming the id the response echoes.
    const id = page.headers.get("x-request-id");
    await expect.poll(() => logEntries(first.output()).some((entry) => entry.requestId === id)).toBe(true);
    const entries = logEntries(first.output());
    expect(entries.every((entry) => typeof entry.time === "string" && typeof entry.msg === "string")).toBe(
      true,
    );
    expect(entries.find((entry) => entry.requestId === id)).toMatchObject({
      level: 30,
      msg: "request",
      method: "GET",
      path: "/",
      status: 200,
    });
    expect(entries.find((entry) => String(entry.msg).startsWith("Sira is listening"))).toMatchObject({
      database: "pglite",
      storage: "disk",
    });
    expect(first.output()).not.toContain("not-logged");
    // The stored page and a hashed asset, answered before the app (decision 028), are logged the same way.
    // (The stylesheet is inline since decision 030: a hashed script the page names is the asset.)
    const script = /"(\/assets\/[^"]+\.js)"/.exec(
      await (await fetch(`http://127.0.0.1:${port}/`)).text(),
    )?.[1];
    expect(script).toBeDefined();
    for (const target of ["/", script!]) {
      const again = await fetch(`http://127.0.0.1:${port}${target}`, {
        headers: { "X-Request-Id": `again-${target.length}` },
      });
      expect(again.status).toBe(200);
      expect(again.headers.get("x-request-id")).toBe(`again-${target.length}`);
      await expect
        .poll(() => logEntries(first.output()).find((entry) => entry.requestId === `again-${target.length}`))
        .toMatchObject({ level: 30, msg: "request", method: "GET", path: target, status: 200 });
    }
    expect(existsSync(path.join(nested, "sira.lock"))).toBe(true);
    // Without SITE_URL, absolute addresses use each request's origin: said once, at start.
    expect(first.output().match(/SITE_URL is not set/g)).toHaveLength(1);

    const second = startServer({ PORT: String(await freePort()), DATA_DIR: nested });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is already using the data folder ${nested}`);

    // The first server is untouched by the refused one.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  } finally {
    first.child.kill("SIGTERM");
  }
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain("SIGTERM received");
  expect(existsSync(path.join(nested, "sira.lock"))).toBe(false);

  // The folder opens again after the clean shutdown.
  const again = startServer({ PORT: String(port), DATA_DIR: nested });
  try {
    await waitForHealth(port, again);
  } finally {
    again.child.kill("SIGINT");
  }
  expect(await again.exited).toBe(0);
});

test("finishes a request that is in flight when SIGTERM arrives", async () => {
  const port = await freePort();
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir });
  await waitForHealth(port, server);
  // Signal once the server has the request (its headers are back, the streamed body is not read yet): a
  // signal sent before the connection is accepted races with the listener closing, and the fetch fails.
  const response = await fetch(`http://127.0.0.1:${port}/articles`);
  server.child.kill("SIGTERM");
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("</html>");
  expect(await server.exited).toBe(0);
});

test("the first start without ADMIN_PASSWORD prints a generated password once, and it signs in", async () => {
  const port = await freePort();
  const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
  let password: string | undefined;
  try {
    await waitForHealth(port, first);
    password = /Password: +([A-Za-z0-9]+)/.exec(first.output())?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password }),
    });
    expect(signIn.status).toBe(200);
  } finally {
    first.child.kill("SIGTERM");
  }
  expect(await first.exited).toBe(0);

  const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
  try {
    await waitForHealth(port, second);
    expect(second.output()).not.toContain("Password:");
    expect(second.output()).not.toContain(password!);
  } finally {
    second.child.kill("SIGTERM");
  }
  expect(await second.exited).toBe(0);
});

async function signInStatus(port: number, password: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password }),
  });
  return response.status;
}

test("`npm run dev` serves the sources with the configured password, real visitor addresses and a clean stop", async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  const password = "a development pass phrase";
  const dev = startServer({ PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: password }, [
    "server.js",
    "--dev",
  ]);
  try {
    // Vite prepares its dependencies on the first start: slower than the built server.
    await waitForHealth(port, dev, 80_000);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="en" dir="ltr"');
    expect((await fetch(`http://127.0.0.1:${port}/admin-mh2025`)).status).toBe(200);
    // A fresh data folder takes ADMIN_PASSWORD, as `npm start` does.
    expect(await signInStatus(port, password)).toBe(200);
    // The sign-in limit counts this visitor's address, not "unknown".
    expect(await signInStatus(port, "not the password at all")).toBe(401);
    // Development logs are pino-pretty's readable lines, not JSON.
    await expect.poll(() => dev.output()).toMatch(/address: "127\.0\.0\.1"/);
    expect(dev.output()).not.toContain('address: "unknown"');
    expect(dev.output()).not.toMatch(/^\{"level"/m);
  } finally {
    dev.child.kill("SIGTERM");
  }
  expect(await dev.exited).toBe(0);
  expect(dev.output()).toContain("SIGTERM received: finishing open requests and closing the database");
  expect(existsSync(path.join(dataDir, "sira.lock"))).toBe(false);
});

test("a .env file in the folder the server starts from is read; the environment wins over it", async () => {
  const port = await freePort();
  const otherPort = await freePort();
  const password = "a pass phrase from the file";
  writeFileSync(
    path.join(dataDir, ".env"),
    [
      `PORT=${otherPort}`,
      `ADMIN_PASSWORD=${password}`,
      "DATA_DIR=./from-env-file",
      "LOG_REQUESTS=0",
      "",
    ].join("\n"),
  );
  // As `npm start` runs it, from a folder holding a .env file; PORT is also set in the environment.
  const server = startServer(
    { PORT: String(port) },
    [ENV_FILE_FLAG, ...SERVER_NODE_FLAGS, path.join(root, "server.js")],
    dataDir,
  );
  try {
    await waitForHealth(port, server);
    expect(await signInStatus(port, password)).toBe(200);
    expect(existsSync(path.join(dataDir, "from-env-file", "sira.lock"))).toBe(true);
  } finally {
    server.child.kill("SIGTERM");
  }
  expect(await server.exited).toBe(0);
});

test.describe("a bad environment stops the start with a message naming the variable", () => {
  const cases: [Record<string, string>, string][] = [
    [{ PORT: "eighty" }, "PORT must be a whole number between 0 and 65535"],
    [{ PORT: "70000" }, "PORT must be a whole number between 0 and 65535"],
    [{ DATABASE_URL: "mysql://localhost/sira" }, "DATABASE_URL must be a postgres:// or postgresql:// URL"],
    [{ SITE_URL: "example.com" }, "SITE_URL must be an absolute http:// or https:// URL"],
    [{ SAMPLE_PROJECTS: "maybe" }, "SAMPLE_PROJECTS must be on or off"],
    [{ PAGE_CACHE_SECONDS: "-1" }, "PAGE_CACHE_SECONDS must be a whole number of seconds from 0 to 3600"],
    [{ ADMIN_PASSWORD: "too-short" }, "ADMIN_PASSWORD must have at least 12 characters"],
  ];
  for (const [env, message] of cases) {
    test(`${Object.keys(env).join(", ")}=${Object.values(env).join(", ")}`, async () => {
      const server = startServer({ DATA_DIR: dataDir, ...env });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(message);
      expect(server.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
    });
  }
});
