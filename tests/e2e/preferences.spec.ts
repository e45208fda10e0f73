import type { BrowserContext, Page, Response } from "@playwright/test";
import { expect, test, text } from "./fixtures.ts";

// docs/product.md §3.8, §14 and §16: theme and language are kept in localStorage (`theme`, `language`) and
// mirrored in cookies, so the server's first HTML already carries the dark class: no flash. The language of a page
// is its address's; the saved language only takes the English home page to the Arabic one.

/** The <html> start tag exactly as the server sent it, before any script ran. */
async function serverHtmlTag(response: Response | null): Promise<string> {
  expect(response, "a navigation response").not.toBeNull();
  const body = await response!.text();
  const tag = /<html[^>]*>/.exec(body)?.[0];
  expect(tag, "an <html> start tag in the server's HTML").toBeDefined();
  return tag!;
}

async function storedPreferences(page: Page) {
  return page.evaluate(() => ({
    theme: localStorage.getItem("theme"),
    language: localStorage.getItem("language"),
  }));
}

async function preferenceCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return Object.fromEntries(
    cookies
      .filter((cookie) => cookie.name === "theme" || cookie.name === "language")
      .map((c) => [c.name, c.value]),
  );
}

test("a first visit is light and English; the theme is written to localStorage, no language is chosen for the visitor", async ({
  page,
}) => {
  const response = await page.goto("/");
  const tag = await serverHtmlTag(response);
  expect(tag).toContain('lang="en"');
  expect(tag).toContain('dir="ltr"');
  expect(tag).not.toMatch(/class="[^"]*\bdark\b/);
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await storedPreferences(page)).toEqual({ theme: "light", language: null });
});

test("dark and Arabic chosen in the UI persist across a reload, already in the server's first HTML", async ({
  page,
  context,
}) => {
  await page.goto("/projects");
  await page.getByRole("button", { name: text("en", "nav.toDark") }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.getByRole("button", { name: text("en", "nav.language") }).click();
  await page.getByRole("menuitem", { name: text("en", "nav.arabic") }).click();
  await expect(page).toHaveURL("/ar/projects");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ar", "projects.title"));

  expect(await storedPreferences(page)).toEqual({ theme: "dark", language: "ar" });
  expect(await preferenceCookies(context)).toEqual({ theme: "dark", language: "ar" });

  let documents = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents += 1;
  });
  const response = await page.reload();
  const tag = await serverHtmlTag(response);
  expect(tag).toContain('lang="ar"');
  expect(tag).toContain('dir="rtl"');
  expect(tag).toMatch(/class="dark"/);
  expect(await response!.text()).toContain(`<title>${text("ar", "meta.projects")}</title>`);

  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ar", "projects.title"));
  await expect(page.getByRole("button", { name: text("ar", "nav.toLight") })).toBeVisible();
  // The head script found localStorage and cookies agreeing: no second load.
  expect(documents).toBe(1);

  // And back to light: the class goes, and so does it from the next server HTML.
  await page.getByRole("button", { name: text("ar", "nav.toLight") }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await storedPreferences(page)).toEqual({ theme: "light", language: "ar" });
  const again = await serverHtmlTag(await page.reload());
  expect(again).not.toMatch(/class="[^"]*\bdark\b/);
  expect(again).toContain('lang="ar"');
});

test("preferences kept only in localStorage win over missing cookies: the theme at once, the language at /", async ({
  page,
  context,
}) => {
  await page.goto("/about");
  await page.evaluate(() => {
    localStorage.setItem("theme", "dark");
    localStorage.setItem("language", "ar");
  });
  await context.clearCookies();
  await page.reload();
  // The head script fixes the theme before paint; the page stays the English one its address names.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "about.title"));
  expect(await preferenceCookies(context)).toEqual({ theme: "dark", language: "ar" });
  // The saved choice takes the English home page to the Arabic one, even with the cookies gone.
  await context.clearCookies();
  await page.goto("/");
  await expect(page).toHaveURL("/ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
});

test("unknown or corrupted values fall back to light and English", async ({ page, context, baseURL }) => {
  await context.addCookies([
    { name: "theme", value: "purple", url: baseURL! },
    { name: "language", value: "xx", url: baseURL! },
  ]);
  await page.addInitScript(() => {
    if (sessionStorage.getItem("corrupted")) return;
    sessionStorage.setItem("corrupted", "1");
    localStorage.setItem("theme", "purple");
    localStorage.setItem("language", "xx");
  });
  const response = await page.goto("/");
  const tag = await serverHtmlTag(response);
  expect(tag).toContain('lang="en"');
  expect(tag).toContain('dir="ltr"');
  expect(tag).not.toMatch(/class="[^"]*\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: text("en", "nav.toDark") })).toBeVisible();
  // The corrupted values are replaced by what was rendered, or forgotten (a language nobody chose).
  expect(await storedPreferences(page)).toEqual({ theme: "light", language: null });
});
