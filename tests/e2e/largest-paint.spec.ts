import { at, expect, LANGUAGES, PUBLIC_PAGES, seedPublicPages, test } from "./fixtures.ts";

// What a phone's visitor waits for: the browser's largest contentful paint on every public page is the
// page's own content (its heading, text or image inside <main>), never the logo while the content fades in.

for (const language of LANGUAGES) {
  test(`the largest contentful paint is the page's content (${language})`, async ({ page, db }) => {
    await seedPublicPages(db);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of PUBLIC_PAGES) {
      await page.goto(at(language, path));
      const largest = await page.evaluate(
        () =>
          new Promise<{ inMain: boolean; tag: string; text: string }>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null };
              const element = entry.element;
              resolve({
                inMain: Boolean(element?.closest("main")),
                tag: element?.tagName ?? "none",
                text: (element?.textContent ?? "").slice(0, 40),
              });
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }),
      );
      expect(largest.inMain, `${at(language, path)}: ${JSON.stringify(largest)}`).toBe(true);
    }
  });
}
