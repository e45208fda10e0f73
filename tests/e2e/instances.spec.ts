import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "#tests/helpers/machine.ts";
import { startS3, type TestS3 } from "#tests/helpers/s3.ts";
import { openView, png, signIn, toast } from "./admin-page.ts";
import { createE2eDatabase, expect, OWNER_PASSWORD, test, text } from "./fixtures.ts";
import { logEntries, startServerProcess, waitForHealth, type Started } from "./processes.ts";

// Two instances of the built server behind one address (docs/architecture.md "Many instances"), as a platform
// runs them: separate processes and data folders, one PostgreSQL database, one S3 bucket (s3rver). A write on one
// is on the other's next page at once, although each keeps rendered pages for PAGE_CACHE_SECONDS (10 s).

test.describe.configure({ mode: "serial" });

let s3: TestS3;
let database: { url: string; drop(): Promise<void> };
const folders: string[] = [];
const instances: { url: string; port: number; process: Started }[] = [];

async function startInstance() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "sira-instance-"));
  folders.push(dataDir);
  const process = startServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ADMIN_PASSWORD: OWNER_PASSWORD,
    LOG_REQUESTS: "1",
    ...s3.env,
  });
  await waitForHealth(port, process);
  const instance = { url: `http://127.0.0.1:${port}`, port, process };
  instances.push(instance);
  return instance;
}

test.beforeAll(async () => {
  s3 = await startS3();
  database = await createE2eDatabase();
});

test.afterAll(async () => {
  for (const instance of instances) instance.process.child.kill("SIGKILL");
  await Promise.all(instances.map((instance) => instance.process.exited));
  await database.drop();
  await s3.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test("an article written with its cover on one instance is on the other's next page, image and all", async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // Cookies belong to the host, not the port: the session made on one instance is sent to the other too.
  consoleGuard.allow(/Failed to load resource/);
  const [one, other] = [await startInstance(), await startInstance()];
  const title = "Written on one, read on the other";

  // The other instance renders and keeps the article list before the write.
  await page.goto(`${other.url}/articles`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  await signIn(page, "en", one.url);
  const articles = await openView(page, "articles");
  await articles.getByRole("link", { name: text("en", "admin.articles.addTitle") }).click();
  const form = page.getByRole("dialog", { name: text("en", "admin.articles.addTitle") });
  await form.getByLabel(text("en", "admin.articles.titleEn")).fill(title);
  await form.getByLabel(text("en", "admin.articles.image"), { exact: true }).setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: await png("#0ea5e9", 640, 320),
  });
  await form.getByLabel(text("en", "imageField.altEn")).fill("A blue banner");
  await form.getByLabel(text("en", "imageField.altAr")).fill("لافتة زرقاء");
  await form.getByRole("textbox", { name: text("en", "admin.articles.contentEn") }).click();
  await page.keyboard.type("Both servers show this at once.");
  await form.getByLabel(text("en", "admin.articles.statusPublished"), { exact: true }).check();
  await form.getByRole("button", { name: text("en", "admin.articles.add") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.articles.added"));

  // Well inside the other instance's 10 s page cache: only the change feed can have told it.
  const written = Date.now();
  await expect
    .poll(async () => (await (await fetch(`${other.url}/articles`)).text()).includes(title), {
      timeout: 2_000,
    })
    .toBe(true);
  expect(Date.now() - written).toBeLessThan(2_000);

  // The cover's variants are made in the background; once made, the other instance's pages offer them too.
  await expect
    .poll(async () => (await (await fetch(`${other.url}/articles`)).text()).includes("_cover-w640.avif"), {
      timeout: 15_000,
    })
    .toBe(true);
  await page.goto(`${other.url}/articles`);
  await page.getByRole("link", { name: title }).first().click();
  const cover = page.getByRole("img", { name: "A blue banner" });
  await expect(cover).toBeVisible();
  // Loaded on the other instance: the browser took an AVIF variant of it (docs/product.md §13.7).
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc))
    .toMatch(/\/storage\/portfolio_images\/articles\/\d+_cover-w640\.avif$/);
  expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const src = (await cover.getAttribute("src"))!;
  expect(src).toMatch(/^\/storage\/portfolio_images\/articles\/\d+_cover\.png$/);

  // The file is in the bucket, and on neither instance's disk.
  const name = src.split("/").pop()!;
  const bucketFolder = path.join(s3.directory, s3.env.S3_BUCKET!, "portfolio_images", "articles");
  expect(readdirSync(bucketFolder).some((file) => file.startsWith(name))).toBe(true);
  for (const folder of folders) expect(readdirSync(folder)).not.toContain("storage");
  const served = await fetch(`${other.url}${src}`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/png");
});

test("with one instance killed mid-request, the other keeps serving, signing in and writing", async () => {
  const [one, other] = instances;
  // Requests in flight on the instance that dies: they may fail; none of the other's may.
  const doomed = Array.from({ length: 5 }, () => fetch(`${one!.url}/articles`).catch(() => null));
  one!.process.child.kill("SIGKILL");
  await Promise.all(doomed);
  expect(await one!.process.exited).toBeNull();

  for (const route of ["/", "/articles", "/ar/articles", "/projects", "/healthz", "/readyz"]) {
    const response = await fetch(`${other!.url}${route}`);
    expect(response.status, route).toBe(200);
  }
  const signIn = await fetch(`${other!.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password: OWNER_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
  const created = await fetch(`${other!.url}/api/projects`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: other!.url },
    body: JSON.stringify({ title: "Saved while the other was down" }),
  });
  expect(created.status).toBe(201);

  // A new instance started on the same database and bucket serves it at once.
  const third = await startInstance();
  expect(await (await fetch(`${third.url}/projects`)).text()).toContain("Saved while the other was down");
});

test("/readyz and the log say which part is down: the bucket, then the database", async () => {
  const instance = instances.at(-1)!;
  await s3.stop();
  try {
    const response = await fetch(`${instance.url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", database: "ok", storage: "unavailable" });
    // Liveness is not readiness: the process itself is fine.
    expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
    await expect
      .poll(() => logEntries(instance.process.output()).find((entry) => entry.msg === "not ready"))
      .toMatchObject({ level: 40, part: "storage" });
  } finally {
    await s3.start();
  }
  expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);

  await database.drop();
  const down = await fetch(`${instance.url}/readyz`);
  expect(down.status).toBe(503);
  expect(await down.json()).toEqual({ status: "unavailable", database: "unavailable", storage: "ok" });
  expect((await fetch(`${instance.url}/healthz`)).status).toBe(503);
  const entries = logEntries(instance.process.output());
  expect(entries.find((entry) => entry.msg === "not ready" && entry.part === "database")).toBeTruthy();
  // Pages still answer at once (their sections say they could not load) rather than hang.
  const page = await fetch(`${instance.url}/articles`, { signal: AbortSignal.timeout(5_000) });
  expect(page.status).toBeLessThan(600);
});
