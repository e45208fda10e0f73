import type { Page } from "@playwright/test";
import { LANGUAGES, at, computedStyle, expect, setPreferences, siteConfig, test, text } from "./fixtures.ts";
import { LOCALES } from "#core/dates.ts";
import type { Language } from "#core/preferences.ts";

// The shared layout of docs/product.md §2: top bar, active link, logo, footer, language menu, mobile menu.

const NAV_KEYS = ["home", "about", "projects", "articles", "services", "contact"] as const;

function mainNav(page: Page, language: Language) {
  return page.getByRole("navigation", { name: text(language, "nav.main") });
}

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setPreferences(context, baseURL!, { language });
    });

    test("the top bar has six links, the active one bold in the primary colour, and a logo linking home", async ({
      page,
    }) => {
      await page.goto(at(language, "/projects"));
      const nav = mainNav(page, language);
      const links = nav.getByRole("list").getByRole("link");
      await expect(links).toHaveText(NAV_KEYS.map((key) => text(language, `nav.${key}`)));
      await expect(links).toHaveCount(6);

      const logo = nav.getByRole("link", { name: text(language, "nav.homeLink") });
      await expect(logo).toHaveText(siteConfig.initials);
      const primary = await computedStyle(logo, "background-color")();

      const active = nav.getByRole("link", { name: text(language, "nav.projects") });
      await expect(active).toHaveAttribute("aria-current", "page");
      expect(Number(await computedStyle(active, "font-weight")())).toBeGreaterThanOrEqual(700);
      await expect.poll(computedStyle(active, "color")).toBe(primary);

      const inactive = nav.getByRole("link", { name: text(language, "nav.about") });
      await expect(inactive).not.toHaveAttribute("aria-current", "page");
      expect(Number(await computedStyle(inactive, "font-weight")())).toBeLessThan(700);
      await expect.poll(computedStyle(inactive, "color")).not.toBe(primary);

      await logo.click();
      await expect(page).toHaveURL(at(language, "/"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(siteConfig.heroTitle[language]);
      await expect(nav.getByRole("link", { name: text(language, "nav.home"), exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });

    test("the footer has five external links opening safely in a new tab, its text and © this year", async ({
      page,
    }) => {
      await page.goto(at(language, "/about"));
      const footer = page.getByRole("contentinfo");
      const links = footer.getByRole("list", { name: text(language, "footer.social") }).getByRole("link");
      await expect(links).toHaveCount(5);
      const names = (["email", "github", "linkedin", "twitter", "instagram"] as const).map((key) =>
        text(language, `footer.${key}`),
      );
      for (const [index, name] of names.entries()) {
        const link = links.nth(index);
        await expect(link).toHaveAccessibleName(name);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
      }
      await expect(links.first()).toHaveAttribute("href", `mailto:${siteConfig.email}`);
      await expect(footer.getByText(siteConfig.footerText[language])).toBeVisible();
      // The year in the digits the page's dates use (Arabic-Indic in Arabic).
      const year = new Intl.DateTimeFormat(LOCALES[language], { year: "numeric" }).format(new Date());
      await expect(footer).toContainText(
        `© ${year} ${siteConfig.name[language]}. ${text(language, "footer.rights")}`,
      );
    });
  });
}

for (const language of LANGUAGES) {
  test(`while the next page loads, the spinner stays clear of the page's heading (${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await setPreferences(context, baseURL!, { language });
    await page.goto(at(language, "/about"));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/projects\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await mainNav(page, language)
      .getByRole("link", { name: text(language, "nav.projects") })
      .click();
    const spinner = page.getByRole("main").getByRole("status");
    await expect(spinner).toBeVisible();
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(text(language, "about.title"));
    const [a, b] = [await spinner.boundingBox(), await heading.boundingBox()];
    const overlap =
      a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, "the spinner overlaps the heading").toBe(false);
    release();
    await expect(heading).toHaveText(text(language, "projects.title"));
    await expect(spinner).toHaveCount(0);
  });
}

test("the language menu disables the current language and goes to the same page in the other language without a reload", async ({
  page,
  context,
}) => {
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // A full page load would wipe this marker.
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

  const menuButton = page.getByRole("button", { name: text("en", "nav.language") });
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await menuButton.click();
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("menu", { name: text("en", "nav.language") });
  await expect(menu.getByRole("menuitem", { name: text("en", "nav.english") })).toBeDisabled();
  await menu.getByRole("menuitem", { name: text("en", "nav.arabic") }).click();

  await expect(menu).toBeHidden();
  await expect(page).toHaveURL("/ar/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ar", "about.title"));
  await expect(mainNav(page, "ar").getByRole("list").getByRole("link")).toHaveText(
    NAV_KEYS.map((key) => text("ar", `nav.${key}`)),
  );
  await expect(page).toHaveTitle(text("ar", "meta.about"));
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

  const arabicButton = page.getByRole("button", { name: text("ar", "nav.language") });
  await arabicButton.click();
  const arabicMenu = page.getByRole("menu", { name: text("ar", "nav.language") });
  await expect(arabicMenu.getByRole("menuitem", { name: text("ar", "nav.arabic") })).toBeDisabled();
  await expect(arabicMenu.getByRole("menuitem", { name: text("ar", "nav.english") })).toBeEnabled();
  // Escape closes the menu without choosing.
  await page.keyboard.press("Escape");
  await expect(arabicMenu).toBeHidden();
  await arabicButton.click();
  await arabicMenu.getByRole("menuitem", { name: text("ar", "nav.english") }).click();
  await expect(page).toHaveURL("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "about.title"));
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  // The choice is still saved as the product says: in localStorage and the cookie.
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  expect((await context.cookies()).find((cookie) => cookie.name === "language")?.value).toBe("en");
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const language of LANGUAGES) {
    test(`the menu opens, navigates, and closes (${language})`, async ({ page, context, baseURL }) => {
      await setPreferences(context, baseURL!, { language });
      await page.goto(at(language, "/"));
      const about = page.getByRole("link", { name: text(language, "nav.about"), exact: true });
      await expect(about).toBeHidden();

      const toggle = page.getByRole("button", { name: text(language, "nav.openMenu") });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();
      const close = page.getByRole("button", { name: text(language, "nav.closeMenu") });
      await expect(close).toHaveAttribute("aria-expanded", "true");
      const menuId = await close.getAttribute("aria-controls");
      const menu = page.locator(`[id="${menuId}"]`);
      await expect(menu.getByRole("link")).toHaveText(NAV_KEYS.map((key) => text(language, `nav.${key}`)));
      await expect(about).toBeVisible();

      await about.click();
      await expect(page).toHaveURL(at(language, "/about"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "about.title"));
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(menu).toBeHidden();
      await expect(about).toBeHidden();

      await toggle.click();
      await expect(menu).toBeVisible();
      await close.click();
      await expect(menu).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
    });
  }
});
