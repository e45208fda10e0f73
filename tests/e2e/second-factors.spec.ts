import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { rateLimits } from "#db/schema.ts";
import { LOGIN_GLOBAL_MAX_CHECKS } from "#server/features/auth/owner-auth.ts";
import { ADMIN, openView, signIn, toast } from "./admin-page.ts";
import { LANGUAGES, OWNER_PASSWORD, expect, setPreferences, test, text } from "./fixtures.ts";

// A second lock on the owner's door (docs/product.md §22): the authenticator app and a passkey set up from
// Settings, then needed at sign-in, in English and in Arabic (right to left).

type Language = "en" | "ar";

async function openFactors(page: Page, language: Language) {
  const settings = await openView(page, "settings", language);
  await settings.getByRole("link", { name: text(language, "admin.settings.sections.security") }).click();
  const section = page.getByRole("region", { name: text(language, "admin.settings.factors.title") });
  await expect(section).toBeVisible();
  return section;
}

async function signOut(page: Page, language: Language) {
  await page.getByRole("button", { name: text(language, "admin.signOut"), exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: text(language, "admin.signIn.title") }),
  ).toBeVisible();
}

async function enterPassword(page: Page, language: Language) {
  await page.getByLabel(text(language, "admin.signIn.password")).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: text(language, "admin.signIn.submit") }).click();
  await expect(page.getByText(text(language, "admin.signIn.secondStep"))).toBeVisible();
}

const adminHeading = (page: Page, language: Language) =>
  page.getByRole("heading", { level: 1, name: text(language, "admin.title") });

for (const language of LANGUAGES) {
  test(`(${language}) the owner turns on an authenticator app from a QR code and then signs in with its code`, async ({
    page,
    context,
    baseURL,
    consoleGuard,
    db,
  }) => {
    consoleGuard.allow(/status of 401/);
    consoleGuard.allow(/status of 429/);
    await setPreferences(context, baseURL!, { language });
    await signIn(page, language);
    const factors = await openFactors(page, language);
    await expect(factors).toHaveCSS("direction", language === "ar" ? "rtl" : "ltr");
    await expect(factors.getByText(text(language, "admin.settings.factors.off"))).toBeVisible();

    await factors.getByLabel(text(language, "admin.settings.factors.password")).fill(OWNER_PASSWORD);
    await factors.getByRole("button", { name: text(language, "admin.settings.factors.setUpApp") }).click();
    const qr = factors.getByRole("img", { name: text(language, "admin.settings.factors.qrAlt") });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const secret = (await factors.locator("code").textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(factors.locator("code")).toHaveAttribute("dir", "ltr");
    await factors
      .getByLabel(text(language, "admin.settings.factors.firstCode"))
      .fill(await generate({ secret }));
    await factors.getByRole("button", { name: text(language, "admin.settings.factors.confirmApp") }).click();
    await expect(toast(page, language)).toContainText(text(language, "admin.settings.factors.appAdded"));
    const codes = factors
      .getByRole("list", { name: text(language, "admin.settings.factors.recoveryTitle") })
      .getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().textContent())!.trim();
    await expect(factors.getByText(text(language, "admin.settings.factors.on"))).toBeVisible();
    await factors
      .getByRole("button", { name: text(language, "admin.settings.factors.recoverySaved") })
      .click();
    await expect(codes).toHaveCount(0);

    // Signing in now takes the password and then a code.
    await signOut(page, language);
    await enterPassword(page, language);
    const code = page.getByLabel(text(language, "admin.signIn.code"));
    await expect(code).toHaveAttribute("dir", "ltr");
    await code.fill("000000");
    await page.getByRole("button", { name: text(language, "admin.signIn.verify") }).click();
    await expect(page.getByRole("alert")).toHaveText(
      language === "ar" ? "الرمز غير صحيح." : "The code is not correct.",
    );
    await expect(adminHeading(page, language)).toHaveCount(0);
    // The code of the next 30 seconds: the one setup used is spent, and one step of drift is allowed.
    await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole("button", { name: text(language, "admin.signIn.verify") }).click();
    await expect(adminHeading(page, language)).toBeVisible();

    // Guesses from everywhere pause sign-in for everyone, and this browser is a new one (no device cookie): the
    // password alone waits, and the form offers a second factor's code with it, which gets the owner in at once.
    await signOut(page, language);
    await context.clearCookies({ name: "sira_device" });
    const pause = { hits: LOGIN_GLOBAL_MAX_CHECKS + 5, blocked_until: new Date(Date.now() + 50 * 60_000) };
    await db
      .insert(rateLimits)
      .values({ bucket: "login-all", key: "*", window_started_at: new Date(), ...pause })
      .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.key], set: pause });
    await page.getByLabel(text(language, "admin.signIn.password")).fill(OWNER_PASSWORD);
    await page.getByRole("button", { name: text(language, "admin.signIn.submit") }).click();
    await expect(page.getByRole("alert")).toContainText(
      language === "ar" ? "محاولات دخول كثيرة جدًا" : "Too many sign-in attempts reached this site",
    );
    const pausedCode = page.getByLabel(text(language, "admin.signIn.pausedCode"));
    await expect(pausedCode).toHaveAttribute("dir", "ltr");
    await expect(page.getByText(text(language, "admin.signIn.pausedCodeHint"))).toHaveCSS(
      "direction",
      language === "ar" ? "rtl" : "ltr",
    );
    // The app's codes of these 30 seconds are spent: a recovery code does as well.
    await pausedCode.fill(recoveryCode);
    await page.getByRole("button", { name: text(language, "admin.signIn.submit") }).click();
    await expect(adminHeading(page, language)).toBeVisible();
  });

  test(`(${language}) the owner adds a passkey in Settings and signs in with it (Chromium's virtual authenticator)`, async ({
    page,
    context,
    baseURL,
  }) => {
    // Passkeys belong to a host name, never an IP address: the browser goes to the same server as localhost.
    const origin = baseURL!.replace("127.0.0.1", "localhost");
    await setPreferences(context, origin, { language });
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await signIn(page, language, origin);
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    const factors = await openFactors(page, language);
    await factors.getByLabel(text(language, "admin.settings.factors.password")).fill(OWNER_PASSWORD);
    const name = language === "ar" ? "الحاسوب المحمول" : "Work laptop";
    await factors.getByLabel(text(language, "admin.settings.factors.passkeyName")).fill(name);
    await factors.getByRole("button", { name: text(language, "admin.settings.factors.addPasskey") }).click();
    await expect(toast(page, language)).toContainText(text(language, "admin.settings.factors.passkeyAdded"));
    const passkeys = factors.getByRole("list", { name: text(language, "admin.settings.factors.passkeys") });
    await expect(passkeys.getByRole("listitem")).toHaveText([name]);
    await expect(
      factors
        .getByRole("list", { name: text(language, "admin.settings.factors.recoveryTitle") })
        .getByRole("listitem"),
    ).toHaveCount(10);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);

    await signOut(page, language);
    await enterPassword(page, language);
    await page.getByRole("button", { name: text(language, "admin.signIn.usePasskey") }).click();
    await expect(adminHeading(page, language)).toBeVisible();
    const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);

    // Removing it needs the password; with none left, the password alone signs in again.
    const again = await openFactors(page, language);
    await again.getByLabel(text(language, "admin.settings.factors.password")).fill(OWNER_PASSWORD);
    await again
      .getByRole("button", { name: text(language, "admin.settings.factors.removePasskey", { name }) })
      .click();
    await expect(toast(page, language)).toContainText(
      text(language, "admin.settings.factors.passkeyRemoved"),
    );
    await expect(again.getByText(text(language, "admin.settings.factors.off"))).toBeVisible();
    await signOut(page, language);
    await page.goto(origin + ADMIN);
    await page.getByLabel(text(language, "admin.signIn.password")).fill(OWNER_PASSWORD);
    await page.getByRole("button", { name: text(language, "admin.signIn.submit") }).click();
    await expect(adminHeading(page, language)).toBeVisible();
  });
}
