import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { at, expect, LANGUAGES, PUBLIC_PAGES, seedPublicPages, test, text } from "./fixtures.ts";

// The browser hydrates the server's document with React's own react-dom (decision 037): on every public page, once
// the page answers a click, the document must still be the server's one document, with its stylesheet and one
// title, heading and main. React reports any mismatch on the console, which fails the test (tests/e2e/fixtures.ts).

const root = resolve(import.meta.dirname, "../..");

test("the built browser code is React's react-dom, the version the server renders with", () => {
  const { version } = JSON.parse(
    readFileSync(join(root, "node_modules", "react-dom", "package.json"), "utf8"),
  ) as { version: string };
  const assets = join(root, "build", "client", "assets");
  const scripts = readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(join(assets, name), "utf8"));
  // What react-dom tells React's developer tools about itself, in its production build.
  const renderer = new RegExp(
    `version:\\s*["'\`]${version.replaceAll(".", "\\.")}["'\`],\\s*rendererPackageName:\\s*["'\`]react-dom["'\`]`,
  );
  expect(scripts.filter((script) => renderer.test(script))).toHaveLength(1);
});

test("React's react-dom hydrates the document of a page", async ({ page }) => {
  await page.goto("/");
  // react-dom marks the container it hydrated, here the document, and each element with its fiber.
  const marks = await page.evaluate(() => ({
    document: Object.keys(document).some((key) => key.startsWith("__reactContainer$")),
    main: Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber$")),
  }));
  expect(marks).toEqual({ document: true, main: true });
});

for (const language of LANGUAGES) {
  test(`every public page hydrates into the server's document (${language})`, async ({ page, db }) => {
    await seedPublicPages(db);
    for (const path of PUBLIC_PAGES) {
      await page.goto(at(language, path));
      // The theme button works only once the page is hydrated.
      await page.getByRole("button", { name: text(language, "nav.toDark") }).click();
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      const shape = await page.evaluate(() => ({
        html: document.querySelectorAll("html").length,
        head: document.querySelectorAll("head").length,
        body: document.querySelectorAll("body").length,
        title: document.querySelectorAll("title").length,
        main: document.querySelectorAll("main").length,
        h1: document.querySelectorAll("h1").length,
        styled:
          document.styleSheets.length > 0 && getComputedStyle(document.body).fontFamily.includes("Cairo"),
      }));
      expect(shape, at(language, path)).toEqual({
        html: 1,
        head: 1,
        body: 1,
        title: 1,
        main: 1,
        h1: 1,
        styled: true,
      });
      await page.getByRole("button", { name: text(language, "nav.toLight") }).click();
      await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    }
  });
}

// Hydrating keeps the server's elements in place: an element taken out of the page and put back (as a renderer
// repairing a mismatch does) is restyled and laid out again while the page loads. The page's own elements stay
// where they are until it has hydrated.
for (const language of LANGUAGES) {
  test(`hydrating moves no element of any public page (${language})`, async ({ page, db }) => {
    await seedPublicPages(db);
    await page.addInitScript(() => {
      const moved: string[] = [];
      (window as { movedWhileHydrating?: string[] }).movedWhileHydrating = moved;
      new MutationObserver((records) => {
        if ((window as { siraHydrated?: boolean }).siraHydrated) return;
        for (const record of records)
          for (const node of record.removedNodes)
            if (
              node instanceof Element &&
              node.localName !== "script" &&
              document.body.contains(record.target)
            )
              moved.push(`${node.localName}${node.id ? `#${node.id}` : ""}.${node.className}`);
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of PUBLIC_PAGES) {
      await page.goto(at(language, path));
      const moved = await page.evaluate(
        () => (window as { movedWhileHydrating?: string[] }).movedWhileHydrating,
      );
      expect(moved, at(language, path)).toEqual([]);
    }
  });
}
