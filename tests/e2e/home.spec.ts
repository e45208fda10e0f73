import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Language, Theme } from "#core/preferences.ts";
import { sampleProjects } from "#core/projects.ts";
import { insertProject } from "#tests/helpers/seed.ts";
import {
  LANGUAGES,
  expect,
  setPreferences,
  settleAnimations,
  siteConfig,
  test,
  text,
  at,
} from "./fixtures.ts";

// Home (docs/product.md §2 "Home"): hero, featured projects and services overview, each section lazy inside its own
// error boundary.

function featured(page: Page, language: Language) {
  return page.getByRole("region", { name: text(language, "home.featuredTitle") });
}

function servicesOverview(page: Page, language: Language) {
  return page.getByRole("region", { name: text(language, "home.servicesTitle") });
}

for (const language of LANGUAGES) {
  test(`the hero, the three newest projects and the services overview (${language})`, async ({
    page,
    context,
    baseURL,
    db,
  }) => {
    await setPreferences(context, baseURL!, { language });
    for (const [index, title] of ["Fourth", "Third", "Second", "First"].entries()) {
      await insertProject(db, { title, created_at: new Date(Date.UTC(2025, 0, index + 1)) });
    }
    await page.goto(at(language, "/"));
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(siteConfig.heroTitle[language]);
    await expect(main.getByText(siteConfig.heroDescription[language])).toBeVisible();
    await expect(main.getByRole("img", { name: siteConfig.portrait.alt[language] })).toHaveAttribute(
      "src",
      siteConfig.portrait.url,
    );
    for (const key of ["footer.github", "footer.linkedin"] as const) {
      await expect(main.getByRole("link", { name: text(language, key) })).toHaveAttribute("target", "_blank");
    }

    await expect(featured(page, language).getByRole("heading", { level: 3 })).toHaveText([
      "First",
      "Second",
      "Third",
    ]);
    await expect(servicesOverview(page, language).getByRole("heading", { level: 3 })).toHaveText(
      siteConfig.servicesOverview.map((service) => service.title[language]),
    );
    await expect(
      servicesOverview(page, language).getByRole("link", { name: text(language, "home.allServices") }),
    ).toHaveAttribute("href", at(language, "/services"));

    await featured(page, language)
      .getByRole("link", { name: text(language, "home.allProjects") })
      .click();
    await expect(page).toHaveURL(at(language, "/projects"));
    await page.goBack();
    await main.getByRole("link", { name: text(language, "home.contactMe") }).click();
    await expect(page).toHaveURL(at(language, "/contact"));
    await page.goBack();
    await main.getByRole("link", { name: text(language, "home.viewProjects") }).click();
    await expect(page).toHaveURL(at(language, "/projects"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "projects.title"));
  });
}

for (const language of LANGUAGES) {
  test(`the portrait stays a circle at every width (${language})`, async ({ page, context, baseURL }) => {
    await setPreferences(context, baseURL!, { language });
    await page.goto(at(language, "/"));
    const portrait = page.getByRole("main").getByRole("img", { name: siteConfig.portrait.alt[language] });
    // Between the phone layout and the widest one the hero's second column is narrower than the portrait's
    // 384 px: the portrait shrinks as a whole instead of into an oval.
    for (const width of [390, 768, 900, 980, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const size = await portrait.evaluate((image) => {
        const style = getComputedStyle(image);
        return { width: parseFloat(style.width), height: parseFloat(style.height) };
      });
      expect(size.width, `width at ${width} px`).toBeGreaterThan(200);
      expect(size.height, `height at ${width} px`).toBeCloseTo(size.width, 1);
    }
  });
}

test("the portrait floats and the page fades in, unless the visitor asks for less motion", async ({
  page,
}) => {
  // The suite runs with reduced motion (playwright.config.ts): the endless float would keep Chromium drawing.
  const portrait = page.getByRole("main").getByRole("img", { name: siteConfig.portrait.alt.en });
  const animations = () =>
    portrait.evaluate((image) => ({
      portrait: image.getAnimations().map((animation) => (animation as CSSAnimation).animationName),
      page: image.closest(".page-enter")!.getAnimations().length,
    }));
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  expect((await animations()).portrait).toEqual(["float"]);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  expect(await animations()).toEqual({ portrait: [], page: 0 });
});

test("a section that fails to load shows 'Something went wrong' on its own, and 'Try again' brings it back", async ({
  page,
  consoleGuard,
}) => {
  const chunk = "**/assets/featured-projects-*.js";
  let aborted = 0;
  await page.route(chunk, (route) => {
    aborted += 1;
    return route.abort();
  });
  // The browser reports the failed chunk, and React the error its boundary caught: expected here only.
  consoleGuard.allow(/Failed to load resource: net::ERR_FAILED \(.*\/assets\/featured-projects-/);
  consoleGuard.allow(/Failed to fetch dynamically imported module: .*\/assets\/featured-projects-/);
  // When the failure lands while React hydrates, React also reports that it recovered by rendering on the
  // client: #422 (a Suspense boundary) or #520 (the root), depending on timing. Same failure, expected here.
  consoleGuard.allow(/Minified React error #(422|520)\b/);

  await page.goto("/");
  const main = page.getByRole("main");
  const failure = main.getByRole("alert");
  await expect(failure).toHaveCount(1);
  await expect(failure).toContainText(text("en", "common.somethingWentWrong"));
  expect(aborted).toBeGreaterThan(0);
  // Only that section failed: the hero and the services overview are there.
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(siteConfig.heroTitle.en);
  await expect(servicesOverview(page, "en")).toBeVisible();
  await expect(featured(page, "en")).toHaveCount(0);

  await page.unroute(chunk);
  await failure.getByRole("button", { name: text("en", "common.tryAgain") }).click();
  await expect(featured(page, "en").getByRole("heading", { level: 3 })).toHaveText(
    sampleProjects("en")
      .slice(0, 3)
      .map((sample) => sample.title),
  );
  await expect(main.getByRole("alert")).toHaveCount(0);
  await expect(servicesOverview(page, "en")).toBeVisible();
});

test.describe("screenshots", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  const cases: { language: Language; theme: Theme }[] = [
    { language: "en", theme: "light" },
    { language: "ar", theme: "dark" },
  ];
  for (const { language, theme } of cases) {
    test(`Home in ${language === "en" ? "English" : "Arabic"}, ${theme}`, async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      await setPreferences(context, baseURL!, { language, theme });
      await page.goto(at(language, "/"));
      await expect(featured(page, language).getByRole("article")).toHaveCount(3);
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      await page.waitForFunction(() =>
        [...document.images].every((image) => image.complete && image.naturalWidth > 0),
      );
      await settleAnimations(page);

      const name = `home-${language}-${theme}`;
      const folder = path.join(testInfo.project.outputDir, "screenshots");
      mkdirSync(folder, { recursive: true });
      const viewport = await page.screenshot({
        path: path.join(folder, `${name}.png`),
        animations: "disabled",
      });
      await testInfo.attach(`${name}.png`, { body: viewport, contentType: "image/png" });
      const full = await page.screenshot({
        path: path.join(folder, `${name}-full.png`),
        fullPage: true,
        animations: "disabled",
      });
      await testInfo.attach(`${name}-full.png`, { body: full, contentType: "image/png" });
    });
  }
});
