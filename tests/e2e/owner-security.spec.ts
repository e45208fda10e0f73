import { apiErrorText } from "#core/api-errors.ts";
import { ADMIN, adminView, openView, signIn, toast } from "./admin-page.ts";
import { expect, setPreferences, test, text } from "./fixtures.ts";

// The owner's sessions and the audit log (docs/product.md §26): where the owner is signed in, signing one out or
// all others (after the password again), and the Activity tab that shows who tried to sign in and what changed.

test("the owner sees the other signed-in browser, signs it out, and finds it all in the Activity tab in Arabic", async ({
  page,
  browser,
  startServer,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 401/);
  consoleGuard.allow(/status of 422/);
  const own = await startServer({});

  // Someone guesses wrong once, then the owner signs in from a second browser ("the phone").
  const phoneContext = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  });
  const phone = await phoneContext.newPage();
  await phone.goto(own.url + ADMIN);
  await phone.getByLabel(text("en", "admin.signIn.password")).fill("a wrong guess here");
  await phone.getByRole("button", { name: text("en", "admin.signIn.submit") }).click();
  await expect(phone.getByText(apiErrorText("en", "signInFailed"))).toBeVisible();
  await signIn(phone, "en", own.url);

  await signIn(page, "en", own.url);
  const settings = await openView(page, "settings");
  await settings.getByRole("link", { name: text("en", "admin.settings.sections.security") }).click();
  const sessions = page.getByRole("region", { name: text("en", "admin.settings.sessions.title") });
  const rows = sessions.getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: text("en", "admin.settings.sessions.current") })).toHaveCount(1);
  const iphone = rows.filter({ hasText: "Safari 18 · iOS" });
  await expect(iphone).toHaveCount(1);

  // Signing out everywhere else asks for the password; cancelling it changes nothing.
  await sessions.getByRole("button", { name: text("en", "admin.settings.password.endOthers") }).click();
  const asking = page.getByRole("dialog", { name: text("en", "admin.settings.sessions.endOthersTitle") });
  await asking.getByLabel(text("en", "admin.confirmPassword.label")).fill("not the password at all");
  await asking.getByRole("button", { name: text("en", "admin.settings.password.endOthers") }).click();
  await expect(asking).toContainText(apiErrorText("en", "passwordConfirmWrong"));
  await asking.getByRole("button", { name: text("en", "admin.common.close") }).click();
  await expect(rows).toHaveCount(2);

  // One session signed out by its own button: the phone is asked for the password again.
  await iphone.getByRole("button", { name: text("en", "admin.settings.sessions.end") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.settings.sessions.ended"));
  await expect(rows).toHaveCount(1);
  await phone.reload();
  await expect(phone.getByLabel(text("en", "admin.signIn.password"))).toBeVisible();
  await phoneContext.close();

  // The Activity tab, in Arabic: newest first, the failed guess marked, right to left.
  await setPreferences(page.context(), own.url, { language: "ar" });
  await page.goto(`${own.url}${ADMIN}/activity`);
  const panel = adminView(page, "activity", "ar");
  const events = panel.getByRole("listitem");
  await expect(events.first()).toContainText(text("ar", "admin.activity.actions.sessionEnded"));
  const expected = ["sessionEnded", "confirmFailed", "signIn", "signIn", "signInFailed"] as const;
  await expect(events).toHaveCount(expected.length);
  for (const [index, action] of expected.entries())
    await expect(events.nth(index)).toContainText(text("ar", `admin.activity.actions.${action}`));
  await expect(panel).toContainText(text("ar", "admin.activity.range", { count: 5, from: "١", to: "٥" }));
  await expect(events.last()).toContainText("Safari 18 · iOS");
  expect(await panel.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");

  // Filtered to failed sign-ins only.
  await panel.getByLabel(text("ar", "admin.activity.filter")).selectOption("signInFailed");
  await expect(events).toHaveCount(1);
  await expect(panel).toContainText(text("ar", "admin.activity.range", { count: 1 }));
});
