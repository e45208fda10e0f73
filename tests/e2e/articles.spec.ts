import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { articleRenders } from "#db/schema.ts";
import { renderSource } from "#server/features/articles/rendered.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { LANGUAGES, computedStyle, expect, setPreferences, siteConfig, test, text, at } from "./fixtures.ts";

// The Articles list and the article page (docs/product.md §2 "Articles list", "Article detail", §3 fallback).

function rows(page: Page) {
  return page.getByRole("main").getByRole("listitem");
}

// 12:00 in Cairo on each day: the same calendar day wherever the test machine is.
const onDay = (day: string) => new Date(`${day}T10:00:00Z`);

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setPreferences(context, baseURL!, { language });
    });

    test("the list shows the newest date first, with the image or a gradient, title, date and excerpt", async ({
      page,
      db,
    }) => {
      // Inserted out of order: the list sorts by date, not by insertion.
      await insertArticle(db, {
        slug: "middle",
        title_en: "Middle",
        title_ar: "الأوسط",
        date: onDay("2025-02-10"),
      });
      await insertArticle(db, {
        slug: "newest",
        title_en: "Newest",
        title_ar: "الأحدث",
        excerpt_en: "Fresh English excerpt.",
        excerpt_ar: "مقتطف عربي جديد.",
        image_url: "/images/about-800.webp",
        date: onDay("2025-03-15"),
      });
      await insertArticle(db, {
        slug: "oldest",
        title_en: "Oldest",
        title_ar: "الأقدم",
        date: onDay("2024-12-01"),
      });
      await page.goto(at(language, "/articles"));

      const titles = { en: ["Newest", "Middle", "Oldest"], ar: ["الأحدث", "الأوسط", "الأقدم"] }[language];
      await expect(rows(page).getByRole("heading", { level: 2 })).toHaveText(titles);

      const newest = rows(page).first();
      await expect(
        newest.getByText(language === "en" ? "Fresh English excerpt." : "مقتطف عربي جديد."),
      ).toBeVisible();
      await expect(newest.locator("time")).toHaveText(language === "en" ? "March 15, 2025" : "١٥ مارس ٢٠٢٥");
      await expect(newest.locator("time")).toHaveAttribute("datetime", "2025-03-15T10:00:00.000Z");
      // The image is decorative (alt="") inside a link hidden from assistive technology, which repeats the title link.
      const imageLink = newest.locator('a[aria-hidden="true"]');
      await expect(imageLink).toHaveAttribute("href", at(language, "/articles/newest"));
      await expect(imageLink.locator("img")).toHaveAttribute("src", "/images/about-800.webp");

      const middle = rows(page).nth(1);
      await expect(middle.locator('a[aria-hidden="true"] img')).toHaveCount(0);
      await expect
        .poll(computedStyle(middle.locator('a[aria-hidden="true"] > div'), "background-image"))
        .toMatch(/gradient/);

      await newest.getByRole("link", { name: titles[0] }).click();
      await expect(page).toHaveURL(at(language, "/articles/newest"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[0]!);

      await page.goBack();
      await rows(page).nth(1).locator('a[aria-hidden="true"]').click();
      await expect(page).toHaveURL(at(language, "/articles/middle"));
    });

    test("the list says so when there are no articles", async ({ page }) => {
      await page.goto(at(language, "/articles"));
      await expect(page.getByText(text(language, "articles.empty"))).toBeVisible();
      await expect(rows(page)).toHaveCount(0);
    });

    test("the article page shows the date in the long localised format, its paragraphs and a back link", async ({
      page,
      db,
    }) => {
      await insertArticle(db, {
        slug: "two-paragraphs",
        title_en: "Two paragraphs",
        title_ar: "فقرتان",
        content_en: "First line\nsecond line\n\nSecond paragraph",
        content_ar: "السطر الأول\nالسطر الثاني\n\nالفقرة الثانية",
        date: onDay("2024-11-22"),
      });
      await page.goto(at(language, "/articles/two-paragraphs"));
      const article = page.getByRole("article");
      await expect(article.getByRole("heading", { level: 1 })).toHaveText(
        language === "en" ? "Two paragraphs" : "فقرتان",
      );
      await expect(article).toContainText(
        text(language, "articles.by", { author: siteConfig.name[language] }),
      );
      await expect(article.locator("time").first()).toHaveText(
        language === "en" ? "November 22, 2024" : "٢٢ نوفمبر ٢٠٢٤",
      );
      // Saved long after it was published: the last change is said too (docs/product.md §18.3).
      await expect(article.locator("time").nth(1)).toContainText(
        text(language, "articles.updated", { date: "" }).trim(),
      );
      // On a phone the byline wraps. A dot stays on the line of the fact after it, and the dot of a line's first
      // fact is clipped: no line starts or ends with a dot (app/components/meta-line.tsx).
      await page.setViewportSize({ width: 390, height: 844 });
      const byline = await article.locator('[aria-hidden="true"]').evaluateAll((elements) => {
        const dots = elements.filter((dot) => dot.textContent === "·");
        const top = (element: Element) => Math.round(element.getBoundingClientRect().top);
        const visible = dots.filter((dot) => {
          const box = dot.closest("[data-meta-line]")?.getBoundingClientRect();
          const own = dot.getBoundingClientRect();
          return box !== undefined && own.left >= box.left - 0.5 && own.right <= box.right + 0.5;
        });
        return {
          facts: dots.length,
          lines: new Set(dots.map((dot) => top(dot.parentElement!))).size,
          visible: visible.length,
          startingALine: visible.filter((dot) => {
            const before = dot.parentElement!.previousElementSibling;
            return !before || Math.abs(top(before) - top(dot.parentElement!)) > 4;
          }).length,
          endingALine: visible.filter((dot) => {
            const next = dot.nextElementSibling;
            return !next || Math.abs(top(next) - top(dot)) > 4;
          }).length,
        };
      });
      expect(byline.facts).toBeGreaterThanOrEqual(3);
      expect(byline.lines).toBeGreaterThan(1);
      expect(byline).toMatchObject({
        visible: byline.facts - byline.lines,
        startingALine: 0,
        endingALine: 0,
      });
      await page.setViewportSize({ width: 1280, height: 720 });

      const paragraphs = article.locator(".prose-article > p");
      await expect(paragraphs).toHaveCount(2);
      await expect(paragraphs.first().locator("br")).toHaveCount(1);
      await expect(paragraphs.nth(1).locator("br")).toHaveCount(0);
      const [first, second] =
        language === "en" ? ["First line", "Second paragraph"] : ["السطر الأول", "الفقرة الثانية"];
      await expect(paragraphs.first()).toContainText(first);
      await expect(paragraphs.nth(1)).toHaveText(second);

      await article.getByRole("link", { name: text(language, "articles.back") }).click();
      await expect(page).toHaveURL(at(language, "/articles"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "articles.title"));
    });
  });
}

for (const language of LANGUAGES) {
  test(`with the network gone, moving to Articles shows its error toast (${language})`, async ({
    page,
    context,
    consoleGuard,
  }) => {
    consoleGuard.allow(/Failed to fetch|ERR_INTERNET_DISCONNECTED/);
    // A visitor who has seen the articles page earlier in this visit: its code is in the browser.
    await page.goto(at(language, "/articles"));
    const nav = page.getByRole("navigation", { name: text(language, "nav.main") });
    await nav.getByRole("link", { name: text(language, "nav.projects") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "projects.title"));

    await context.setOffline(true);
    await nav.getByRole("link", { name: text(language, "nav.articles") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "articles.title"));
    const toast = page
      .getByRole("region", { name: text(language, "common.notifications") })
      .getByRole("listitem");
    await expect(toast).toContainText(text(language, "errors.fetchArticles"));
    await expect(toast).toContainText(text(language, "errors.networkUnavailable"));
    await expect(toast).toHaveClass(/\bbg-destructive\b/);
    // The list says it could not be read, never that there are no articles, and offers to ask again.
    const failed = page.getByRole("main").getByRole("alert");
    await expect(failed).toContainText(text(language, "errors.fetchArticles"));
    await expect(page.getByText(text(language, "articles.empty"))).toHaveCount(0);
    await context.setOffline(false);
    await failed.getByRole("link", { name: text(language, "common.tryAgain") }).click();
    await expect(page.getByText(text(language, "articles.empty"))).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
}

test("an Arabic reader sees the English title, excerpt and content when the Arabic ones are empty", async ({
  page,
  context,
  baseURL,
  db,
}) => {
  await setPreferences(context, baseURL!, { language: "ar" });
  await insertArticle(db, {
    slug: "english-only",
    title_en: "English only",
    title_ar: "",
    excerpt_en: "Only in English.",
    excerpt_ar: "",
    content_en: "Body in English.",
    content_ar: "",
  });
  await page.goto(at("ar", "/articles"));
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(rows(page).getByRole("heading", { level: 2 })).toHaveText(["English only"]);
  await expect(rows(page).getByText("Only in English.")).toBeVisible();
  await rows(page).getByRole("link", { name: "English only" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("English only");
  await expect(page.getByRole("article")).toContainText("Body in English.");
  await expect(page).toHaveTitle(text("ar", "meta.article", { title: "English only" }));
});

test("HTML in the content is sanitised: scripts and event handlers do not run", async ({ page, db }) => {
  await insertArticle(db, {
    slug: "hostile",
    title_en: "Hostile",
    content_en: [
      "Before <script>alert('script')</script> after",
      '<img src="data:image/png;base64,AAAA" onerror="alert(\'onerror\')" alt="broken">',
      "<a href=\"javascript:alert('href')\">click me</a> and <b>bold</b>",
    ].join("\n\n"),
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto("/articles/hostile");
  // Sanitised on the server (docs/product.md §10.6): the payloads are not in the HTML at all.
  const html = await response!.text();
  expect(html).not.toContain("alert('script')");
  expect(html).not.toContain("onerror");
  expect(html).not.toContain("javascript:alert");
  const content = page.locator(".prose-article");
  await expect(content.locator("b")).toHaveText("bold");
  await expect(content).toContainText("Before");
  await expect(content.locator("script")).toHaveCount(0);
  await expect(content.locator("[onerror]")).toHaveCount(0);
  await expect(content.locator('[href^="javascript:"]')).toHaveCount(0);
  await content.getByText("click me").click();
  await expect(page).toHaveURL("/articles/hostile");
  // Give a handler that slipped through the time to fire.
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});

test("code samples are highlighted on the server and read left to right in Arabic too", async ({
  page,
  context,
  baseURL,
  db,
}) => {
  await setPreferences(context, baseURL!, { language: "ar" });
  await insertArticle(db, {
    slug: "code-samples",
    content_ar: [
      "فقرة قبل الشيفرة.",
      // The editor's form, and the first version's TinyMCE form with Prism's name for HTML.
      '<pre><code class="language-javascript">const answer = 42; // the answer</code></pre>',
      '<pre class="language-markup"><code>&lt;script&gt;alert("code")&lt;/script&gt;</code></pre>',
    ].join("\n\n"),
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto(at("ar", "/articles/code-samples"));
  // Coloured in the server's HTML, not by a script in the page.
  expect(await response!.text()).toContain('<span class="hljs-keyword">const</span>');

  const samples = page.locator(".prose-article pre");
  await expect(samples).toHaveCount(2);
  await expect(samples.first()).toHaveText("const answer = 42; // the answer");
  await expect(samples.first().locator(".hljs-number")).toHaveText("42");
  await expect(samples.nth(1)).toHaveText('<script>alert("code")</script>');
  await expect(samples.nth(1).locator(".hljs-name").first()).toHaveText("script");
  await expect(page.locator(".prose-article script")).toHaveCount(0);
  await expect.poll(computedStyle(samples.first(), "direction")).toBe("ltr");
  await expect.poll(computedStyle(samples.first(), "overflow-x")).toBe("auto");
  await expect.poll(computedStyle(page.locator(".prose-article > p"), "direction")).toBe("rtl");
  // Tokens are coloured differently from plain code text.
  const plain = await computedStyle(samples.first(), "color")();
  expect(await computedStyle(samples.first().locator(".hljs-keyword"), "color")()).not.toBe(plain);
  expect(dialogs).toEqual([]);
});

test("the page shows the HTML kept when the article was saved, and keeps a render it had to make", async ({
  page,
  db,
  server,
}) => {
  const content = '<p>As typed.</p><pre><code class="language-python">print("hi")</code></pre>';
  const article = await insertArticle(db, { slug: "kept", title_en: "Kept", content_en: content });
  // Saved by an older version: nothing kept yet, so the first visitor's read renders it and keeps it.
  await page.goto("/articles/kept");
  await expect(page.locator(".prose-article .hljs-string")).toHaveText('"hi"');
  const renders = () =>
    db
      .select({ language: articleRenders.language, source: articleRenders.source, html: articleRenders.html })
      .from(articleRenders)
      .where(eq(articleRenders.article_id, article.id));
  expect(await renders()).toEqual([
    { language: "en", source: renderSource(content), html: expect.stringContaining("hljs-string") },
  ]);
  // From then on the page reads what was kept (decision 011): a marker written over it is what a visitor sees.
  await db
    .update(articleRenders)
    .set({ html: "<p>The kept render.</p>" })
    .where(eq(articleRenders.article_id, article.id));
  server.pageCache.clear();
  await page.goto("/articles/kept");
  await expect(page.locator(".prose-article")).toHaveText("The kept render.");
});

test.describe("sharing without a share sheet", () => {
  test.beforeEach(async ({ page, context }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as Partial<Navigator>).share;
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  });

  for (const language of LANGUAGES) {
    test(`copies the page link and says 'Link copied!' (${language})`, async ({
      page,
      context,
      baseURL,
      db,
    }) => {
      await setPreferences(context, baseURL!, { language });
      await insertArticle(db, { slug: "share-me" });
      await page.goto(at(language, "/articles/share-me"));
      expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");

      await page.getByRole("button", { name: text(language, "articles.share") }).click();
      const toast = page
        .getByRole("region", { name: text(language, "common.notifications") })
        .getByRole("listitem");
      await expect(toast).toContainText(text(language, "articles.linkCopied"));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        baseURL + at(language, "/articles/share-me"),
      );
    });
  }
});
