import { at, expect, LANGUAGES, PUBLIC_PAGES, seedPublicPages, test, text } from "./fixtures.ts";

// The browser hydrates the server's document with preact/compat (docs/decisions/031-preact-in-the-browser.md).
// Preact pairs the server's elements with its own by tag name and repairs mismatches less thoroughly than React:
// on every public page, once the page answers a click, the document must still be the server's one document,
// with its stylesheet and one title, heading and main.

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

// Preact hydrates the server's elements in place. It moved an element when React's server had marked a Suspense
// boundary before it with comments (`<!--$-->`): the whole <main> and each home section were taken out of the page
// and put back, restyled and laid out again, while the page was loading. The page's own elements stay where they are
// until it has hydrated (scripts may go: Preact drops the ones the starter and React Router added).
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

// The page's scripts start after its first paint (docs/decisions/032-scripts-after-the-first-paint.md): the server's
// HTML holds no module preload and no live module script, and no script is requested before the page has painted.
for (const language of LANGUAGES) {
  test(`every public page paints before it fetches a script (${language})`, async ({ page, db, request }) => {
    await seedPublicPages(db);
    for (const path of PUBLIC_PAGES) {
      const html = await (await request.get(at(language, path))).text();
      expect(html, at(language, path)).not.toMatch(/<link[^>]+rel="modulepreload"/);
      expect(html, at(language, path)).not.toMatch(/<script[^>]+type="module"/);
      await page.goto(at(language, path));
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime),
      }));
      expect(timing.scripts.length, at(language, path)).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts), at(language, path)).toBeGreaterThanOrEqual(timing.paint);
    }
  });
}
