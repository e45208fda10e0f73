import AxeBuilder from "@axe-core/playwright";
import type { Language, Theme } from "#core/preferences.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { OWNER_PASSWORD, expect, setPreferences, settleAnimations, test, at, text } from "./fixtures.ts";
import { adminNav, openView, toast } from "./admin-page.ts";

// axe-core on the main public pages in light English and dark Arabic: no violations.

const PAGES = ["/", "/projects", "/articles/accessible-article", "/contact"];
// A code sample with most token colours, so that their contrast is checked too.
const CODE = [
  '<pre><code class="language-javascript">// A comment\nexport async function load(id) {',
  '  const answer = await fetch(`/api/${id}`, { cache: "no-store" }); return /x+/.test(answer) ? 42 : null;',
  '}</code></pre><pre><code class="language-html">&lt;p class="note"&gt;Hi&lt;/p&gt;</code></pre>',
  '<pre><code class="language-css">.note { color: #fff; }</code></pre>',
].join("\n");
const MODES: { language: Language; theme: Theme }[] = [
  { language: "en", theme: "light" },
  { language: "ar", theme: "dark" },
];

for (const { language, theme } of MODES) {
  for (const path of PAGES) {
    test(`${path} has no axe violations (${language}, ${theme})`, async ({ page, context, baseURL, db }) => {
      await setPreferences(context, baseURL!, { language, theme });
      await insertProject(db, { title: "Shop", category: "React", image_url: null });
      await insertProject(db, { title: "Charts", category: "Vue.js", github_link: "https://github.com/" });
      await insertArticle(db, {
        slug: "accessible-article",
        title_en: "Accessible article",
        title_ar: "مقالة سهلة الوصول",
        content_en: `A paragraph with a <a href="https://example.com/">link</a>.\n\nAnother paragraph.\n\n${CODE}`,
        content_ar: `فقرة فيها <a href="https://example.com/">رابط</a>.\n\nفقرة أخرى.\n\n${CODE}`,
        image_url: "/images/about-800.webp",
      });
      await page.goto(at(language, path));
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(page.getByRole("status")).toHaveCount(0); // no spinner left
      // Content fades in: colour contrast is only meaningful once the animations have finished.
      await settleAnimations(page);

      const results = await new AxeBuilder({ page }).analyze();
      const violations = results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      }));
      expect(violations).toEqual([]);
    });
  }
}

// The admin page after sign-in, with a project and an article listed: each of its views.
for (const { language, theme } of MODES) {
  test(`the admin page has no axe violations (${language}, ${theme})`, async ({
    page,
    consoleGuard,
    context,
    baseURL,
    db,
  }) => {
    // Eight views, each analysed whole by axe, then a toast.
    test.setTimeout(90_000);
    await setPreferences(context, baseURL!, { language, theme });
    await insertProject(db, { title: "Shop", category: "React" });
    await insertArticle(db, { slug: "listed", title_en: "Listed article", title_ar: "مقالة" });
    await page.goto("/admin-mh2025");
    await page.locator('input[type="password"]').fill(OWNER_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await expect(adminNav(page, language).getByRole("link")).toHaveCount(8);
    await settleAnimations(page);
    const views = [
      "projects",
      "articles",
      "testimonials",
      "cv",
      "messages",
      "visits",
      "settings",
      "activity",
    ] as const;
    for (const view of views) {
      await openView(page, view, language);
      await expect(page.getByRole("status")).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      const violations = results.violations.map((violation) => ({
        view,
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      }));
      expect(violations).toEqual([]);
    }
    // An error toast (a project whose save never reached the server) keeps its text readable on its red.
    await openView(page, "projects", language);
    const list = page.getByRole("region", { name: text(language, "admin.projects.listTitle") });
    await list.getByRole("link", { name: text(language, "admin.projects.addTitle") }).click();
    const form = page.getByRole("dialog", { name: text(language, "admin.projects.addTitle") });
    await form.getByLabel(text(language, "admin.projects.title"), { exact: true }).fill("Shop two");
    consoleGuard.allow(/net::ERR_FAILED/);
    await page.route("**/api/projects", (route) => route.abort("failed"));
    await form.getByRole("button", { name: text(language, "admin.projects.add") }).click();
    await expect(toast(page, language)).toContainText(text(language, "errors.addProject"));
    await settleAnimations(page);
    const contrast = await new AxeBuilder({ page })
      .include('li[data-state="open"]')
      .withRules(["color-contrast"])
      .analyze();
    expect(
      contrast.violations.flatMap((violation) => violation.nodes.map((node) => node.failureSummary)),
    ).toEqual([]);
  });
}
