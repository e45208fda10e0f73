import type { Locator, Page } from "@playwright/test";
import type { TranslationKey } from "#app/i18n/keys.ts";
import type { Database } from "#db/client.ts";
import { articles, auditEvents, messages, projects } from "#db/schema.ts";
import { LOCALES } from "#core/dates.ts";
import { formatNumber } from "#core/intl.ts";
import { expect, setPreferences, test, text } from "./fixtures.ts";
import { ADMIN, adminView, leftToRightArabic, openView, signIn, toast } from "./admin-page.ts";

// The admin's long lists (docs/product.md §21) with the tables a spam run and years of use leave behind: 10,000
// messages, 1,000 projects and 1,000 articles, written straight into the test server's database. Each panel must show
// one page, quickly; the times are printed for the record.

const START = Date.UTC(2026, 0, 1);

/** Inserts `n` rows made by `row`, a thousand a statement (PostgreSQL takes at most 65,535 parameters). */
async function insertMany<T>(n: number, row: (k: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  for (let from = 0; from < n; from += 1000) {
    await insert(Array.from({ length: Math.min(1000, n - from) }, (_, k) => row(from + k)));
  }
}

async function seed(db: Database, counts: { messages: number; projects: number; articles: number }) {
  const started = performance.now();
  // Message k arrives k minutes after START; every third one has been read.
  await insertMany(
    counts.messages,
    (k) => ({
      name: `Visitor ${k}`,
      email: `visitor${k}@example.com`,
      subject: `Subject ${k}`,
      message: `Spam number ${k}. `.repeat(20),
      created_at: new Date(START + k * 60_000),
      read_at: k % 3 === 0 ? new Date(START) : null,
    }),
    (rows) => db.insert(messages).values(rows),
  );
  await insertMany(
    counts.projects,
    (k) => ({ title: `Project ${k}`, description: `About project ${k}.`, position: k }),
    (rows) => db.insert(projects).values(rows),
  );
  // Article k: every fourth one a draft.
  await insertMany(
    counts.articles,
    (k) => ({
      slug: `article-${k}`,
      title: `Article ${k}`,
      title_en: `Article ${k}`,
      content_en: `<p>Text of article ${k}.</p>`,
      created_at: new Date(START + k * 60_000),
      published: k % 4 !== 0,
      date: new Date(START),
    }),
    (rows) => db.insert(articles).values(rows),
  );
  return Math.round(performance.now() - started);
}

/**
 * An admin list's page controls in Arabic, on page one of `pages` (Arabic digits): "previous" at the right, "next"
 * at the left, the current page named and marked. Returns the controls.
 */
async function expectArabicPager(list: Locator, labelKey: TranslationKey, pages: string) {
  const nav = list.getByRole("navigation", { name: text("ar", labelKey) });
  const previous = await nav.getByRole("link", { name: text("ar", "admin.pages.previous") }).boundingBox();
  const next = await nav.getByRole("link", { name: text("ar", "admin.pages.next") }).boundingBox();
  expect(previous!.x).toBeGreaterThan(next!.x);
  await expect(
    nav.getByRole("link", { name: text("ar", "admin.pages.current", { page: "١", pages }) }),
  ).toHaveAttribute("aria-current", "page");
  return nav;
}

const panel = (page: Page, language: "en" | "ar" = "en") => adminView(page, "messages", language);
/** The items of the inbox's list (not those of its page controls). */
const listItems = (page: Page) => page.locator('ul[aria-labelledby="messages-title"] > li');

test("with 10,000 messages, 1,000 projects and 1,000 articles each panel shows one page in a few seconds", async ({
  page,
  db,
}) => {
  test.setTimeout(120_000);
  const seeded = await seed(db, { messages: 10_000, projects: 1_000, articles: 1_000 });
  console.log(`seeded 10,000 messages, 1,000 projects and 1,000 articles in ${seeded} ms`);
  await signIn(page);

  // The inbox, from a fresh load of its address.
  let started = performance.now();
  await page.goto(`${ADMIN}/messages`);
  await expect(panel(page).getByText("1–25 of 10,000 messages")).toBeVisible({ timeout: 15_000 });
  await expect(listItems(page)).toHaveCount(25);
  const inboxMs = Math.round(performance.now() - started);
  console.log(`inbox with 10,000 messages: first page shown in ${inboxMs} ms`);
  expect(inboxMs).toBeLessThan(8_000);
  await expect(listItems(page).first()).toContainText("Visitor 9999");
  await expect(panel(page).getByRole("heading", { name: /Messages/ })).toContainText("6,666 unread");

  // The last page, by its number; the address keeps it through a reload.
  const pages = panel(page).getByRole("navigation", { name: text("en", "admin.messages.pages") });
  started = performance.now();
  await pages.getByRole("link", { name: "Page 400", exact: true }).click();
  await expect(panel(page).getByText("9,976–10,000 of 10,000 messages")).toBeVisible();
  console.log(`inbox: page 400 shown in ${Math.round(performance.now() - started)} ms`);
  await expect(listItems(page).last()).toContainText("Visitor 0");
  await expect(panel(page).getByRole("heading", { name: /Messages/ })).toBeFocused();
  expect(page.url()).toMatch(new RegExp(`${ADMIN}/messages\\?page=400$`));
  await page.reload();
  await expect(panel(page).getByText("9,976–10,000 of 10,000 messages")).toBeVisible();

  // A search across the 10,000.
  started = performance.now();
  await panel(page)
    .getByRole("searchbox", { name: text("en", "admin.messages.search") })
    .fill("visitor4242@");
  await panel(page)
    .getByRole("button", { name: text("en", "admin.messages.searchButton") })
    .click();
  await expect(listItems(page)).toHaveCount(1);
  console.log(`inbox: search of 10,000 messages in ${Math.round(performance.now() - started)} ms`);
  await expect(listItems(page).first()).toContainText("Subject 4242");

  // Projects: one page of 1,000, from a fresh load.
  started = performance.now();
  await page.goto(ADMIN);
  const projectList = page.getByRole("region", { name: text("en", "admin.projects.listTitle") });
  await expect(projectList.getByText("1–25 of 1,000 projects")).toBeVisible({ timeout: 15_000 });
  await expect(projectList.getByRole("heading", { level: 3 })).toHaveCount(25);
  const projectsMs = Math.round(performance.now() - started);
  console.log(`projects with 1,000 projects: first page shown in ${projectsMs} ms`);
  expect(projectsMs).toBeLessThan(8_000);

  // Articles: one page of 1,000, and the drafts only, counted by the server.
  await openView(page, "articles");
  const articleList = page.getByRole("region", { name: text("en", "admin.articles.listTitle") });
  await expect(articleList.getByText("1–25 of 1,000 articles")).toBeVisible();
  await expect(articleList.getByRole("heading", { level: 3 })).toHaveCount(25);
  await expect(articleList.getByRole("heading", { level: 3 }).first()).toHaveText("Article 999");
  started = performance.now();
  await articleList.getByLabel(text("en", "admin.articles.filter")).selectOption("draft");
  await expect(articleList.getByText("1–25 of 250 articles")).toBeVisible();
  await expect(page).toHaveURL(`${ADMIN}/articles?status=draft`);
  console.log(`articles: drafts of 1,000 shown in ${Math.round(performance.now() - started)} ms`);
  await expect(articleList.getByRole("heading", { level: 3 }).first()).toHaveText("Article 996");
});

test("a project moves across pages: the first of page 2 goes up to the end of page 1", async ({
  page,
  db,
}) => {
  await insertMany(
    30,
    (k) => ({ title: `Project ${k}`, position: k }),
    (rows) => db.insert(projects).values(rows),
  );
  await signIn(page);
  const list = page.getByRole("region", { name: text("en", "admin.projects.listTitle") });
  const headings = list.getByRole("heading", { level: 3 });
  await expect(headings.first()).toHaveText("Project 0");
  // The very first cannot move up; the last of page 1 can move down.
  await expect(list.getByRole("button", { name: "Move Project 0 up" })).toBeDisabled();
  await expect(list.getByRole("button", { name: "Move Project 24 down" })).toBeEnabled();

  await list
    .getByRole("navigation", { name: text("en", "admin.projects.pages") })
    .getByRole("link", { name: text("en", "admin.pages.next") })
    .click();
  await expect(list.getByText("26–30 of 30 projects")).toBeVisible();
  await expect(headings.first()).toHaveText("Project 25");
  const up = list.getByRole("button", { name: "Move Project 25 up" });
  await expect(up).toBeEnabled();
  await up.click();
  await expect(toast(page)).toContainText(text("en", "admin.projects.moved"));
  // The list shows page 1 now, the project at its end, the focus on its button.
  await expect(list.getByText("1–25 of 30 projects")).toBeVisible();
  await expect(page).toHaveURL(`${ADMIN}/projects`);
  await expect(headings.last()).toHaveText("Project 25");
  await expect(headings.nth(23)).toHaveText("Project 23");
  await expect(up).toBeFocused();
  await expect(list.getByRole("button", { name: "Move Project 29 down" })).toHaveCount(0);
});

test("in Arabic: counts in Arabic plural forms and digits, page controls right to left, bulk actions", async ({
  page,
  context,
  baseURL,
  db,
}) => {
  await insertMany(
    60,
    (k) => ({
      name: k === 59 ? "أحمد" : `Visitor ${k}`,
      email: `visitor${k}@example.com`,
      subject: `Subject ${k}`,
      message: "Hello",
      created_at: new Date(START + k * 60_000),
    }),
    (rows) => db.insert(messages).values(rows),
  );
  await setPreferences(context, baseURL!, { language: "ar" });
  await signIn(page, "ar");
  await openView(page, "messages", "ar");
  const inbox = panel(page, "ar");
  await expect(inbox.getByText("١–٢٥ من ٦٠ رسالة")).toBeVisible();
  await expect(inbox.getByRole("heading", { level: 2 })).toContainText("٦٠ رسالة غير مقروءة");
  // The tab's count of unread messages too, in Arabic digits.
  const unreadBadge = page
    .getByRole("navigation")
    .getByLabel(text("ar", "admin.messages.unreadCount", { count: 60 }));
  await expect(unreadBadge).toHaveText("٦٠");

  // Right to left: "previous" is at the right, "next" at the left.
  await expectArabicPager(inbox, "admin.messages.pages", "٣");

  // Search in Arabic, without the hamza.
  await inbox.getByRole("searchbox").fill("احمد");
  await inbox.getByRole("searchbox").press("Enter");
  await expect(listItems(page)).toHaveCount(1);
  await expect(
    inbox.getByText(text("ar", "admin.messages.range", { count: 1, from: "١", to: "١" })),
  ).toBeVisible();
  await inbox.getByRole("link", { name: text("ar", "admin.messages.clearSearch") }).click();
  await expect(listItems(page)).toHaveCount(25);

  // Select all on this page, mark read: 25 fewer unread.
  await inbox.getByRole("checkbox", { name: text("ar", "admin.messages.selectAll") }).check();
  await expect(inbox.getByText("٢٥ رسالة محددة")).toBeVisible();
  await inbox.getByRole("button", { name: text("ar", "admin.messages.readSelected") }).click();
  await expect(toast(page, "ar")).toContainText(text("ar", "admin.messages.bulkRead", { count: 25 }));
  await expect(inbox.getByRole("heading", { level: 2 })).toContainText("٣٥ رسالة غير مقروءة");
  await expect(
    page.getByRole("navigation").getByLabel(text("ar", "admin.messages.unreadCount", { count: 35 })),
  ).toHaveText("٣٥");

  // Two chosen by hand, deleted after the confirmation.
  await inbox
    .getByRole("checkbox", { name: text("ar", "admin.messages.select", { name: "Visitor 58" }) })
    .check();
  await inbox
    .getByRole("checkbox", { name: text("ar", "admin.messages.select", { name: "Visitor 57" }) })
    .check();
  await expect(
    inbox.getByRole("checkbox", { name: text("ar", "admin.messages.selectAll") }),
  ).toHaveJSProperty("indeterminate", true);
  await inbox.getByRole("button", { name: text("ar", "admin.messages.deleteSelected") }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(text("ar", "admin.messages.bulkDeleteText", { count: 2 }));
  await dialog.getByRole("button", { name: text("ar", "admin.common.delete") }).click();
  await expect(toast(page, "ar")).toContainText(text("ar", "admin.messages.bulkDeleted", { count: 2 }));
  await expect(inbox.getByText("١–٢٥ من ٥٨ رسالة")).toBeVisible();
  expect(await db.select().from(messages)).toHaveLength(58);

  // Unread only: the 35 left unread (the two deleted had been read), counted.
  await inbox.getByRole("checkbox", { name: text("ar", "admin.messages.unreadOnly") }).check();
  await expect(inbox.getByText("١–٢٥ من ٣٥ رسالة")).toBeVisible();
});

test("the Activity tab pages a long audit log with the other lists' controls, in Arabic digits", async ({
  page,
  context,
  baseURL,
  db,
}) => {
  await insertMany(
    120,
    (k) => ({
      at: new Date(START - k * 60_000),
      action: "articleUpdated",
      subject: `Article ${k + 1}`,
      address: "203.0.113.9",
    }),
    (rows) => db.insert(auditEvents).values(rows),
  );
  await setPreferences(context, baseURL!, { language: "ar" });
  await signIn(page, "ar");
  const activity = await openView(page, "activity", "ar");
  const events = activity.locator('ol[aria-labelledby="activity-title"] > li');
  await expect(events).toHaveCount(50);
  // The 120 written here and the sign-in just made (one event or more).
  const total = (await db.select().from(auditEvents)).length;
  expect(total).toBeGreaterThan(120);
  await expect(
    activity.getByText(text("ar", "admin.activity.range", { count: total, from: "١", to: "٥٠" })),
  ).toBeVisible();

  // Right to left, the current page named in Arabic digits; the next page holds the next fifty.
  const nav = await expectArabicPager(activity, "admin.activity.pages", "٣");
  await nav.getByRole("link", { name: text("ar", "admin.pages.next") }).click();
  await expect(
    activity.getByText(text("ar", "admin.activity.range", { count: total, from: "٥١", to: "١٠٠" })),
  ).toBeVisible();
  await expect(events).toHaveCount(50);
  await expect(events.first()).toContainText(`Article ${51 - (total - 120)}`);
  await nav.getByRole("link", { name: text("ar", "admin.pages.page", { page: "٣", pages: "٣" }) }).click();
  await expect(
    activity.getByText(
      text("ar", "admin.activity.range", { count: total, from: "١٠١", to: formatNumber(total, LOCALES.ar) }),
    ),
  ).toBeVisible();
  await expect(events.last()).toContainText("Article 120");
  expect(await activity.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
  expect(await leftToRightArabic(page)).toEqual([]);
});
