import type { Page } from "@playwright/test";
import type { ArabicRegion } from "#core/locales.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { ADMIN, openView, signIn, toast } from "./admin-page.ts";
import { at, expect, setPreferences, test, text } from "./fixtures.ts";

// The site's Arabic is the owner's (docs/product.md §17.1): the region chosen in Settings decides the digits and
// month names of every Arabic date and number, on the public pages (rendered on the server, then hydrated without a
// mismatch, which the console guard would catch) and in the admin.

const ARABIC_INDIC = /[٠-٩]/;
const LEVANT_MONTH = /كانون|شباط|آذار|نيسان|أيار|حزيران|تموز|آب|أيلول|تشرين/;
const EGYPT_MONTH = /يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر/;

/** Chooses the region in Settings → Contact details, in the Arabic admin, and saves it. */
async function chooseRegion(page: Page, region: ArabicRegion) {
  const panel = await openView(page, "settings", "ar");
  await panel
    .getByRole("navigation", { name: text("ar", "admin.settings.sectionsLabel") })
    .getByRole("link", { name: text("ar", "admin.settings.sections.contact") })
    .click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/settings/contact$`));
  const select = panel.getByLabel(text("ar", "admin.settings.fields.arabicRegion"));
  await select.selectOption(region);
  await panel.getByRole("button", { name: text("ar", "admin.settings.save") }).click();
  await expect(toast(page, "ar")).toContainText(text("ar", "admin.settings.saved"));
  await expect(select).toHaveValue(region);
}

/** Makes a testimonial link in the Arabic admin: the date it is good until, as the admin writes it. */
async function linkReadyDate(page: Page, client: string) {
  const view = await openView(page, "testimonials", "ar");
  await view.getByLabel(text("ar", "admin.testimonials.linkLabel")).fill(client);
  await view.getByRole("radio", { name: text("ar", "testimonials.arabic") }).check();
  await view.getByRole("button", { name: text("ar", "admin.testimonials.linkCreate") }).click();
  // The message around the date: its text before and after {{date}}.
  const [before, after] = text("ar", "admin.testimonials.linkReady", { date: "\u0000" }).split("\u0000") as [
    string,
    string,
  ];
  const ready = view.getByRole("status").filter({ hasText: before });
  await expect(ready).toBeVisible();
  const message = (await ready.textContent()) ?? "";
  expect(message.startsWith(before) && message.endsWith(after)).toBe(true);
  return message.slice(before.length, message.length - after.length);
}

test("the owner's Arabic region sets the digits and month names of the public pages and the admin", async ({
  page,
  context,
  baseURL,
  db,
}) => {
  test.setTimeout(60_000);
  await insertArticle(db, {
    title_en: "Caching in Node",
    title_ar: "التخزين المؤقت",
    date: new Date("2026-01-15T10:00:00Z"),
  });
  await setPreferences(context, baseURL!, { language: "ar" });
  const visitor = await context.newPage();
  const articleDate = visitor.getByRole("main").locator("time").first();
  const footer = visitor.getByRole("contentinfo");
  const year = String(new Date().getFullYear());

  // Egypt until the owner chooses: Arabic-Indic digits, يناير.
  await visitor.goto(at("ar", "/articles"));
  await expect(articleDate).toHaveText("١٥ يناير ٢٠٢٦");

  await signIn(page, "ar");

  // The Maghreb writes 0–9, on the server's page, after hydration, and in the admin.
  await chooseRegion(page, "maghreb");
  await visitor.goto(at("ar", "/articles"));
  await expect(articleDate).toHaveText("15 يناير 2026");
  await expect(footer).toContainText(`© ${year}`);
  await visitor.getByRole("main").getByRole("link", { name: "التخزين المؤقت" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("التخزين المؤقت");
  await expect(articleDate).toHaveText("15 يناير 2026");
  await expect(articleDate).toHaveAttribute("title", /^15 يناير 2026، \d{1,2}:\d{2} /);
  const maghreb = await linkReadyDate(page, "منى");
  expect(maghreb).toMatch(/\d{4}/);
  expect(maghreb).not.toMatch(ARABIC_INDIC);

  // The Levant names the months كانون الثاني، شباط… with Arabic-Indic digits, in both places.
  await chooseRegion(page, "levant");
  await visitor.goto(at("ar", "/articles"));
  await expect(articleDate).toHaveText("١٥ كانون الثاني ٢٠٢٦");
  await expect(footer).not.toContainText(`© ${year}`);
  const levant = await linkReadyDate(page, "سامر");
  expect(levant).toMatch(LEVANT_MONTH);
  expect(levant).not.toMatch(EGYPT_MONTH);
  expect(levant).toMatch(ARABIC_INDIC);

  // English stays as it was.
  await visitor.goto(at("en", "/articles"));
  await expect(articleDate).toHaveText("January 15, 2026");
});
