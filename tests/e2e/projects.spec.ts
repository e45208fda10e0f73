import type { Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import type { Language } from "#core/preferences.ts";
import { sampleProjects } from "#core/projects.ts";
import { projects } from "#db/schema.ts";
import { insertProject } from "#tests/helpers/seed.ts";
import { LANGUAGES, computedStyle, expect, setPreferences, siteConfig, test, text, at } from "./fixtures.ts";

// The Projects page (docs/product.md §2 "Projects", §4 "Projects page"): filters, cards, samples and empty states.

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

function gallery(page: Page) {
  return page.getByRole("main");
}

function cards(page: Page) {
  return gallery(page).getByRole("article");
}

function filterRow(page: Page, language: Language) {
  return page.getByRole("navigation", { name: text(language, "projects.filterLabel") });
}

function pager(page: Page, language: Language) {
  return page.getByRole("navigation", { name: text(language, "projects.pagination") });
}

/** The primary colour, as the logo's background shows it. */
function primaryColour(page: Page, language: Language) {
  return computedStyle(
    page.getByRole("link", { name: text(language, "nav.homeLink") }),
    "background-color",
  )();
}

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setPreferences(context, baseURL!, { language });
    });

    test("with three categories the filter row starts at 'All' and a category filters the cards", async ({
      page,
      db,
    }) => {
      // Newest first (docs/product.md §7), so the categories appear in this order.
      await insertProject(db, { title: "Shop", category: "React", created_at: daysAgo(1) });
      await insertProject(db, { title: "Blog", category: "React", created_at: daysAgo(2) });
      await insertProject(db, { title: "Charts", category: "Vue.js", created_at: daysAgo(3) });
      await insertProject(db, { title: "Planner", category: "Svelte", created_at: daysAgo(4) });
      await page.goto(at(language, "/projects"));

      const buttons = filterRow(page, language).getByRole("link");
      await expect(buttons).toHaveText([text(language, "projects.all"), "React", "Vue.js", "Svelte"]);
      await expect(buttons.first()).toHaveAttribute("aria-current", "page");
      for (const index of [1, 2, 3]) await expect(buttons.nth(index)).not.toHaveAttribute("aria-current");
      await expect(cards(page)).toHaveCount(4);

      const vue = filterRow(page, language).getByRole("link", { name: "Vue.js" });
      await vue.click();
      // The server filters: the category has an address of its own.
      await expect(page).toHaveURL(at(language, "/projects?category=Vue.js"));
      await expect(vue).toHaveAttribute("aria-current", "page");
      await expect(buttons.first()).not.toHaveAttribute("aria-current");
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).getByRole("heading")).toHaveText(["Charts"]);
      const primary = await primaryColour(page, language);
      await expect.poll(computedStyle(vue, "background-color")).toBe(primary);
      await expect.poll(computedStyle(buttons.first(), "background-color")).not.toBe(primary);

      await filterRow(page, language).getByRole("link", { name: "React", exact: true }).click();
      await expect(cards(page).getByRole("heading")).toHaveText(["Shop", "Blog"]);
      await buttons.first().click();
      await expect(cards(page)).toHaveCount(4);
    });

    test("with a single category there is no filter row", async ({ page, db }) => {
      await insertProject(db, { title: "One", category: "React" });
      await insertProject(db, { title: "Two", category: "React" });
      await page.goto(at(language, "/projects"));
      await expect(cards(page)).toHaveCount(2);
      await expect(filterRow(page, language)).toHaveCount(0);
    });

    test("with no projects the four sample projects show", async ({ page }) => {
      await page.goto(at(language, "/projects"));
      const samples = sampleProjects(language);
      await expect(cards(page).getByRole("heading")).toHaveText(samples.map((sample) => sample.title));
      await expect(filterRow(page, language).getByRole("link")).toHaveText([
        text(language, "projects.all"),
        "React",
        "Vue.js",
        "Svelte",
        "React Native",
      ]);
      for (const [index, sample] of samples.entries()) {
        const card = cards(page).nth(index);
        await expect(card.getByRole("img")).toHaveAttribute(
          "src",
          `/images/sample-project-${index + 1}.webp`,
        );
        await expect(card).toContainText(sample.category);
        await expect(
          card.getByRole("link", { name: text(language, "projects.repository", { title: sample.title }) }),
        ).toHaveAttribute("href", "https://github.com/");
      }
    });

    test("a card shows its texts, links open in a new tab safely, and a missing image uses the fallback", async ({
      page,
      db,
    }) => {
      const project = await insertProject(db, {
        title: "Weather station",
        description: "Live readings from a rooftop sensor.",
        category: "IoT",
        tags: ["Arduino", "MQTT"],
        image_url: null,
        github_link: "https://github.com/example/weather",
        live_link: "https://weather.example.com/",
      });
      await page.goto(at(language, "/projects"));
      const card = cards(page);
      await expect(card).toHaveCount(1);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(project.title);
      await expect(card.getByText(project.description)).toBeVisible();
      await expect(card.getByRole("listitem")).toHaveText(["Arduino", "MQTT"]);
      await expect(card.getByText("IoT", { exact: true })).toBeVisible();

      // The drawing says what it is: no screenshot of the project exists.
      const image = card.getByRole("img", {
        name: text(language, "projects.fallbackImageAlt", { title: project.title }),
        exact: true,
      });
      await expect(image).toHaveAttribute("src", siteConfig.projectFallbackImage);
      await expect(image).toHaveAttribute("src", "/images/project-fallback.webp");
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);

      for (const [key, href] of [
        ["projects.repository", project.github_link],
        ["projects.live", project.live_link],
      ] as const) {
        const link = card.getByRole("link", { name: text(language, key, { title: project.title }) });
        await expect(link).toHaveAttribute("href", href!);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
      }
    });

    test("when the database cannot be read the samples show with the error toast", async ({
      page,
      server,
    }) => {
      await server.database.db.execute(sql`alter table projects rename to projects_offline`);
      try {
        await page.goto(at(language, "/projects"));
        await expect(cards(page).getByRole("heading")).toHaveText(
          sampleProjects(language).map((sample) => sample.title),
        );
        const toast = page
          .getByRole("region", { name: text(language, "common.notifications") })
          .getByRole("listitem");
        await expect(toast).toContainText(text(language, "errors.fetchProjects"));
        await expect(toast).toContainText(text(language, "errors.databaseUnavailable"));
        // Destructive: the toast has the destructive colours.
        await expect(toast).toHaveClass(/\bbg-destructive\b/);
      } finally {
        await server.database.db.execute(sql`alter table projects_offline rename to projects`);
      }
      expect(server.logLines.some((line) => line.startsWith("error projects could not be read"))).toBe(true);
    });

    test("with the network gone, moving to Projects shows the samples with the error toast", async ({
      page,
      context,
      consoleGuard,
    }) => {
      consoleGuard.allow(/Failed to fetch|ERR_INTERNET_DISCONNECTED/);
      // A visitor who has seen the projects page earlier in this visit: its code is in the browser.
      await page.goto(at(language, "/projects"));
      const nav = page.getByRole("navigation", { name: text(language, "nav.main") });
      await nav.getByRole("link", { name: text(language, "nav.articles") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "articles.title"));

      await context.setOffline(true);
      await nav.getByRole("link", { name: text(language, "nav.projects") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "projects.title"));
      await expect(cards(page).getByRole("heading")).toHaveText(
        sampleProjects(language).map((sample) => sample.title),
      );
      const toast = page
        .getByRole("region", { name: text(language, "common.notifications") })
        .getByRole("listitem");
      await expect(toast).toContainText(text(language, "errors.fetchProjects"));
      await expect(toast).toContainText(text(language, "errors.networkUnavailable"));
      await expect(toast).toHaveClass(/\bbg-destructive\b/);
    });
  });
}

test("'No projects match this filter.' when the chosen category's projects are gone after a revalidation", async ({
  page,
  db,
  consoleGuard,
}) => {
  // The category's page is now the list's not-found page (404), which the browser notes.
  consoleGuard.allow(/status of 404/);
  await insertProject(db, { title: "Shop", category: "React", created_at: daysAgo(1) });
  await insertProject(db, { title: "Charts", category: "Vue.js", created_at: daysAgo(2) });
  await insertProject(db, { title: "Planner", category: "Svelte", created_at: daysAgo(3) });
  await page.goto("/projects");
  await filterRow(page, "en").getByRole("link", { name: "Vue.js" }).click();
  await expect(page).toHaveURL("/projects?category=Vue.js");
  await expect(cards(page)).toHaveCount(1);

  await db.delete(projects).where(eq(projects.category, "Vue.js"));
  // Following the link to the page already shown loads its data again: the category is gone.
  await filterRow(page, "en").getByRole("link", { name: "Vue.js" }).click();

  await expect(page.getByText(text("en", "projects.noMatch"))).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(filterRow(page, "en").getByRole("link")).toHaveText([
    text("en", "projects.all"),
    "React",
    "Svelte",
  ]);
  await filterRow(page, "en")
    .getByRole("link", { name: text("en", "projects.all") })
    .click();
  await expect(cards(page)).toHaveCount(2);
  // A category no project has is the list's not-found page.
  expect((await page.request.get("/projects?category=Vue.js")).status()).toBe(404);
});

for (const language of LANGUAGES) {
  test(`projects a page at a time and by category, with JavaScript on and off (${language})`, async ({
    page,
    browser,
    db,
    baseURL,
  }) => {
    // Thirteen under Web (ويب), one under Mobile (جوال): two pages of all, two of Web.
    await insertProject(db, {
      title: "App",
      category: "Mobile",
      category_ar: "جوال",
      created_at: daysAgo(0),
    });
    for (let i = 0; i < 13; i++)
      await insertProject(db, {
        title: `W${i}`,
        category: "Web",
        category_ar: "ويب",
        created_at: daysAgo(i + 1),
      });
    const [web, mobile] = language === "ar" ? ["ويب", "جوال"] : ["Web", "Mobile"];
    const titles = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `W${from + i}`);
    const headings = (visitor: Page) => cards(visitor).getByRole("heading");

    await page.goto(at(language, "/projects"));
    await expect(headings(page)).toHaveText(["App", ...titles(0, 11)]);
    await expect(page.locator('link[rel="next"]')).toHaveAttribute(
      "href",
      baseURL! + at(language, "/projects?page=2"),
    );
    await pager(page, language)
      .getByRole("link", { name: text(language, "articles.next") })
      .click();
    await expect(page).toHaveURL(at(language, "/projects?page=2"));
    await expect(headings(page)).toHaveText(titles(11, 13));
    await filterRow(page, language).getByRole("link", { name: web }).click();
    await expect(page).toHaveURL(at(language, `/projects?${new URLSearchParams({ category: web })}`));
    await expect(headings(page)).toHaveText(titles(0, 12));
    await pager(page, language)
      .getByRole("link", { name: text(language, "articles.pageNumber", { page: 2 }) })
      .click();
    await expect(page).toHaveURL(
      at(language, `/projects?${new URLSearchParams({ category: web, page: "2" })}`),
    );
    await expect(headings(page)).toHaveText(["W12"]);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      baseURL! + at(language, `/projects?${new URLSearchParams({ category: web, page: "2" })}`),
    );

    // Without JavaScript the links are plain addresses the server answers.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const visitor = await context.newPage();
      await visitor.goto(at(language, "/projects"));
      await filterRow(visitor, language).getByRole("link", { name: mobile }).click();
      await expect(visitor).toHaveURL(at(language, `/projects?${new URLSearchParams({ category: mobile })}`));
      await expect(headings(visitor)).toHaveText(["App"]);
      await expect(filterRow(visitor, language).getByRole("link", { name: mobile })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await filterRow(visitor, language)
        .getByRole("link", { name: text(language, "projects.all") })
        .click();
      await pager(visitor, language)
        .getByRole("link", { name: text(language, "articles.next") })
        .click();
      await expect(visitor).toHaveURL(at(language, "/projects?page=2"));
      await expect(headings(visitor)).toHaveText(titles(11, 13));
    } finally {
      await context.close();
    }
  });
}

for (const language of LANGUAGES) {
  test(`with samples turned off and no projects: 'No projects to display yet' (${language})`, async ({
    page,
    context,
    startServer,
  }) => {
    const withoutSamples = await startServer({ SAMPLE_PROJECTS: "off" });
    await setPreferences(context, withoutSamples.url, { language });
    await page.goto(withoutSamples.url + at(language, "/projects"));
    await expect(page.getByText(text(language, "projects.empty"))).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(filterRow(page, language)).toHaveCount(0);
  });
}
