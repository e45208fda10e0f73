import { insertProject } from "#tests/helpers/seed.ts";
import { at, expect, LANGUAGES, PUBLIC_PAGES, seedPublicPages, test, text } from "./fixtures.ts";

// Every public page is whole without JavaScript (docs/product.md §2): search engines, link previews, readers and
// visitors who block scripts get the same content. React's server render may send a finished Suspense boundary
// hidden, to be revealed by an inline script (it does so for boundaries past its progressive chunk size, such as the
// home page's sections); the page cache would then keep that page for everyone. So no page may hold a pending
// boundary, and the home page's sections must show with scripts off.

test.use({ javaScriptEnabled: false });

for (const language of LANGUAGES) {
  test(`every public page shows its content without JavaScript (${language})`, async ({
    page,
    db,
    request,
  }) => {
    await seedPublicPages(db);
    for (const title of ["A clinic", "A bakery", "A school"]) {
      await insertProject(db, {
        title,
        description: `${title}: ${"a long description of the work. ".repeat(12)}`,
      });
    }
    for (const path of PUBLIC_PAGES) {
      const html = await (await request.get(at(language, path))).text();
      expect(html, `${at(language, path)} holds a pending Suspense boundary`).not.toContain("<!--$?-->");
      await page.goto(at(language, path));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    await page.goto(at(language, "/"));
    const featured = page.getByRole("region", { name: text(language, "home.featuredTitle") });
    await expect(featured).toBeVisible();
    await expect(featured.getByRole("heading", { name: "A school" })).toBeVisible();
    await expect(page.getByRole("region", { name: text(language, "home.servicesTitle") })).toBeVisible();
  });
}
