import type { Page } from "@playwright/test";
import { DEFAULT_CV } from "#core/cv.ts";
import { CASE_STUDY_TEXTS } from "#core/projects.ts";
import { cvDocument, siteSettings, testimonials } from "#db/schema.ts";
import { HOSTILE_HTML, rezip, tableOf, unzip, withTable } from "#tests/helpers/backup-archive.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { ADMIN } from "./admin-page.ts";
import { OWNER_PASSWORD, at, expect, failedResource, LANGUAGES, test } from "./fixtures.ts";

// A backup is a file from anywhere (docs/product.md §19): whatever its rows hold, once restored through the owner's
// own restore no page and no editor runs a script of it, navigates, posts or refreshes on its word, and the pages'
// CSP is never the one to stop it (a violation means the markup reached the page).

/** What a page of the site may never hold after the restore: each would run, navigate or post from it. */
function hostileElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll("*")) {
      for (const name of element.getAttributeNames())
        if (/^on/i.test(name)) found.push(`${element.localName}[${name}]`);
    }
    for (const frame of document.querySelectorAll("iframe[srcdoc]")) found.push(`${frame.localName}[srcdoc]`);
    for (const link of document.querySelectorAll("a[href]"))
      if (/^\s*javascript:/i.test(link.getAttribute("href") ?? "")) found.push("a[href=javascript:]");
    for (const form of document.querySelectorAll("form[action]"))
      if (new URL((form as HTMLFormElement).action).origin !== location.origin) found.push("form[action]");
    for (const meta of document.querySelectorAll("meta[http-equiv]"))
      if (/refresh/i.test(meta.getAttribute("http-equiv") ?? "")) found.push("meta[http-equiv=refresh]");
    for (const script of document.scripts)
      if (/^\s*(window|parent)\.ran/.test(script.textContent ?? "")) found.push("script");
    return found;
  });
}

/** Whether the page shows the payload's words, as text or in one of its fields. */
const showsPayload = (page: Page) =>
  page.evaluate(
    () =>
      document.body.innerText.includes("Click") ||
      [...document.querySelectorAll("textarea, input")].some((field) =>
        (field as HTMLInputElement).value.includes("Click"),
      ),
  );

test("a restored backup's hostile markup runs nowhere: every public page in both languages and every editor", async ({
  page,
  context,
  db,
  consoleGuard,
}) => {
  test.slow();
  // The sanitiser keeps a plain image with a relative address (`<img src="x">`): the site's own 404.
  consoleGuard.allow(failedResource(404));

  // Everything the pages report: a payload that ran (each sets `ran`, its own window's or its parent's) and every
  // CSP violation, in every frame.
  const reports: string[] = [];
  await context.exposeBinding("__restoreReport", ({ frame }, what: string) => {
    reports.push(`${frame.url()}: ${what}`);
  });
  await context.addInitScript(() => {
    const report = (what: string) =>
      (window as unknown as { __restoreReport(what: string): void }).__restoreReport(what);
    Object.defineProperty(window, "ran", {
      set: (value: unknown) => report(`ran ${String(value)}`),
      get: () => undefined,
    });
    document.addEventListener("securitypolicyviolation", (event) =>
      report(`CSP ${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  // A site with one item of each kind, backed up through the owner's API.
  const project = await insertProject(db, {
    title: "Shop",
    title_ar: "متجر",
    slug_en: "shop",
    slug_ar: "متجر",
    problem_en: "<p>Slow pages.</p>",
  });
  const article = await insertArticle(db, {
    slug: "caching",
    slug_ar: "التخزين",
    title_en: "Caching",
    title_ar: "التخزين",
  });
  const [testimonial] = await db
    .insert(testimonials)
    .values({
      quote_en: "Fast.",
      quote_ar: "سريع.",
      name: "Mona",
      project_id: project.id,
      show_on_home: true,
    })
    .returning();
  await db.insert(siteSettings).values({ id: 1, overrides: {} });
  await db.insert(cvDocument).values({ id: 1, document: DEFAULT_CV });
  const login = await page.request.post("/api/auth/login", { data: { password: OWNER_PASSWORD } });
  expect(login.status()).toBe(200);
  const backup = await page.request.get("/api/backup");
  expect(backup.status()).toBe(200);
  let files = await unzip(await backup.body());

  // The hostile markup in every text a page or an editor shows: the rich-text columns (case studies, article
  // bodies) and, to be sure they stay text, a testimonial's words, the about texts and a CV highlight.
  const both = { en: HOSTILE_HTML, ar: HOSTILE_HTML };
  const hostile = Object.fromEntries(CASE_STUDY_TEXTS.map((field) => [field, HOSTILE_HTML]));
  files = withTable(
    files,
    "projects",
    tableOf(files, "projects").map((row) => ({ ...row, ...hostile })),
  );
  files = withTable(
    files,
    "articles",
    tableOf(files, "articles").map((row) => ({ ...row, content_en: HOSTILE_HTML, content_ar: HOSTILE_HTML })),
  );
  files = withTable(
    files,
    "testimonials",
    tableOf(files, "testimonials").map((row) => ({ ...row, quote_en: HOSTILE_HTML, quote_ar: HOSTILE_HTML })),
  );
  files = withTable(
    files,
    "site_settings",
    tableOf(files, "site_settings").map((row) => ({ ...row, overrides: { bio: both, philosophy: both } })),
  );
  const experience = {
    role: { en: "Lead developer", ar: "مطوّر رئيسي" },
    organisation: { en: "Shop", ar: "متجر" },
    place: { en: "", ar: "" },
    start: "2020",
    end: "",
    url: "",
    highlights: [both],
  };
  files = withTable(
    files,
    "cv_document",
    tableOf(files, "cv_document").map((row) => ({
      ...row,
      document: { ...DEFAULT_CV, experience: [experience] },
    })),
  );

  const restored = await page.request.post("/api/backup/restore", {
    multipart: {
      file: { name: "backup.zip", mimeType: "application/zip", buffer: await rezip(files) },
      password: OWNER_PASSWORD,
      replace: "1",
    },
  });
  expect(restored.status(), await restored.text()).toBe(200);

  // Every page that shows them, in both languages, the owner's previews, and every editor of them.
  const pages = LANGUAGES.flatMap((language) =>
    [
      "/",
      "/about",
      "/projects",
      `/projects/${language === "ar" ? encodeURIComponent("متجر") : "shop"}`,
      "/articles",
      `/articles/${language === "ar" ? encodeURIComponent("التخزين") : "caching"}`,
      "/cv",
      `/preview/${article.id}`,
      `/preview/projects/${project.id}`,
    ].map((path) => at(language, path)),
  );
  const editors = [
    `${ADMIN}/projects/${project.id}`,
    `${ADMIN}/articles/${article.id}`,
    `${ADMIN}/testimonials/${testimonial!.id}`,
    `${ADMIN}/settings/about`,
    `${ADMIN}/cv`,
  ];
  for (const path of [...pages, ...editors]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // An item's own page and its editor show the payload as the sanitiser left it (its words, in the page or in a
    // field), but none of what it carried.
    if (/shop|caching|%|preview|admin/.test(path))
      await expect.poll(() => showsPayload(page), path).toBe(true);
    expect(await hostileElements(page), path).toEqual([]);
  }
  // A last look for anything that ran late (an image's error, a refresh).
  await page.waitForTimeout(300);
  expect(reports).toEqual([]);
});
