import type { Page } from "@playwright/test";
import type { Language } from "#core/preferences.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { LANGUAGES, at, expect, failedResource, setPreferences, siteConfig, test, text } from "./fixtures.ts";

// Every route of docs/product.md §2 in both languages: the server's status, <html lang dir>, the page's <title> and
// meta description in that language, and its h1.

interface RouteCase {
  path: string;
  status: number;
  title: (language: Language) => string;
  description: ((language: Language) => string) | null;
  h1: (language: Language) => string;
}

/** Submits an empty form to `path` as a browser without JavaScript would; resolves with the POST's response. */
function postEmptyForm(page: Page, path: string) {
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  return page
    .evaluate((action) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = action;
      document.body.append(form);
      form.submit();
    }, path)
    .then(() => posted);
}

const ARTICLE = {
  slug: "hello-sira",
  title_en: "Hello, Sira",
  title_ar: "مرحبًا يا سيرة",
  excerpt_en: "A first English excerpt.",
  excerpt_ar: "مقتطف عربي أول.",
};

const ROUTES: RouteCase[] = [
  {
    path: "/",
    status: 200,
    title: (l) => text(l, "meta.home"),
    description: (l) => text(l, "meta.homeDescription"),
    h1: (l) => siteConfig.heroTitle[l],
  },
  ...(["about", "projects", "articles", "services", "contact"] as const).map((name) => ({
    path: `/${name}`,
    status: 200,
    title: (l: Language) => text(l, `meta.${name}`),
    description: (l: Language) => text(l, `meta.${name}Description`),
    h1: (l: Language) => text(l, `${name}.title`),
  })),
  {
    path: `/articles/${ARTICLE.slug}`,
    status: 200,
    title: (l) => text(l, "meta.article", { title: ARTICLE[`title_${l}`] }),
    description: (l) => ARTICLE[`excerpt_${l}`],
    h1: (l) => ARTICLE[`title_${l}`],
  },
  {
    path: "/no/such/page",
    status: 404,
    title: (l) => text(l, "meta.notFound"),
    description: null,
    h1: (l) => text(l, "notFound.title"),
  },
];

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ context, baseURL, db }) => {
      await setPreferences(context, baseURL!, { language });
      await insertArticle(db, ARTICLE);
    });

    for (const route of ROUTES) {
      test(`${route.path} answers ${route.status} with its title, description and h1`, async ({
        page,
        consoleGuard,
      }) => {
        if (route.status === 404) consoleGuard.allow(failedResource(404));
        const response = await page.goto(at(language, route.path));
        expect(response?.status()).toBe(route.status);

        const html = page.locator("html");
        await expect(html).toHaveAttribute("lang", language);
        await expect(html).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
        await expect(page).toHaveTitle(route.title(language));
        // The not-found pages have no description (reported): only the pages that have one are checked.
        if (route.description) {
          await expect(page.locator('meta[name="description"]')).toHaveAttribute(
            "content",
            route.description(language),
          );
        }
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1(language));
        await expect(page.locator('head link[rel="icon"]').first()).toHaveAttribute("href", /favicon/);
      });
    }

    test("an unknown article answers 404 with the not-found message, a back link and the error toast", async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(failedResource(404));
      const response = await page.goto(at(language, "/articles/no-such-article"));
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(text(language, "meta.articleNotFound"));
      const main = page.getByRole("main");
      await expect(main.getByText(text(language, "articles.notFound"))).toBeVisible();
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(
        text(language, "articles.notFoundTitle"),
      );

      const toast = page
        .getByRole("region", { name: text(language, "common.notifications") })
        .getByRole("listitem");
      await expect(toast).toContainText(text(language, "errors.fetchArticle"));
      await expect(toast).toContainText(text(language, "articles.notFound"));

      await main.getByRole("link", { name: text(language, "articles.back") }).click();
      await expect(page).toHaveURL(at(language, "/articles"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "articles.title"));
    });

    test("the not-found page shows its texts and 'Go Back Home' leads home", async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(failedResource(404));
      await page.goto(at(language, "/missing"));
      const main = page.getByRole("main");
      await expect(main.getByText(text(language, "notFound.code"), { exact: true })).toBeVisible();
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(text(language, "notFound.title"));
      await expect(main.getByText(text(language, "notFound.text"))).toBeVisible();
      await main.getByRole("link", { name: text(language, "notFound.home") }).click();
      await expect(page).toHaveURL(at(language, "/"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(siteConfig.heroTitle[language]);
    });
  });
}

test.describe("/dashboard", () => {
  test("answers a document request with a 302 redirect to / (and /ar/dashboard to /ar)", async ({
    request,
    page,
  }) => {
    const response = await request.get("/dashboard", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/");
    const arabic = await request.get("/ar/dashboard", { maxRedirects: 0 });
    expect(arabic.status()).toBe(302);
    expect(arabic.headers()["location"]).toBe("/ar");

    const landed = await page.goto("/dashboard");
    expect(landed?.status()).toBe(200);
    expect(landed?.request().redirectedFrom()?.url()).toMatch(/\/dashboard$/);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(siteConfig.heroTitle.en);
  });

  test("replaces the history entry on client-side navigation", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "about.title"));
    const startLength = await page.evaluate(() => history.length);

    // A client-side push, as a <Link> does: the history grows by one.
    await page
      .getByRole("navigation")
      .getByRole("link", { name: text("en", "nav.services") })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "services.title"));
    expect(await page.evaluate(() => history.length)).toBe(startLength + 1);

    // The app has no link to /dashboard, so navigate through the hydrated router as a <Link to> would.
    const documentRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documentRequests.push(request.url());
    });
    await page.evaluate(() => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter;
      return router.navigate("/dashboard");
    });
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(siteConfig.heroTitle.en);
    expect(documentRequests).toEqual([]);
    expect(await page.evaluate(() => history.length)).toBe(startLength + 1);

    // /services was replaced by /, so Back returns to /about.
    await page.goBack();
    await expect(page).toHaveURL("/about");
  });
});

test.describe("'Unexpected Application Error!'", () => {
  // The one failure a visitor can cause from outside: a form POSTed to a page that has no action (a
  // no-JavaScript submission, or a bot) gets React Router's 405, which the site layout's error boundary shows.
  for (const language of LANGUAGES) {
    test(`a POST to a page without an action shows the error screen with its status (${language})`, async ({
      page,
      context,
      baseURL,
      consoleGuard,
    }) => {
      consoleGuard.allow(failedResource(405));
      await setPreferences(context, baseURL!, { language });
      await page.goto(at(language, "/about"));
      const posted = postEmptyForm(page, at(language, "/about"));
      const response = await posted;
      expect(response.status()).toBe(405);
      const html = await response.text();
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toContain(text(language, "errorPage.title"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "errorPage.title"));
      await expect(page.getByRole("main").getByText("405 Method Not Allowed")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page).toHaveTitle(text(language, "meta.error"));
      await page
        .getByRole("main")
        .getByRole("link", { name: text(language, "errorPage.home") })
        .click();
      await expect(page).toHaveURL(at(language, "/"));
    });
  }

  test("a form POSTed from the site's own page is not refused as cross-site", async ({
    page,
    consoleGuard,
  }) => {
    // Under `Referrer-Policy: no-referrer` browsers send `Origin: null` with a document form POST, and React
    // Router answers 400 "Bad Request" before any action runs; the server's policy must keep the origin.
    consoleGuard.allow(failedResource(405));
    await page.goto("/about");
    const posted = postEmptyForm(page, "/about");
    // No action on /about: 405 from React Router is the expected answer, not 400 from the CSRF check.
    expect((await posted).status()).toBe(405);
  });
});
