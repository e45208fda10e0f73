import { insertArticle } from "#tests/helpers/seed.ts";
import { ADMIN, openView, signIn, toast } from "./admin-page.ts";
import { at, expect, failedResource, readSitemap, test, text } from "./fixtures.ts";

// Publishing like a writer (docs/product.md §18): drafts invisible everywhere public, the owner's preview, a
// scheduled article appearing at its time, tags, contents and pages of the list.

test("a draft appears nowhere public; the owner previews it in both languages, marked and not indexed", async ({
  page,
  request,
  db,
  consoleGuard,
}) => {
  consoleGuard.allow(failedResource(404));
  const draft = await insertArticle(db, {
    slug: "secret-plans",
    title_en: "Secret plans",
    title_ar: "خطط سرية",
    content_en: "<p>Not yet.</p>",
    content_ar: "<p>ليس بعد.</p>",
    published: false,
    ever_published: false,
  });
  for (const address of ["/articles", "/ar/articles", "/feed.xml", "/ar/feed.xml", "/api/articles"]) {
    expect(await (await request.get(address)).text(), address).not.toContain("secret-plans");
  }
  expect((await readSitemap(request)).files.join("")).not.toContain("secret-plans");
  for (const address of [
    "/articles/secret-plans",
    "/ar/articles/secret-plans",
    "/api/articles/secret-plans",
    "/share/en/articles/secret-plans.png",
  ]) {
    expect((await request.get(address)).status(), address).toBe(404);
  }

  // Without the owner's session the preview does not exist.
  expect((await request.get(`/preview/${draft.id}`)).status()).toBe(404);

  await signIn(page);
  for (const language of ["en", "ar"] as const) {
    const response = await page.goto(at(language, `/preview/${draft.id}`));
    expect(response!.status()).toBe(200);
    expect(response!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response!.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("status")).toContainText(text(language, "articles.previewStatus.draft"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      language === "en" ? "Secret plans" : "خطط سرية",
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  }
});

test("a scheduled article appears at its time on its own, even on a page kept in the cache", async ({
  page,
  db,
}) => {
  await insertArticle(db, { slug: "old-news", title_en: "Old news", date: new Date(Date.now() - 60_000) });
  await insertArticle(db, {
    slug: "coming-soon",
    title_en: "Coming soon",
    date: new Date(Date.now() + 4_000),
  });
  await page.goto("/articles");
  const titles = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(titles).toHaveText(["Old news"]);
  expect((await page.request.get("/articles/coming-soon")).status()).toBe(404);
  // The list is now in the page cache (10 s); it must not outlive the publication.
  await page.waitForTimeout(4_500);
  await page.reload();
  await expect(titles).toHaveText(["Coming soon", "Old news"]);
  expect((await page.request.get("/articles/coming-soon")).status()).toBe(200);
});

test("the list shows ten articles a page with numbered pages, and a page past the last is a 404", async ({
  page,
  db,
  consoleGuard,
}) => {
  consoleGuard.allow(failedResource(404));
  for (let index = 1; index <= 23; index++) {
    await insertArticle(db, {
      slug: `note-${index}`,
      title_en: `Note ${index}`,
      title_ar: `ملاحظة ${index}`,
      date: new Date(Date.UTC(2026, 0, index)),
    });
  }
  await page.goto("/articles");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveCount(10);
  await expect(main.getByRole("heading", { level: 2 }).first()).toHaveText("Note 23");
  await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", /\/articles\?page=2$/);
  await expect(page.locator('link[rel="prev"]')).toHaveCount(0);

  const pages = page.getByRole("navigation", { name: text("en", "articles.pagination") });
  await pages.getByRole("link", { name: text("en", "articles.pageNumber", { page: 3 }) }).click();
  await expect(page).toHaveURL(/\/articles\?page=3$/);
  await expect(main.getByRole("heading", { level: 2 })).toHaveText(["Note 3", "Note 2", "Note 1"]);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/articles\?page=3$/);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", /\/articles\?page=2$/);
  await expect(page.locator('link[rel="next"]')).toHaveCount(0);
  await expect(
    pages.getByRole("link", { name: text("en", "articles.pageNumber", { page: 3 }) }),
  ).toHaveAttribute("aria-current", "page");

  // In Arabic, the same pages with Arabic digits.
  await page.goto("/ar/articles?page=2");
  const arabicPages = page.getByRole("navigation", { name: text("ar", "articles.pagination") });
  await expect(
    arabicPages.getByRole("link", { name: text("ar", "articles.pageNumber", { page: 2 }) }),
  ).toHaveText("٢");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText("ملاحظة 13");

  for (const address of [
    "/articles?page=4",
    "/articles?page=0",
    "/articles?page=two",
    "/ar/articles?page=99",
  ]) {
    expect((await page.goto(address))!.status(), address).toBe(404);
  }
});

test("an article shows its reading time, tags that lead to their pages in each language, and its contents", async ({
  page,
  db,
}) => {
  const words = (count: number) => Array.from({ length: count }, () => "word").join(" ");
  await insertArticle(db, {
    slug: "caching",
    title_en: "Caching",
    title_ar: "التخزين المؤقت",
    content_en: `<h2>Why</h2><p>${words(300)}</p><h2>How</h2><h3>In memory</h3><p>Done.</p>`,
    content_ar: "<h2>لماذا</h2><p>نص</p>",
    reading_minutes_en: 2,
    reading_minutes_ar: 1,
    tags: [{ slug: "node-js", en: "Node.js", ar: "نود" }],
  });
  await insertArticle(db, { slug: "other", title_en: "Other" });

  await page.goto("/articles/caching");
  const article = page.getByRole("article");
  await expect(article).toContainText(text("en", "articles.readingTime", { count: 2 }));
  const contents = page.getByRole("navigation", { name: text("en", "articles.contents") });
  await expect(contents.getByRole("link")).toHaveText(["Why", "How", "In memory"]);
  await contents.getByRole("link", { name: "In memory" }).click();
  await expect(page).toHaveURL(/#in-memory$/);
  await expect(page.locator("#in-memory")).toHaveText("In memory");
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join("")).toContain('"keywords":"Node.js"');

  await article.getByRole("link", { name: "Node.js" }).click();
  await expect(page).toHaveURL(/\/articles\/tag\/node-js$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    text("en", "articles.tagTitle", { tag: "Node.js" }),
  );
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["Caching"]);

  await page.goto("/ar/articles/caching");
  await expect(page.getByRole("article")).toContainText(text("ar", "articles.readingTime", { count: 1 }));
  // One heading in Arabic: no contents.
  await expect(page.getByRole("navigation", { name: text("ar", "articles.contents") })).toHaveCount(0);
  await page.getByRole("article").getByRole("link", { name: "نود" }).click();
  await expect(page).toHaveURL(/\/ar\/articles\/tag\/node-js$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    text("ar", "articles.tagTitle", { tag: "نود" }),
  );
  expect((await page.request.get("/articles/tag/nothing-here")).status()).toBe(404);
});

test("the owner schedules an article in their time zone; the list says when, and filters by status", async ({
  page,
}) => {
  await signIn(page);
  const articles = await openView(page, "articles");
  const add = articles.getByRole("link", { name: text("en", "admin.articles.addTitle") });
  const form = page.getByRole("dialog", { name: text("en", "admin.articles.addTitle") });
  await add.click();
  await form.getByLabel(text("en", "admin.articles.titleEn")).fill("Next week");
  await form.getByLabel(text("en", "admin.articles.statusScheduled"), { exact: true }).check();
  // In the owner's time zone (Africa/Cairo in config/site.ts, UTC+2 in winter).
  await form.getByLabel(text("en", "admin.articles.publishAt")).fill("2030-01-15T09:30");
  await form.getByLabel(text("en", "admin.articles.tagsEn")).fill("Node.js, Caching");
  await form.getByLabel(text("en", "admin.articles.tagsAr")).fill("نود, التخزين");
  await form.getByRole("button", { name: text("en", "admin.articles.add") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.articles.added"));
  await expect(form).toBeHidden();

  await add.click();
  await form.getByLabel(text("en", "admin.articles.titleEn")).fill("Just an idea");
  await form.getByRole("button", { name: text("en", "admin.articles.add") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.articles.added"));
  // The dialog closes before the list behind it can be used again.
  await expect(form).toBeHidden();

  const list = page.getByRole("region", { name: text("en", "admin.articles.listTitle") });
  await expect(list.getByText("Scheduled for Jan 15, 2030, 9:30 AM")).toBeVisible();
  await expect(list.getByText(text("en", "admin.articles.badge.draft"), { exact: true })).toBeVisible();
  await list.getByLabel(text("en", "admin.articles.filter")).selectOption("draft");
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(["Just an idea"]);

  const api = (
    (await (await page.request.get("/api/admin/articles")).json()) as { items: Record<string, unknown>[] }
  ).items;
  const scheduled = api.find((row) => row.title_en === "Next week")!;
  expect(scheduled).toMatchObject({
    status: "scheduled",
    publish_at: "2030-01-15T07:30:00.000Z",
    tags: [
      { slug: "node-js", en: "Node.js", ar: "نود" },
      { slug: "caching", en: "Caching", ar: "التخزين" },
    ],
  });
});

test("the edit form gets a stored row's content sanitised: no event handler reaches the page", async ({
  page,
  db,
  consoleGuard,
}) => {
  consoleGuard.allow(failedResource(404));
  // A row that never came through the API (a restored backup, a hand-made row).
  const row = await insertArticle(db, {
    title_en: "Handlers",
    title_ar: "معالجات",
    content_en: '<p>Hello</p><img src="missing.png" onerror="document.title = \'ran\'">',
    content_ar: '<p onmouseover="document.title = \'ran\'">مرحبا</p><img src="x" onload="1" onerror="1">',
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => seen.push(event.violatedDirective));
  });
  await signIn(page);
  await page.goto(`${ADMIN}/articles/${row.id}`);
  const form = page.getByRole("dialog", { name: text("en", "admin.articles.editTitle") });
  await expect(form.getByText("Hello")).toBeVisible();
  await expect(form.getByText("مرحبا")).toBeVisible();
  await expect(form.locator("img")).toHaveCount(2);
  expect(await page.locator("[onerror], [onload], [onmouseover]").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
  expect(await page.title()).not.toBe("ran");
});
