import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type ConsoleMessage } from "@playwright/test";
import { freePort } from "#tests/helpers/machine.ts";
import { copyProject, startServerProcess, waitForHealth, type Started } from "./processes.ts";
import { at, text } from "./fixtures.ts";

// `npm run dev` (server.js --dev: Vite in front of the same app) shows the pages the build shows, with React's
// development build in the browser, which reports every hydration mismatch (decision 037): an English and an
// Arabic page hydrate with nothing on the console but Vite's and React's own notes.

// One development server for both pages, in one worker.
test.describe.configure({ mode: "serial", timeout: 180_000 });

let dataDir: string;
let port: number;
let server: Started;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "sira-dev-"));
  port = await freePort();
  server = startServerProcess(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "a development pass phrase",
      LOG_FORMAT: "json",
    },
    ["server.js", "--dev"],
    // A copy: the development server writes route types and Vite's files into the folder it runs in, which the
    // type check and lint may be reading at the same moment (`npm test` runs them side by side).
    copyProject(dataDir),
  );
  await waitForHealth(port, server, 120_000);
});

test.afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Vite's connection notes and React's advice to install its developer tools: the only messages expected. */
const NOTES = /^\[vite\] |Download the React DevTools/;

for (const language of ["en", "ar"] as const) {
  const address = at(language, language === "en" ? "/" : "/about");
  test(`${address} hydrates in development with nothing on the console`, async ({ page }) => {
    const messages: string[] = [];
    const keep = (message: ConsoleMessage) => {
      if (!NOTES.test(message.text())) messages.push(`console.${message.type()}: ${message.text()}`);
    };
    page.on("console", keep);
    page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
    await page.goto(`http://127.0.0.1:${port}${address}`);
    await page.waitForFunction(() => (window as { siraHydrated?: boolean }).siraHydrated === true, null, {
      timeout: 120_000,
    });
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    // Hydrated: the theme switch answers.
    await page.getByRole("button", { name: text(language, "nav.toDark") }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(messages).toEqual([]);
  });
}
