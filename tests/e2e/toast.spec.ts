import type { Page } from "@playwright/test";
import type { Language } from "#core/preferences.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { LANGUAGES, expect, failedResource, setPreferences, test, text, at } from "./fixtures.ts";

// The toast area (docs/product.md §4/§9): at most one toast, 5000 ms, a close button, the F8 hotkey. The unknown
// article's error toast is the one toast a page shows by itself.

function toasts(page: Page, language: Language) {
  return page.getByRole("region", { name: text(language, "common.notifications") }).getByRole("listitem");
}

test.beforeEach(({ consoleGuard }) => {
  consoleGuard.allow(failedResource(404));
});

for (const language of LANGUAGES) {
  test(`F8 focuses the notifications region and the close button dismisses the toast (${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await setPreferences(context, baseURL!, { language });
    await page.goto(at(language, "/articles/missing"));
    const toast = toasts(page, language);
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText(text(language, "errors.fetchArticle"));
    await expect(toast).toHaveClass(/\bbg-destructive\b/);

    const focusInViewport = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return Boolean(active?.closest("ol") && active.closest('[role="region"]'));
      });
    expect(await focusInViewport()).toBe(false);
    await page.keyboard.press("F8");
    await expect.poll(focusInViewport).toBe(true);

    await toast.getByRole("button", { name: text(language, "common.close") }).click();
    await expect(toast).toHaveCount(0);
  });
}

for (const language of LANGUAGES) {
  test(`F8 focuses the notifications region before any toast (${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await setPreferences(context, baseURL!, { language });
    await page.goto(at(language, "/"));
    const region = page.getByRole("region", { name: text(language, "common.notifications") });
    await page.keyboard.press("F8");
    await expect(region.getByRole("list")).toBeFocused();
    await expect(region.getByRole("listitem")).toHaveCount(0);
  });
}

test("a toast dismisses itself after 5000 ms", async ({ page }) => {
  await page.clock.install();
  await page.goto("/articles/missing");
  const toast = toasts(page, "en");
  await expect(toast).toHaveCount(1);
  // Stop the clock just after the toast opened, then move it by hand.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await page.clock.runFor(3_500);
  await expect(toast).toHaveCount(1);
  await page.clock.runFor(2_000);
  await expect(toast).toHaveCount(0);
});

test("at most one toast shows at a time", async ({ page, context, db }) => {
  await page.addInitScript(() => {
    delete (Navigator.prototype as Partial<Navigator>).share;
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await insertArticle(db, { slug: "twice" });
  await page.goto("/articles/twice");
  const share = page.getByRole("button", { name: text("en", "articles.share") });
  await share.click();
  await expect(toasts(page, "en")).toHaveCount(1);
  await share.click();
  await share.click();
  await expect(toasts(page, "en")).toHaveCount(1);
  await expect(toasts(page, "en")).toContainText(text("en", "articles.linkCopied"));
});
