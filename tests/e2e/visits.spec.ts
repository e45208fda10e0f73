import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { LOCALES, formatShortDate } from "#core/dates.ts";
import type { Language } from "#core/preferences.ts";
import { addDays, weekStart } from "#core/visits.ts";
import { messages, visitCounts } from "#db/schema.ts";
import { ADMIN, leftToRightArabic, openView, signIn, toast } from "./admin-page.ts";
import {
  LANGUAGES,
  at,
  expect,
  pastMinimumFillTime,
  seedPublicPages,
  setPreferences,
  test,
  text,
} from "./fixtures.ts";

// Visits and leads (docs/product.md §27) in Chromium, in each language: a visitor's pages counted once each
// (documents and navigations in the browser alike, not the page's data read again after the form is sent), the
// footer's notice, a message that keeps its entry page and the page read last; the owner's Visits view with
// its charts and tables, right to left in Arabic (dark), on a phone, its CSV; and the switch in Settings.

const ARTICLE_TITLE = { en: "A long read about caching in Node", ar: "قراءة طويلة عن التخزين المؤقت في نود" };

/** The table of one figure of the Visits view, by its section's heading (the innermost section that has it). */
function figures(view: Locator, language: Language, title: Parameters<typeof text>[1]): Locator {
  return view
    .locator("section")
    .filter({ has: view.page().getByRole("heading", { level: 3, name: text(language, title), exact: true }) })
    .last()
    .getByRole("table");
}

async function rowsOf(table: Locator): Promise<string[]> {
  return (await table.getByRole("row").allInnerTexts())
    .slice(1)
    .map((row) => row.replace(/\s+/g, " ").trim());
}

async function sendMessage(page: Page, language: Language) {
  const main = page.getByRole("main");
  await main.getByLabel(text(language, "contact.name"), { exact: true }).fill("Mona");
  await main.getByLabel(text(language, "contact.yourEmail"), { exact: true }).fill("mona@example.com");
  await main.getByLabel(text(language, "contact.subject"), { exact: true }).fill(`A shop (${language})`);
  await main.getByLabel(text(language, "contact.message"), { exact: true }).fill("Hello");
  await pastMinimumFillTime(page);
  await main.getByRole("button", { name: text(language, "contact.send") }).click();
  await expect(toast(page, language)).toContainText(text(language, "contact.successTitle"));
}

for (const language of LANGUAGES) {
  const theme = language === "ar" ? "dark" : "light";
  test(`in ${language} (${theme}): a visit is counted once a page, leads to a message, and the owner sees both`, async ({
    page,
    context,
    baseURL,
    db,
    server,
  }) => {
    await seedPublicPages(db);
    // The counter reads the switch when it writes: a write now reads this test's settings, not an earlier one's,
    // and takes away what earlier tests' pages left to write.
    await server.visits.flush();
    await db.delete(visitCounts);
    await setPreferences(context, baseURL!, { language, theme });
    const articles = at(language, "/articles");
    const article = at(language, "/articles/a-long-read");
    const contact = at(language, "/contact");

    // The visitor enters on the list of articles, reads one, and writes from the contact page.
    await page.goto(articles);
    await expect(page.getByRole("contentinfo")).toContainText(text(language, "footer.visits"));
    await page.getByRole("main").getByRole("link", { name: ARTICLE_TITLE[language] }).first().click();
    await expect(page).toHaveURL(new RegExp(`${article}$`));
    await page
      .getByRole("navigation")
      .first()
      .getByRole("link", { name: text(language, "nav.contact") })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${contact}$`));
    await sendMessage(page, language);

    await server.visits.flush();
    const rows = await db.select().from(visitCounts);
    const pages = Object.fromEntries(
      rows.filter((row) => row.kind === "page").map((row) => [row.key, row.views]),
    );
    expect(pages).toEqual({ [articles]: 1, [article]: 1, [contact]: 1 });
    expect(rows.filter((row) => row.kind === "source")).toMatchObject([{ key: "direct", views: 1 }]);
    expect(await db.select({ entry: messages.entry_path, last: messages.from_path }).from(messages)).toEqual([
      { entry: articles, last: article },
    ]);

    // The owner's view of it, in the same language.
    await signIn(page, language);
    const view = await openView(page, "visits", language);
    await expect(
      view.getByRole("heading", { level: 2, name: text(language, "admin.visits.title") }),
    ).toBeVisible();
    await expect(view.locator(".recharts-surface").first()).toBeVisible();
    expect(await rowsOf(figures(view, language, "admin.visits.pages"))).toEqual(
      [articles, article, contact].sort().map((path) => `${path} ${language === "ar" ? "١" : "1"}`),
    );
    const one = language === "ar" ? "١" : "1";
    expect(await rowsOf(figures(view, language, "admin.visits.leadEntries"))).toEqual([`${articles} ${one}`]);
    expect(await rowsOf(figures(view, language, "admin.visits.leadLastPages"))).toEqual([
      `${article} ${one}`,
    ]);
    expect(await rowsOf(figures(view, language, "admin.visits.leadLanguages"))).toEqual([
      `${text(language, `admin.visits.language.${language}`)} ${one}`,
    ]);
    expect(await rowsOf(figures(view, language, "admin.visits.sources"))).toEqual([
      `${text(language, "admin.visits.source.direct")} ${one}`,
    ]);
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    // The ranked charts are drawn as they come near the screen: scrolled through, every figure with counts has
    // its chart (eight: no site referred the visit, so the referrers' figure says so instead).
    await scrollThrough(page);
    await expect(view.locator(".recharts-surface")).toHaveCount(8);
    if (language === "ar") {
      expect(await leftToRightArabic(page)).toEqual([]);
      // The count axis stands on the right, and the newest day is at the left.
      const [chart, axis] = await Promise.all([
        view.locator(".recharts-surface").first().boundingBox(),
        view.locator(".recharts-yAxis").first().boundingBox(),
      ]);
      expect(axis!.x).toBeGreaterThan(chart!.x + chart!.width / 2);
    }

    // Another range by its link; the CSV of the range.
    await view.getByRole("link", { name: text(language, "admin.visits.lastDays", { count: 7 }) }).click();
    await expect(page).toHaveURL(/\?days=7$/);
    await expect(
      view.getByRole("link", { name: text(language, "admin.visits.lastDays", { count: 7 }) }),
    ).toHaveAttribute("aria-current", "page");
    const downloading = page.waitForEvent("download");
    await view.getByRole("link", { name: text(language, "admin.visits.download") }).click();
    const csv = await readFile(await (await downloading).path(), "utf8");
    // A byte-order mark first, so that a spreadsheet reads the Arabic addresses as UTF-8.
    expect(csv).toMatch(new RegExp(`^\\uFEFFday,kind,key,count\\r\\n`));
    expect(csv).toContain(`,page,${article},1\r\n`);
    expect(csv).toContain(`,lead-entry,${articles},1\r\n`);

    // A year, by its two dates: counted a week at a time (Monday to Sunday), each week by its first day.
    const today = rows[0]!.day;
    await view.getByLabel(text(language, "admin.visits.from"), { exact: true }).fill(addDays(today, -364));
    await view.getByLabel(text(language, "admin.visits.to"), { exact: true }).fill(today);
    await view.getByRole("button", { name: text(language, "admin.visits.show") }).click();
    await expect(page).toHaveURL(new RegExp(`\\?from=${addDays(today, -364)}&to=${today}$`));
    const weeks = figures(view, language, "admin.visits.weekly");
    await view.locator("summary", { hasText: text(language, "admin.visits.figures") }).click();
    await expect(weeks.getByRole("columnheader").first()).toHaveText(
      text(language, "admin.visits.columns.week"),
    );
    const weekRows = await rowsOf(weeks);
    expect(weekRows).toHaveLength(53);
    expect(weekRows.at(-1)).toBe(
      `${formatShortDate(`${weekStart(today)}T12:00:00Z`, LOCALES[language], "UTC")} ${language === "ar" ? "٣" : "3"}`,
    );
    if (language === "ar") expect(await leftToRightArabic(page)).toEqual([]);

    // A phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(view.locator(".recharts-surface").first()).toBeVisible();
    await scrollThrough(page);
    await expect(view.locator(".recharts-surface")).toHaveCount(8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`visits-${language}-390.png`), fullPage: true });

    if (language === "en") {
      // The switch: off in Settings, and the footer no longer says visits are counted.
      await page.goto(`${ADMIN}/settings/visits`);
      const box = page.getByRole("checkbox", { name: text(language, "admin.settings.fields.countVisits") });
      await expect(box).toBeChecked();
      await box.uncheck();
      await page.getByRole("button", { name: text(language, "admin.settings.save") }).click();
      await expect(toast(page, language)).toContainText(text(language, "admin.settings.saved"));
      await page.goto(at(language, "/about"));
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.getByRole("contentinfo")).not.toContainText(text(language, "footer.visits"));
      await server.visits.flush();
      const about = await db.select().from(visitCounts);
      expect(about.filter((row) => row.key === at(language, "/about"))).toEqual([]);
    }
  });
}

/** Scrolls the page to its foot a screen at a time, as a person reading it would, and back to the top. */
async function scrollThrough(page: Page) {
  const { height, screen } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    screen: window.innerHeight,
  }));
  for (let y = 0; y <= height; y += screen / 2) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
