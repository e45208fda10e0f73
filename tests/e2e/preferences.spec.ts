import type { BrowserContext, Page, Response } from "@playwright/test";
import { FORM_STAMP_FIELD } from "#core/contact.ts";
import { languageOfPath } from "#core/localized-paths.ts";
import {
  LANGUAGES,
  PUBLIC_PAGES,
  at,
  expect,
  seedPublicPages,
  setPreferences,
  test,
  text,
} from "./fixtures.ts";

// docs/product.md §3.8, §14 and §16, decision 037: the theme is kept in localStorage and applied by the head script
// before the first paint (the system's when none is saved), so every visitor of a page gets the same HTML; the
// language of a page is its address's, the saved language is mirrored in a cookie and only takes the English home
// page to the Arabic one.

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

test("a first visit is English in the system's light theme; nothing is saved for the visitor", async ({
  page,
  context,
}) => {
  const response = await page.goto("/");
  const tag = await serverHtmlTag(response);
  expect(tag).toBe('<html lang="en" dir="ltr">');
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: text("en", "nav.toDark") })).toBeVisible();
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#ffffff");
  expect(await storedPreferences(page)).toEqual({ theme: null, language: null });
  expect(await preferenceCookies(context)).toEqual({});
});

test.describe("a system in dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("a first visit is dark, from the same HTML; a light choice wins over the system", async ({ page }) => {
    const tag = await serverHtmlTag(await page.goto("/about"));
    expect(tag).toBe('<html lang="en" dir="ltr">');
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#020617");
    expect(await storedPreferences(page)).toEqual({ theme: null, language: null });

    await page.getByRole("button", { name: text("en", "nav.toLight") }).click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#ffffff");
    expect(await storedPreferences(page)).toEqual({ theme: "light", language: null });
  });
});

test("dark and Arabic chosen in the UI persist across a reload, from the same HTML as anyone's", async ({
  page,
  context,
}) => {
  await page.goto("/projects");
  await page.getByRole("button", { name: text("en", "nav.toDark") }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#020617");
  await page.getByRole("button", { name: text("en", "nav.language") }).click();
  await page.getByRole("menuitem", { name: text("en", "nav.arabic") }).click();
  await expect(page).toHaveURL("/ar/projects");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ar", "projects.title"));

  expect(await storedPreferences(page)).toEqual({ theme: "dark", language: "ar" });
  // The theme stays in the browser: only the language has a cookie (the admin page and the API answer in it).
  expect(await preferenceCookies(context)).toEqual({ language: "ar" });

  let documents = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents += 1;
  });
  const response = await page.reload();
  expect(await serverHtmlTag(response)).toBe('<html lang="ar" dir="rtl">');
  expect(await response!.text()).toContain(`<title>${text("ar", "meta.projects")}</title>`);

  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ar", "projects.title"));
  await expect(page.getByRole("button", { name: text("ar", "nav.toLight") })).toBeVisible();
  expect(documents).toBe(1);

  // And back to light, which the next load keeps.
  await page.getByRole("button", { name: text("ar", "nav.toLight") }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await storedPreferences(page)).toEqual({ theme: "light", language: "ar" });
  expect(await serverHtmlTag(await page.reload())).toBe('<html lang="ar" dir="rtl">');
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});

test("preferences kept only in localStorage: the theme at once, the language mirrored and at /", async ({
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
  // The head script sets the theme before paint; the page stays the English one its address names.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "about.title"));
  expect(await preferenceCookies(context)).toEqual({ language: "ar" });
  // The saved choice takes the English home page to the Arabic one, even with the cookies gone.
  await context.clearCookies();
  await page.goto("/");
  await expect(page).toHaveURL("/ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
});

test("unknown or corrupted values are forgotten: English in the system's theme", async ({
  page,
  context,
  baseURL,
}) => {
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
  expect(await serverHtmlTag(response)).toBe('<html lang="en" dir="ltr">');
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: text("en", "nav.toDark") })).toBeVisible();
  expect(await storedPreferences(page)).toEqual({ theme: null, language: null });
});

/**
 * A page's HTML without what differs between two renders by design: the per-request CSP nonce (a page from the page
 * cache carries none, decision 008) and the contact form's signed render time (docs/product.md §25).
 */
function comparable(html: string): string {
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  const stamp = new RegExp(`name="${FORM_STAMP_FIELD}" value="([^"]+)"`).exec(html)?.[1];
  let page = html;
  for (const value of [nonce, stamp]) if (value) page = page.replaceAll(value, "");
  return page;
}

test("a public page's HTML is the same for every visitor of its language, whatever theme they chose", async ({
  browser,
  baseURL,
  request,
  server,
  db,
}) => {
  test.setTimeout(90_000);
  await seedPublicPages(db);
  const addresses = LANGUAGES.flatMap((language) => PUBLIC_PAGES.map((path) => at(language, path)));
  const start = (address: string) =>
    languageOfPath(address) === "ar" ? '<html lang="ar" dir="rtl">' : '<html lang="en" dir="ltr">';
  const received = new Map<string, string[]>(addresses.map((address) => [address, []]));
  const visitors = [
    { cookie: "", theme: undefined },
    { cookie: "theme=dark", theme: "dark" as const },
    { cookie: "theme=light", theme: "light" as const },
    { cookie: "", theme: "dark" as const },
  ];
  for (const visitor of visitors) {
    // Each page rendered anew for this visitor, then served again from the page cache.
    server.pageCache.clear();
    for (const address of addresses)
      for (let round = 0; round < 2; round++) {
        const response = await request.get(address, { headers: { Cookie: visitor.cookie } });
        received.get(address)!.push(comparable(await response.text()));
      }
    // What a browser that saved the theme receives: the bytes before any script ran.
    const context = await browser.newContext({ baseURL });
    if (visitor.theme) await setPreferences(context, baseURL!, { theme: visitor.theme });
    if (visitor.cookie) await context.addCookies([{ name: "theme", value: visitor.theme!, url: baseURL! }]);
    const page = await context.newPage();
    for (const address of addresses) {
      const response = await page.goto(address, { waitUntil: "commit" });
      received.get(address)!.push(comparable(await response!.text()));
    }
    await context.close();
  }
  for (const [address, pages] of received) {
    expect(pages, address).toHaveLength(visitors.length * 3);
    expect(new Set(pages).size, address).toBe(1);
    expect(/<html[^>]*>/.exec(pages[0]!)?.[0], address).toBe(start(address));
  }
});

for (const scheme of ["saved", "the system's"] as const) {
  test(`the dark theme (${scheme}) is set before the page's body exists and shows in its first frame`, async ({
    browser,
    baseURL,
  }) => {
    for (const language of LANGUAGES) {
      const context = await browser.newContext({
        baseURL,
        colorScheme: scheme === "saved" ? "light" : "dark",
      });
      if (scheme === "saved") await setPreferences(context, baseURL!, { theme: "dark" });
      // Runs before the page's own scripts: notes when the class arrives, and what the first frame shows.
      await context.addInitScript(() => {
        const seen: { classWithoutBody?: boolean; firstFrame?: string } = {};
        Object.assign(window, { __theme: seen });
        // The document has no <html> element yet when this runs: its whole tree is watched.
        new MutationObserver((_, observer) => {
          if (!document.documentElement?.classList.contains("dark")) return;
          seen.classWithoutBody = document.body === null;
          observer.disconnect();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ["class"] });
        const frame = () => {
          if (document.body) seen.firstFrame = getComputedStyle(document.body).backgroundColor;
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const page = await context.newPage();
      await page.goto(at(language, "/articles"));
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __theme: object }).__theme))
        .toEqual({ classWithoutBody: true, firstFrame: "rgb(2, 6, 23)" });
      await context.close();
    }
  });
}
