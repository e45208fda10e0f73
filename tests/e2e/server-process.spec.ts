import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { copyProject, logEntries, startServerProcess as startServer, waitForHealth } from "./processes.ts";
import { freePort, serverNodeFlags, startCommand } from "#tests/helpers/machine.ts";
import { recordBuild } from "#scripts/ensure-build.ts";

// The server as an owner runs it: `node server.js` with the built app, a real data folder on disk, real signals.
// No browser needed.

const root = path.resolve(import.meta.dirname, "../..");

const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

test("is started by `npm start` as these tests start it, after a build when one is needed", () => {
  expect(scripts.start).toBe(
    `node scripts/ensure-build.ts && exec env MALLOC_ARENA_MAX=2 node ${serverNodeFlags().join(" ")} server.js`,
  );
  expect(serverNodeFlags()).toEqual(["--liftoff-only", "--max-semi-space-size=2"]);
  // The allocator's setting (decision 003) reaches the server these tests start too.
  expect(startCommand().env).toEqual({ MALLOC_ARENA_MAX: "2" });
  expect(scripts.dev).toBe("node server.js --dev");
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
    // Outside a terminal the log is JSON lines (docs/architecture.md "Logs"); with LOG_REQUESTS one per request,
    // naming the id the response echoes.
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
    // A page from the page cache is logged like any other; a hashed asset is answered before the app, unlogged.
    const script = /"(\/assets\/[^"]+\.js)"/.exec(
      await (await fetch(`http://127.0.0.1:${port}/`)).text(),
    )?.[1];
    expect(script).toBeDefined();
    // Without TRUST_PROXY a caller's own id is replaced by the server's, which the log line names.
    const again = await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Request-Id": "again-1" } });
    expect(again.status).toBe(200);
    const againId = again.headers.get("x-request-id");
    expect(againId).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => logEntries(first.output()).find((entry) => entry.requestId === againId))
      .toMatchObject({ level: 30, msg: "request", method: "GET", path: "/", status: 200 });
    const asset = await fetch(`http://127.0.0.1:${port}${script!}`, {
      headers: { "X-Request-Id": "asset-1" },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("x-request-id")).toBeNull();
    expect(existsSync(path.join(nested, "sira.lock"))).toBe(true);
    // Without SITE_URL, absolute addresses use each request's origin: said once, at start. Nothing about the
    // .env file that is not there.
    expect(first.output().match(/SITE_URL is not set/g)).toHaveLength(1);
    expect(first.output()).not.toContain(".env");

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

test("`npm start` stops on SIGTERM, and a command run without its DATA_DIR names the folder it uses", async () => {
  test.setTimeout(180_000);
  // A copy of the project with this build, recorded as its own: `npm start` there serves without building.
  const project = copyProject(dataDir);
  cpSync(path.join(root, "build"), path.join(project, "build"), { recursive: true });
  recordBuild(project);
  const siteData = path.join(dataDir, "site");
  const port = await freePort();
  const npm = startServer(
    { PORT: String(port), DATA_DIR: siteData, HOME: dataDir },
    ["start"],
    project,
    "npm",
  );
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => true,
      () => false,
    );
  try {
    await waitForHealth(port, npm, 90_000);
    // As the README's cron line runs it: from the project's folder, without the service's DATA_DIR.
    const backup = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        "npm",
        ["run", "backup", "--", path.join(dataDir, "site.zip")],
        { cwd: project, env: { PATH: process.env.PATH, HOME: dataDir } },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
      );
    });
    expect(backup.stderr).toContain(`There is no Sira site in ${path.join(project, "data", "pglite")}`);
    expect(backup.stderr).toContain(`with its data in ${siteData}: run this again with DATA_DIR=${siteData}`);
    expect(backup.code).not.toBe(0);
    expect(existsSync(path.join(project, "data"))).toBe(false);

    // A process manager or a shell's `kill` signals npm's own process.
    npm.child.kill("SIGTERM");
    await npm.exited;
    await expect.poll(answers, { timeout: 15_000 }).toBe(false);
    await expect.poll(() => existsSync(path.join(siteData, "sira.lock")), { timeout: 15_000 }).toBe(false);
    expect(npm.output()).toContain("SIGTERM received");
  } finally {
    // Whatever a failure left running on the data folder goes, so the run can end.
    const lock = path.join(siteData, "sira.lock");
    if (existsSync(lock))
      process.kill((JSON.parse(readFileSync(lock, "utf8")) as { pid: number }).pid, "SIGKILL");
    npm.child.kill("SIGKILL");
  }
});

test("finishes a request that is in flight when SIGTERM arrives, and logs no request line by default", async () => {
  const port = await freePort();
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: "a long pass phrase" });
  await waitForHealth(port, server);
  // Signal once the server has the request (its headers are back, the streamed body is not read yet): a
  // signal sent before the connection is accepted races with the listener closing, and the fetch fails.
  const response = await fetch(`http://127.0.0.1:${port}/articles`);
  server.child.kill("SIGTERM");
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("</html>");
  expect(await server.exited).toBe(0);
  expect(logEntries(server.output()).map((entry) => entry.msg)).toEqual([
    "The owner's password was set from ADMIN_PASSWORD; earlier sessions were ended",
    expect.stringMatching(/^Sira is listening/),
    expect.stringMatching(/^SITE_URL is not set/),
    "SIGTERM received: finishing open requests and closing the database",
  ]);
});

test("the first start without ADMIN_PASSWORD prints a generated password once, and it signs in", async () => {
  const port = await freePort();
  const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
  let password: string | undefined;
  try {
    await waitForHealth(port, first);
    password = /Password: +([A-Za-z0-9]+)/.exec(first.output())?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    // In a block of its own, which says it will not be shown again; in no log line.
    expect(first.output()).toContain("It is shown only this once and will not be shown again");
    expect(first.output()).toContain(`Admin page:  http://127.0.0.1:${port}/admin-mh2025`);
    expect(JSON.stringify(logEntries(first.output()))).not.toContain(password);
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

/** The one file under `folder` that holds `text`. */
function fileHolding(folder: string, text: string): string {
  const found = readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(folder, name))
    .filter((file) => /\.tsx?$/.test(file) && readFileSync(file, "utf8").includes(text));
  expect(found, text).toHaveLength(1);
  return found[0]!;
}

test("`npm run dev` renders every request afresh, takes server code changes without a restart, and stops cleanly", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const project = copyProject(dataDir);
  const data = path.join(dataDir, "data");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const password = "a development pass phrase";
  // A page cache an hour long, were there one in development.
  const dev = startServer(
    { PORT: String(port), DATA_DIR: data, ADMIN_PASSWORD: password, PAGE_CACHE_SECONDS: "3600" },
    ["server.js", "--dev"],
    project,
  );
  try {
    // Vite prepares its dependencies on the first start: slower than the built server.
    await waitForHealth(port, dev, 100_000);
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="en" dir="ltr"');
    expect((await fetch(`${origin}/admin-mh2025`)).status).toBe(200);
    // A fresh data folder takes ADMIN_PASSWORD, as `npm start` does.
    expect(await signInStatus(port, password)).toBe(200);
    // The sign-in limit counts this visitor's address, not "unknown". (The output is no terminal: JSON lines.)
    expect(await signInStatus(port, "not the password at all")).toBe(401);
    await expect.poll(() => dev.output()).toMatch(/"address":"127\.0\.0\.1"/);
    expect(dev.output()).not.toContain('"address":"unknown"');

    // A page edited a moment after it was seen is seen edited: no page cache in development.
    const about = async () => (await fetch(`${origin}/about`)).text();
    expect(await about()).toContain("About Me");
    const english = path.join(project, "app", "i18n", "en.json");
    writeFileSync(english, readFileSync(english, "utf8").replace('"About Me"', '"About me, edited"'));
    await expect.poll(about, { timeout: 15_000 }).toContain("About me, edited");

    // The server's own code too: the caching the page handler gives public pages.
    const handler = fileHolding(path.join(project, "server"), "STALE_WHILE_REVALIDATE_SECONDS = 60;");
    writeFileSync(
      handler,
      readFileSync(handler, "utf8").replace(
        "STALE_WHILE_REVALIDATE_SECONDS = 60;",
        "STALE_WHILE_REVALIDATE_SECONDS = 61;",
      ),
    );
    await expect
      .poll(async () => (await fetch(`${origin}/services`)).headers.get("cache-control"), { timeout: 15_000 })
      .toContain("stale-while-revalidate=61");

    // Pages hydrate without a warning, in both languages. (On the first visit Vite may find dependencies to
    // prepare, and reloads the page: the messages count from the second.)
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForLoadState("networkidle");
    await page.reload({ waitUntil: "networkidle" });
    const messages: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") messages.push(message.text());
    });
    page.on("pageerror", (error) => messages.push(error.message));
    for (const address of ["/about", "/ar/projects"]) {
      await page.goto(`${origin}${address}`);
      await page.waitForLoadState("networkidle");
    }
    await page.close();
    expect(messages).toEqual([]);
  } finally {
    dev.child.kill("SIGTERM");
  }
  expect(await dev.exited).toBe(0);
  expect(dev.output()).toContain("SIGTERM received: finishing open requests and closing the database");
  expect(existsSync(path.join(data, "sira.lock"))).toBe(false);
});

test("at a terminal the log is readable lines; the generated password stands apart from it", async () => {
  const port = await freePort();
  // `script` (util-linux) runs the server with a terminal of its own.
  const server = startServer(
    { PORT: String(port), DATA_DIR: dataDir, TERM: "dumb" },
    ["-qfec", [process.execPath, ...serverNodeFlags(), path.join(root, "server.js")].join(" "), "/dev/null"],
    root,
    "script",
  );
  try {
    await waitForHealth(port, server);
    await expect.poll(server.output).toContain("Sira is listening on");
    // eslint-disable-next-line no-control-regex -- the terminal's colours are taken out to read the text.
    const text = server.output().replace(/\u001b\[[\d;]*m/g, "");
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Sira is listening on http:\/\/127\.0\.0\.1:\d+\r?$/m);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: SITE_URL is not set/m);
    expect(text).not.toMatch(/^\{"level"/m);
    expect(text).toMatch(
      /It is shown only this once and will not be shown again[\s\S]*Password: +[A-Za-z0-9]{20}\r?\n/,
    );
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
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
    [...serverNodeFlags(), path.join(root, "server.js")],
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
