import type { Page } from "@playwright/test";
import { testimonials } from "#db/schema.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { ADMIN, leftToRightArabic, openView, signIn, toast, type AdminView } from "./admin-page.ts";
import { at, expect, setPreferences, test, text, waitForHydration } from "./fixtures.ts";

// Arabic first: an owner who writes only Arabic meets no second-class path. Text whose language is known reads in
// that language's direction (an Arabic period of digits and an Arabic quote that begins with "Next.js" end on the
// right), English on an Arabic page stays left to right, no Arabic is letter-spaced, and addresses read as words.

const PROJECT_SLUG = "متجر-القهوة";
const ARTICLE_SLUG = "دليل-سريع-إلى-كتابة-المقالات";
const PERIOD = "٢٠٢٤ – ٢٠٢٥";
const NEXT_QUOTE = "Next.js جعل موقعنا أسرع بكثير.";

async function seed(db: Parameters<typeof insertProject>[0]) {
  const project = await insertProject(db, {
    title: "",
    title_ar: "متجر القهوة",
    description: "",
    description_ar: "متجر إلكتروني لبيع القهوة المختصة.",
    category: "",
    category_ar: "متاجر",
    slug_en: PROJECT_SLUG,
    slug_ar: PROJECT_SLUG,
    client_ar: "مقهى الصباح",
    role_ar: "مطور واجهات",
    period_ar: PERIOD,
    problem_ar: "<p>كانت الصفحات بطيئة.</p>",
    results_ar: ["٤٠٪ مبيعات أكثر"],
    featured: true,
  });
  await db.insert(testimonials).values([
    { name: "منى", quote_ar: NEXT_QUOTE, project_id: project.id, show_on_home: true, position: 0 },
    {
      name: "John",
      quote_en: "Fast and careful work.",
      project_id: project.id,
      show_on_home: true,
      position: 1,
    },
  ]);
  await insertArticle(db, {
    slug: ARTICLE_SLUG,
    slug_ar: ARTICLE_SLUG,
    title: "دليل سريع إلى كتابة المقالات",
    title_en: "",
    title_ar: "دليل سريع إلى كتابة المقالات",
    content_en: "",
    content_ar: `<h2>البداية</h2><p>${"اكتب كل يوم. ".repeat(30)}</p>`,
    excerpt_ar: "اكتب كل يوم.",
    reading_minutes_ar: 1,
  });
}

/** Elements whose own text is English (Latin letters, no Arabic) that compute `direction: rtl`. */
function rightToLeftEnglish(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => {
        if (element.closest("pre, code, svg") || (element as HTMLElement).offsetParent === null) return false;
        const own = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? "")
          .join("");
        return (
          /[a-z]{2}/i.test(own) &&
          !/[\u0600-\u06FF]/.test(own) &&
          getComputedStyle(element).direction === "rtl"
        );
      })
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 40)}`),
  );
}

/** Elements with Arabic text of their own that are letter-spaced. */
function spacedArabic(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter(
        (element) =>
          [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && /[\u0600-\u06FF]/.test(node.textContent ?? ""),
          ) && !["normal", "0px"].includes(getComputedStyle(element).letterSpacing),
      )
      .map((element) => `${element.tagName.toLowerCase()}: ${getComputedStyle(element).letterSpacing}`),
  );
}

/** How far (in CSS pixels) the text of the element holding `content` ends from its box's right and left edges. */
function textEdges(page: Page, content: string) {
  return page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() !== wanted || (node.parentElement?.offsetParent ?? null) === null)
        continue;
      const element = node.parentElement!;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const range = document.createRange();
      range.selectNodeContents(node);
      const line = range.getBoundingClientRect();
      const last = document.createRange();
      last.setStart(node, node.textContent.trimEnd().length - 1);
      last.setEnd(node, node.textContent.trimEnd().length);
      return {
        right: box.right - parseFloat(style.paddingRight) - line.right,
        left: line.left - box.left - parseFloat(style.paddingLeft),
        lastCharLeft: last.getBoundingClientRect().left - range.getBoundingClientRect().left,
      };
    }
    return null;
  }, content);
}

test("public pages in Arabic: the language's direction, no tracking, the period and quote on the right", async ({
  page,
  context,
  baseURL,
  db,
}) => {
  test.setTimeout(240_000);
  await seed(db);
  // Every public page in Arabic, light, on a wide screen.
  await setPreferences(context, baseURL!, { language: "ar", theme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of [
    "/ar",
    "/ar/about",
    "/ar/projects",
    `/ar/projects/${PROJECT_SLUG}`,
    "/ar/articles",
    `/ar/articles/${ARTICLE_SLUG}`,
    "/ar/services",
    "/ar/contact",
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    expect(await leftToRightArabic(page), path).toEqual([]);
    expect(await rightToLeftEnglish(page), path).toEqual([]);
    expect(await spacedArabic(page), path).toEqual([]);
  }
  // The case study on a wide screen in light, on a phone in dark: the period reads from the right, beside its
  // label; so does the quote that begins with "Next.js", whose full stop is its leftmost character.
  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 390],
  ] as const) {
    await setPreferences(context, baseURL!, { language: "ar", theme });
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(`/ar/projects/${PROJECT_SLUG}`);
    await waitForHydration(page);
    const period = await textEdges(page, PERIOD);
    expect(period!.right).toBeLessThan(1);
    expect(period!.left).toBeGreaterThan(20);
    const quote = await textEdges(page, NEXT_QUOTE);
    expect(quote!.right).toBeLessThan(1);
    expect(quote!.lastCharLeft).toBeLessThan(1);
    // The English quote on the Arabic page is marked as English and reads left to right.
    const english = page.getByText("Fast and careful work.");
    await expect(english).toHaveAttribute("lang", "en");
    await expect(english).toHaveAttribute("dir", "ltr");
    expect(await leftToRightArabic(page)).toEqual([]);
    expect(await spacedArabic(page)).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath(`case-study-ar-${theme}-${width}.png`),
      fullPage: true,
    });
  }

  // The English pages of items written only in Arabic show the Arabic, marked and right to left, at real addresses.
  await setPreferences(context, baseURL!, { language: "en", theme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of [
    `/projects/${PROJECT_SLUG}`,
    `/articles/${ARTICLE_SLUG}`,
    "/projects",
    "/articles",
    "/",
  ]) {
    const response = await page.goto(at("en", path));
    expect(response!.status(), path).toBe(200);
    await waitForHydration(page);
    expect(await leftToRightArabic(page), path).toEqual([]);
    expect(await spacedArabic(page), path).toEqual([]);
  }
  await page.goto(`/projects/${PROJECT_SLUG}`);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toHaveText("متجر القهوة");
  await expect(title).toHaveAttribute("lang", "ar");
  // The Arabic period standing in on the English page sits beside its English label, which reads from the left.
  const standIn = await textEdges(page, PERIOD);
  expect(standIn!.left).toBeLessThan(1);
  expect(standIn!.right).toBeGreaterThan(20);
});

test("an owner who writes only Arabic: the forms, every admin view, and addresses read as words", async ({
  page,
  context,
  baseURL,
  db,
  server,
}) => {
  test.setTimeout(240_000);
  await seed(db);
  // A visit to the Arabic article, counted as its address came on the wire: percent-encoded.
  await page.goto(`/ar/articles/${ARTICLE_SLUG}`);
  await server.visits.flush();

  await setPreferences(context, baseURL!, { language: "ar" });
  await signIn(page, "ar");

  // A project with only an Arabic title is saved.
  await page.goto(`${ADMIN}/projects/new`);
  const form = page.getByRole("dialog", { name: text("ar", "admin.projects.addTitle") });
  await form.getByLabel(text("ar", "admin.projects.titleAr")).fill("تطبيق الحجوزات");
  await form.getByRole("button", { name: text("ar", "admin.projects.add") }).click();
  await expect(toast(page, "ar")).toContainText(text("ar", "admin.projects.added"));
  await expect(page.getByRole("heading", { name: "تطبيق الحجوزات" })).toBeVisible();

  // The Arabic-only article's form keeps the English title empty, the Arabic one right to left.
  const articles = await openView(page, "articles", "ar");
  await articles
    .getByRole("link", {
      name: text("ar", "admin.articles.editItem", { title: "دليل سريع إلى كتابة المقالات" }),
    })
    .click();
  const editor = page.getByRole("dialog", { name: text("ar", "admin.articles.editTitle") });
  await expect(editor.getByLabel(text("ar", "admin.articles.titleEn"))).toHaveValue("");
  await expect(editor.getByLabel(text("ar", "admin.articles.titleAr"))).toHaveValue(
    "دليل سريع إلى كتابة المقالات",
  );
  expect(await leftToRightArabic(page)).toEqual([]);
  await page.keyboard.press("Escape");

  for (const view of [
    "projects",
    "articles",
    "testimonials",
    "messages",
    "visits",
    "settings",
    "activity",
  ] as const) {
    await openView(page, view satisfies AdminView, "ar");
    await page.waitForLoadState("networkidle");
    expect(await leftToRightArabic(page), view).toEqual([]);
    expect(await spacedArabic(page), view).toEqual([]);
  }

  // Visits shows the address in Arabic letters.
  const visits = await openView(page, "visits", "ar");
  await expect(visits.locator("th", { hasText: `/ar/articles/${ARTICLE_SLUG}` }).first()).toBeAttached();
  await expect(visits.getByText(/%D8/)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("visits-ar-390.png"), fullPage: true });
});

test("the share button copies the address with Arabic letters, and its toast shows it", async ({
  page,
  context,
  baseURL,
  db,
}) => {
  await page.addInitScript(() => {
    delete (Navigator.prototype as Partial<Navigator>).share;
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await seed(db);
  await setPreferences(context, baseURL!, { language: "ar" });
  await page.goto(`/ar/articles/${ARTICLE_SLUG}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: text("ar", "articles.share") }).click();
  const shown = page.getByRole("region", { name: text("ar", "common.notifications") }).getByRole("listitem");
  await expect(shown).toContainText(text("ar", "articles.linkCopied"));
  await expect(shown).toContainText(`/ar/articles/${ARTICLE_SLUG}`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/ar/articles/${ARTICLE_SLUG}`,
  );
});
