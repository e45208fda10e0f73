import type { Database } from "#db/client.ts";
import { rebuildSearchIndex } from "#server/kernel/search-index.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { at, expect, LANGUAGES, test, text, waitForHydration } from "./fixtures.ts";

// The site's search as a visitor meets it (docs/product.md §30): from the navbar, on a phone without JavaScript and
// on a wide screen with it, in both languages; Arabic spelt otherwise than the owner wrote it is found, results in
// the page's language come first, the words found are marked, and nothing found offers the latest items.

async function seedSearch(db: Database) {
  const date = new Date("2026-01-10T09:00:00Z");
  await insertArticle(db, {
    slug: "writing-for-websites",
    title: "Writing for websites",
    title_en: "Writing for websites",
    title_ar: "",
    content_en: "<p>Short sentences help readers of a website.</p>",
    excerpt_en: "Short sentences help readers of a website.",
    content_ar: "",
    excerpt_ar: "",
    reading_minutes_en: 1,
    reading_minutes_ar: 0,
    date,
  });
  await insertArticle(db, {
    slug: "arabic-writing",
    slug_ar: "الكتابة-للمواقع",
    title: "الكتابة للمواقع",
    title_en: "",
    title_ar: "الكتابة للمواقع",
    content_en: "",
    excerpt_en: "",
    content_ar: "<p>كيف تُكتب الصفحات بلغة واضحة للقارئ على الموقع.</p>",
    excerpt_ar: "كيف تُكتب الصفحات بلغة واضحة للقارئ على الموقع.",
    reading_minutes_en: 0,
    reading_minutes_ar: 1,
    date,
  });
  await insertProject(db, { title: "Clinic booking", description: "Booking for a clinic in Amman." });
  await rebuildSearchIndex(db);
}

for (const language of LANGUAGES) {
  test.describe(`on a phone without JavaScript (${language})`, () => {
    test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

    test("searches from the navbar, finds Arabic however it is spelt, and marks what it found", async ({
      page,
      db,
    }) => {
      await seedSearch(db);
      await page.goto(at(language, "/about"));
      await page.getByRole("link", { name: text(language, "search.title") }).click();
      await expect(page).toHaveURL(at(language, "/search"));
      const field = page.getByRole("searchbox", { name: text(language, "search.field") });
      await field.fill("والكتابة");
      await field.press("Enter");
      await expect(page).toHaveURL(`${at(language, "/search")}?q=${encodeURIComponent("والكتابة")}`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

      const arabic = page.getByRole("article").filter({ hasText: "الكتابة للمواقع" });
      await expect(arabic.getByRole("heading")).toHaveAttribute("lang", "ar");
      await expect(arabic.getByRole("heading")).toHaveAttribute("dir", "rtl");
      await expect(arabic.locator("mark").first()).toHaveText("الكتابة");
      // Its Arabic address is its Arabic slug on either page (docs/product.md §5.7a).
      await expect(arabic.getByRole("link")).toHaveAttribute(
        "href",
        `/ar/articles/${encodeURIComponent("الكتابة-للمواقع")}`,
      );
      // On the English page the Arabic-only article is under its own heading.
      if (language === "en")
        await expect(page.getByRole("heading", { name: text("en", "search.otherLanguage") })).toBeVisible();
      await expect(page.getByRole("searchbox", { name: text(language, "search.field") })).toHaveValue(
        "والكتابة",
      );
      // The page holds the whole width of the phone, nothing wider.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });

    test("says when nothing was found and offers the latest articles and projects", async ({ page, db }) => {
      await seedSearch(db);
      await page.goto(`${at(language, "/search")}?q=${encodeURIComponent("<b>kubernetes</b>")}`);
      await expect(page.getByRole("status")).toHaveText(
        text(language, "search.none", { query: "<b>kubernetes</b>" }),
      );
      await expect(page.locator("main b")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: text(language, "search.latest") })).toBeVisible();
      await expect(page.getByRole("link", { name: "Clinic booking" })).toBeVisible();
    });
  });
}

test("answers any query with a page or a 400, offers OpenSearch, and the home page its SearchAction", async ({
  request,
  db,
}) => {
  await seedSearch(db);
  for (const query of ["\u202Ereact\u202C", "'; drop table articles; --", "%_%", "كتابة ".repeat(150)]) {
    const response = await request.get(`/ar/search?q=${encodeURIComponent(query)}`);
    expect(response.status(), query.slice(0, 20)).toBe(200);
  }
  // An address holding a control character is the site's own not-found page, before any route (decision 021).
  expect((await request.get(`/ar/search?q=${encodeURIComponent("a\u0000b")}`)).status()).toBe(404);
  expect((await request.get(`/search?q=${"a".repeat(1001)}`)).status()).toBe(400);
  const home = await (await request.get("/")).text();
  expect(home).toContain('rel="search"');
  expect(home).toContain('"@type":"SearchAction"');
  const description = await request.get("/ar/opensearch.xml");
  expect(description.headers()["content-type"]).toContain("application/opensearchdescription+xml");
  expect(await description.text()).toContain("/ar/search?q={searchTerms}");
});

test("with JavaScript, / reaches the field, results come without a reload, and Back restores the query", async ({
  page,
  db,
}) => {
  await seedSearch(db);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/about");
  await waitForHydration(page);
  await page.keyboard.press("/");
  const field = page.getByRole("searchbox", { name: text("en", "search.field") }).first();
  await expect(field).toBeFocused();
  await field.fill("websites");
  await field.press("Enter");
  await expect(page).toHaveURL("/search?q=websites");
  await expect(page.getByRole("article").locator("mark").first()).toHaveText("websites");
  const big = page.locator("main").getByRole("searchbox");
  await big.fill("clinic");
  await big.press("Enter");
  await expect(page.getByRole("link", { name: "Clinic booking" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL("/search?q=websites");
  await expect(page.locator("main").getByRole("searchbox")).toHaveValue("websites");
});

test("with JavaScript, results follow the typing, the address with them, and Back skips the letters", async ({
  page,
  db,
}) => {
  await seedSearch(db);
  await page.goto("/ar/search?q=websites");
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  const entries = await page.evaluate(() => history.length);
  const field = page.locator("main").getByRole("searchbox");
  await field.clear();
  await field.pressSequentially("بالمواقع", { delay: 40 });
  // No Enter: the results come as the visitor pauses, and the address follows them for sharing.
  await expect(page.getByRole("link", { name: "الكتابة للمواقع" })).toBeVisible();
  await expect(page).toHaveURL(`/ar/search?q=${encodeURIComponent("بالمواقع")}`);
  await expect(page.getByRole("article").locator("mark").first()).toHaveText("للمواقع");
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("بالمواقع");
  await field.pressSequentially(" clinic", { delay: 40 });
  await expect(page).toHaveURL(`/ar/search?${new URLSearchParams({ q: "بالمواقع clinic" })}`);
  await expect(page.getByRole("status")).toHaveText(text("ar", "search.none", { query: "بالمواقع clinic" }));
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  // One entry for the whole typing: Back is the query before it.
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await page.goBack();
  await expect(page).toHaveURL("/ar/search?q=websites");
  await expect(field).toHaveValue("websites");
  await expect(page.getByRole("link", { name: "Writing for websites" })).toBeVisible();
});

test("finds the services and the tags on a phone in Arabic, each leading to its page", async ({
  page,
  db,
}) => {
  await seedSearch(db);
  await insertArticle(db, {
    slug: "fast-pages",
    title: "Fast pages",
    title_en: "Fast pages",
    title_ar: "صفحات سريعة",
    slug_ar: "صفحات-سريعة",
    tags: [{ slug: "performance", en: "Performance", ar: "الأداء" }],
    date: new Date("2026-01-11T09:00:00Z"),
  });
  await rebuildSearchIndex(db);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/ar/search?q=${encodeURIComponent("والتطبيقات")}`);
  const service = page.getByRole("article").filter({ hasText: text("ar", "searchMore.kindService") });
  await expect(service.getByRole("link")).toHaveAttribute("href", "/ar/services#service-1");
  await expect(service.locator("mark").first()).toHaveText("تطبيقات");
  await page.goto(`/ar/search?q=${encodeURIComponent("بالأداء")}`);
  const tag = page.getByRole("article").filter({ hasText: text("ar", "searchMore.kindTag") });
  await expect(tag.getByRole("link", { name: "الأداء" })).toHaveAttribute(
    "href",
    "/ar/articles/tag/performance",
  );
  await expect(tag).toContainText(text("ar", "searchMore.tagArticles", { count: 1 }));
  await page.screenshot({ path: "test-results/search-services-tags-ar-390.png", fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
