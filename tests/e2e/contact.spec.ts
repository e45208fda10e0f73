import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page, Route } from "@playwright/test";
import { apiErrorText } from "#core/api-errors.ts";
import type { Language, Theme } from "#core/preferences.ts";
import type { Database } from "#db/client.ts";
import { messages, rateLimits } from "#db/schema.ts";
import {
  LANGUAGES,
  expect,
  failedResource,
  setPreferences,
  settleAnimations,
  siteConfig,
  test,
  text,
  at,
  pastMinimumFillTime,
} from "./fixtures.ts";

// The contact page (docs/product.md §2 "Contact", §4, §8, §12) in a real Chromium, in English and Arabic: the
// information panel, field errors under the fields, 'Sending...', the success toast and an emptied form,
// a failure of the whole form, the plain post without JavaScript, and an external form service.

const LABELS = {
  name: "contact.name",
  email: "contact.yourEmail",
  subject: "contact.subject",
  message: "contact.message",
} as const;
type Field = keyof typeof LABELS;

const TYPED: Record<Language, Record<Field, string>> = {
  en: { name: "Mona Ali", email: "mona@example.com", subject: "A new shop", message: "Hello!\nCan we talk?" },
  ar: { name: "منى علي", email: "mona@example.com", subject: "متجر جديد", message: "مرحبًا!\nهل نتحدث؟" },
};

/** The destructive text colour of each theme (app.css, `text-destructive dark:text-red-400`). */
const RED: Record<Theme, string> = { light: "rgb(185, 28, 28)", dark: "oklch(0.704 0.191 22.216)" };

function field(page: Page, language: Language, name: Field): Locator {
  return page.getByRole("main").getByLabel(text(language, LABELS[name]), { exact: true });
}

function sendButton(page: Page, language: Language) {
  return page.getByRole("main").getByRole("button", { name: text(language, "contact.send") });
}

async function fill(page: Page, language: Language, values: Partial<Record<Field, string>>) {
  for (const [name, value] of Object.entries(values) as [Field, string][]) {
    await field(page, language, name).fill(value);
  }
}

async function storedMessages(db: Database) {
  return db.select().from(messages);
}

function toasts(page: Page, language: Language) {
  return page.getByRole("region", { name: text(language, "common.notifications") }).getByRole("listitem");
}

for (const language of LANGUAGES) {
  const theme: Theme = language === "ar" ? "dark" : "light";

  test.describe(`in ${language} (${theme})`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setPreferences(context, baseURL!, { language, theme });
    });

    test("shows the owner's details and a form of four required fields", async ({ page }) => {
      await page.goto(at(language, "/contact"));
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: siteConfig.email })).toHaveAttribute(
        "href",
        `mailto:${siteConfig.email}`,
      );
      await expect(main.getByText(siteConfig.location[language])).toBeVisible();
      await expect(main.getByRole("link", { name: siteConfig.phone })).toHaveAttribute("href", /^tel:\+20/);
      await expect(
        main.getByRole("heading", { level: 2, name: text(language, "contact.formTitle") }),
      ).toBeVisible();
      for (const name of Object.keys(LABELS) as Field[]) {
        await expect(field(page, language, name)).toBeVisible();
        await expect(field(page, language, name)).toHaveAttribute("required", "");
      }
      await expect(field(page, language, "email")).toHaveAttribute("type", "email");
      await expect(field(page, language, "message")).toHaveAttribute("rows", "5");
      await expect(main.locator('input[type="hidden"][name="form_origin"]')).toHaveValue(/\/contact$/);
      await expect(sendButton(page, language)).toBeEnabled();
    });

    test("an empty form gets an error under every field in the page's language, not the browser's bubble", async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(failedResource(422));
      await page.goto(at(language, "/contact"));
      await sendButton(page, language).click();
      const required = apiErrorText(language, "contactRequired");
      await expect(page.getByRole("main").getByText(required, { exact: true })).toHaveCount(4);
      for (const name of Object.keys(LABELS) as Field[]) {
        await expect(field(page, language, name)).toHaveAccessibleDescription(required);
      }
    });

    test("shows the server's field errors in red under their fields, in the page's language, keeping what was typed", async ({
      page,
      db,
      consoleGuard,
    }) => {
      consoleGuard.allow(failedResource(422));
      await page.goto(at(language, "/contact"));
      // Both pass the browser's own checks; the server refuses them.
      await fill(page, language, { ...TYPED[language], name: "   ", email: "mona@localhost" });
      await sendButton(page, language).click();

      const required = apiErrorText(language, "contactRequired");
      const badEmail = apiErrorText(language, "contactEmail");
      const nameError = page.getByRole("main").getByText(required, { exact: true });
      const emailError = page.getByRole("main").getByText(badEmail, { exact: true });
      await expect(nameError).toBeVisible();
      await expect(emailError).toBeVisible();
      await expect(nameError).toHaveCSS("color", RED[theme]);
      await expect(emailError).toHaveCSS("color", RED[theme]);
      await expect(field(page, language, "name")).toHaveAccessibleDescription(required);
      await expect(field(page, language, "email")).toHaveAccessibleDescription(badEmail);
      await expect(field(page, language, "name")).toHaveAttribute("aria-invalid", "true");
      await expect(field(page, language, "name")).toBeFocused();
      // Under its field: the error comes right after the input, above the next label.
      const inputBox = (await field(page, language, "email").boundingBox())!;
      const errorBox = (await emailError.boundingBox())!;
      const nextLabelBox = (await page
        .getByText(text(language, "contact.subject"), { exact: true })
        .boundingBox())!;
      expect(errorBox.y).toBeGreaterThan(inputBox.y + inputBox.height - 1);
      expect(errorBox.y).toBeLessThan(nextLabelBox.y);
      await expect(page.getByRole("alert")).toContainText(text(language, "contact.notSent"));
      await expect(field(page, language, "email")).toHaveValue("mona@localhost");
      await expect(field(page, language, "message")).toHaveValue(TYPED[language].message);
      expect(await storedMessages(db)).toEqual([]);
      // Red text that is still readable: axe checks the contrast of the errors, and their labels.
      await settleAnimations(page);
      expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

      // Corrected, it goes through and the errors leave.
      await fill(page, language, { name: TYPED[language].name, email: TYPED[language].email });
      await pastMinimumFillTime(page);
      await sendButton(page, language).click();
      await expect(toasts(page, language)).toContainText(text(language, "contact.successTitle"));
      await expect(nameError).toHaveCount(0);
      await expect(page.getByRole("alert")).toHaveCount(0);
      expect(await storedMessages(db)).toHaveLength(1);
    });

    test("reads 'Sending...' while sending, then shows the success toast and empties the form", async ({
      page,
      db,
    }) => {
      await page.goto(at(language, "/contact"));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/f/contact", async (route: Route) => {
        await held;
        await route.continue();
      });
      await fill(page, language, TYPED[language]);
      await pastMinimumFillTime(page);
      await sendButton(page, language).click();

      const sending = page.getByRole("main").getByRole("button", { name: text(language, "contact.sending") });
      await expect(sending).toBeVisible();
      await expect(sending).toBeDisabled();
      expect(text(language, "contact.sending")).toBe(language === "en" ? "Sending..." : "جارٍ الإرسال...");
      release();

      const toast = toasts(page, language);
      await expect(toast).toContainText(text(language, "contact.successTitle"));
      await expect(toast).toContainText(text(language, "contact.successText"));
      if (language === "en") {
        await expect(toast).toContainText("Message Sent Successfully!");
        await expect(toast).toContainText("Thanks for reaching out. I'll get back to you soon.");
      }
      for (const name of Object.keys(LABELS) as Field[])
        await expect(field(page, language, name)).toHaveValue("");
      await expect(sendButton(page, language)).toBeEnabled();
      expect(await storedMessages(db)).toMatchObject([{ ...TYPED[language] }]);
    });

    test("shows a refusal of the whole form, such as the rate limit, in the page's language", async ({
      page,
      db,
      consoleGuard,
    }) => {
      consoleGuard.allow(failedResource(429));
      // This browser already sent its allowance (5 in 10 minutes) just now.
      await db
        .insert(rateLimits)
        .values({ bucket: "contact", key: "127.0.0.1", hits: 5, window_started_at: new Date() });
      await page.goto(at(language, "/contact"));
      await fill(page, language, TYPED[language]);
      await sendButton(page, language).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText(text(language, "contact.notSent"));
      await expect(alert).toContainText(apiErrorText(language, "contactLimited", { count: 10 }));
      await expect(field(page, language, "message")).toHaveValue(TYPED[language].message);
      expect(await storedMessages(db)).toEqual([]);
    });

    test("shows the error text when the request never reaches the server", async ({ page, consoleGuard }) => {
      consoleGuard.allow(/net::ERR_FAILED/);
      await page.goto(at(language, "/contact"));
      await page.route("**/f/contact", (route) => route.abort("failed"));
      await fill(page, language, TYPED[language]);
      await sendButton(page, language).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText(text(language, "contact.notSent"));
      await expect(alert).toContainText("Failed to fetch");
      await expect(field(page, language, "subject")).toHaveValue(TYPED[language].subject);
    });

    test("works without JavaScript: a plain post shows success, and a refused one keeps every typed value", async ({
      browser,
      baseURL,
      db,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      await setPreferences(context, baseURL!, { language, theme });
      const page = await context.newPage();
      try {
        await page.goto(at(language, "/contact"));
        await fill(page, language, TYPED[language]);
        await pastMinimumFillTime(page);
        await sendButton(page, language).click();
        await expect(page).toHaveURL(at(language, "/contact?sent=1"));
        const status = page.getByRole("main").getByRole("status");
        await expect(status).toContainText(text(language, "contact.successTitle"));
        await expect(status).toContainText(text(language, "contact.successText"));
        expect(await storedMessages(db)).toMatchObject([{ ...TYPED[language] }]);
        // Reloading the success page does not send it again.
        await page.reload();
        expect(await storedMessages(db)).toHaveLength(1);

        const refused = page.waitForResponse((response) => response.request().method() === "POST");
        await fill(page, language, { ...TYPED[language], email: "mona@localhost", subject: " " });
        await sendButton(page, language).click();
        expect((await refused).status()).toBe(422);
        await expect(page.getByRole("main").getByText(apiErrorText(language, "contactEmail"))).toBeVisible();
        await expect(
          page.getByRole("main").getByText(apiErrorText(language, "contactRequired")),
        ).toBeVisible();
        // Without JavaScript no saved theme applies (it is kept in localStorage, decision 037): the light one.
        await expect(page.getByRole("main").getByText(apiErrorText(language, "contactEmail"))).toHaveCSS(
          "color",
          RED.light,
        );
        await expect(page.getByRole("alert")).toContainText(text(language, "contact.notSent"));
        await expect(page.getByRole("main").getByRole("status")).toHaveCount(0);
        await expect(field(page, language, "name")).toHaveValue(TYPED[language].name);
        await expect(field(page, language, "email")).toHaveValue("mona@localhost");
        await expect(field(page, language, "message")).toHaveValue(TYPED[language].message);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        expect(await storedMessages(db)).toHaveLength(1);

        // Another visitor gets an empty form, not this one's page.
        const other = await browser.newPage({ baseURL });
        try {
          await other.goto(at(language, "/contact"));
          await expect(
            other.getByRole("main").getByLabel(text(language, LABELS.name), { exact: true }),
          ).toHaveValue("");
          await expect(other.getByRole("alert")).toHaveCount(0);
        } finally {
          await other.close();
        }
      } finally {
        await context.close();
      }
    });
  });
}

test.describe("with an external form service (CONTACT_FORM_ENDPOINT)", () => {
  const ENDPOINT = "https://forms.example.com/f/xyzabcd";

  test("posts there, shows its field errors, then its success", async ({
    page,
    startServer,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(422));
    const other = await startServer({ CONTACT_FORM_ENDPOINT: ENDPOINT });
    const replies = [
      {
        status: 422,
        body: {
          error: "Validation errors",
          errors: [{ field: "email", code: "TYPE_EMAIL", message: "should be an email" }],
        },
      },
      { status: 200, body: { next: "https://forms.example.com/thanks", ok: true } },
    ];
    const posted: string[] = [];
    // The form service is a third party: its replies are played back here (Formspree's own format).
    await page.route(ENDPOINT, async (route) => {
      posted.push(route.request().postData() ?? "");
      const reply = replies.shift()!;
      await route.fulfill({
        status: reply.status,
        contentType: "application/json",
        headers: { "Access-Control-Allow-Origin": "*" },
        body: JSON.stringify(reply.body),
      });
    });
    await page.goto(`${other.url}/contact`);
    await expect(page.getByRole("main").locator("form")).toHaveAttribute("action", ENDPOINT);
    await fill(page, "en", TYPED.en);
    await sendButton(page, "en").click();
    await expect(page.getByRole("main").getByText("should be an email")).toBeVisible();
    await expect(field(page, "en", "email")).toHaveAccessibleDescription("should be an email");

    await sendButton(page, "en").click();
    await expect(toasts(page, "en")).toContainText(text("en", "contact.successTitle"));
    await expect(field(page, "en", "name")).toHaveValue("");
    expect(posted).toHaveLength(2);
    expect(posted[0]).toContain('name="name"\r\n\r\nMona Ali');
    expect(posted[0]).toContain('name="_gotcha"');
  });
});
