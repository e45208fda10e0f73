import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { Language } from "#core/preferences.ts";
import {
  LANGUAGES,
  PUBLIC_PAGES,
  at,
  expect,
  seedPublicPages,
  setPreferences,
  siteConfig,
  test,
  text,
} from "./fixtures.ts";

// The site's stylesheet is one hashed file that every page links (decision 037): fetched once, kept by the browser
// for a year, the same file on every page in both languages; the Content-Security-Policy allows the site's own files
// and no inline style element.

/** The colours of app/app.css for each theme: the page's background and the primary colour (the logo). */
const COLOURS = {
  light: { background: "rgb(255, 255, 255)", primary: "rgb(79, 70, 229)" },
  dark: { background: "rgb(2, 6, 23)", primary: "rgb(129, 140, 248)" },
} as const;

const STYLESHEET = /^\/assets\/[\w~-]+-[\w-]{8}\.css$/;

/** Stylesheet requests and CSP messages of a context, from its first request on. */
function watch(context: BrowserContext) {
  const stylesheets: string[] = [];
  const policy: string[] = [];
  context.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
  });
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) policy.push(message.text());
  });
  return { stylesheets, policy };
}

/** The styles a few rules of app/app.css give: theme colours, the Cairo font, the top bar's height, Arabic's upright text. */
async function styles(page: Page, language: Language) {
  const nav = page.getByRole("navigation", { name: text(language, "nav.main") });
  const logo = nav.getByRole("link", { name: text(language, "nav.homeLink") });
  await expect(logo).toHaveText(siteConfig.initials);
  return {
    background: await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
    font: await page.evaluate(() => getComputedStyle(document.body).fontFamily),
    synthesis: await page.evaluate(() => getComputedStyle(document.documentElement).fontSynthesisStyle),
    navHeight: await nav.evaluate((element) => element.getBoundingClientRect().height),
    primary: await logo.evaluate((element) => getComputedStyle(element).backgroundColor),
  };
}

function expected(language: Language, theme: "light" | "dark") {
  return {
    background: COLOURS[theme].background,
    font: expect.stringMatching(/^"Cairo Variable"/) as unknown as string,
    synthesis: language === "ar" ? "none" : "auto",
    navHeight: 80,
    primary: COLOURS[theme].primary,
  };
}

async function newContext(browser: Browser, baseURL: string, javaScript: boolean, theme: "light" | "dark") {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  await setPreferences(context, baseURL, { theme });
  return context;
}

for (const language of LANGUAGES) {
  for (const javaScript of [true, false]) {
    // Without JavaScript no saved theme can apply (it is kept in localStorage): the page is light.
    const themes = javaScript ? (["light", "dark"] as const) : (["light"] as const);
    test(`${at(language, "/")} links the one stylesheet and is styled, ${javaScript ? "with" : "without"} JavaScript (${language})`, async ({
      browser,
      baseURL,
    }) => {
      for (const theme of themes) {
        const context = await newContext(browser, baseURL!, javaScript, theme);
        const seen = watch(context);
        const page = await context.newPage();
        const response = await page.goto(at(language, "/"));
        expect(response?.status()).toBe(200);
        const html = await response!.text();
        expect(html, "no style element in the page").not.toMatch(/<style\b/);
        await page.waitForLoadState("networkidle");
        expect(await styles(page, language)).toEqual(expected(language, theme));
        const links = await page
          .locator("link[rel=stylesheet]")
          .evaluateAll((elements) =>
            elements.map((element) => new URL((element as HTMLLinkElement).href).pathname),
          );
        expect(links).toHaveLength(1);
        expect(links[0]).toMatch(STYLESHEET);
        expect(seen.stylesheets, "stylesheet requests").toEqual(links);
        expect(seen.policy, "CSP messages").toEqual([]);
        await context.close();
      }
    });
  }
}

test("every public page links the same stylesheet, a hashed file kept for a year", async ({
  request,
  db,
}) => {
  await seedPublicPages(db);
  const hrefs = new Set<string>();
  for (const language of LANGUAGES) {
    for (const path of PUBLIC_PAGES) {
      const html = await (await request.get(at(language, path))).text();
      const linked = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(
        (match) => /\bhref="([^"]+)"/.exec(match[0])?.[1],
      );
      expect(linked, at(language, path)).toHaveLength(1);
      hrefs.add(linked[0]!);
    }
  }
  expect(hrefs.size).toBe(1);
  const [href] = [...hrefs];
  expect(href).toMatch(STYLESHEET);
  const css = await request.get(href!, { headers: { "Accept-Encoding": "br" } });
  expect(css.status()).toBe(200);
  expect(css.headers()["content-type"]).toMatch(/^text\/css/);
  expect(css.headers()["content-encoding"]).toBe("br");
  expect(css.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const body = await css.text();
  expect(body.length).toBeGreaterThan(10_000);
  expect(body).toContain(".dark{");
});

test("the policy allows the site's stylesheet files and no inline style element, fresh and from the page cache", async ({
  request,
}) => {
  for (const path of ["/", "/ar", "/projects"]) {
    for (const round of ["rendered", "from the page cache"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const policy = Object.fromEntries(
        (response.headers()["content-security-policy"] ?? "")
          .split(";")
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name = "", ...sources]) => [name, sources]),
      );
      // The nonce, when there is one, is the scripts' nonce: for the admin's libraries' style elements.
      const nonces = policy["script-src"]?.filter((source) => source.startsWith("'nonce-")) ?? [];
      expect(policy["style-src"], `${path} ${round}`).toEqual(["'self'", ...nonces]);
      if (round === "from the page cache") expect(nonces).toEqual([]);
      expect(policy["style-src-attr"]).toEqual(["'unsafe-inline'"]);
      expect(await response.text()).not.toMatch(/<style\b/);
    }
  }
});

test("the stylesheet is fetched once: a second page comes with it from the browser's cache", async ({
  page,
}) => {
  await page.goto("/");
  await page.goto(at("ar", "/about"));
  const transferred = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".css"))
      .map((entry) => (entry as PerformanceResourceTiming).transferSize),
  );
  expect(transferred).toEqual([0]);
  expect(await styles(page, "ar")).toEqual(expected("ar", "light"));
});

test("client navigation keeps the styles, within a language and into the other", async ({
  page,
  context,
}) => {
  const seen = watch(context);
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __violations: violations });
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  await page.goto("/");
  expect(await styles(page, "en")).toEqual(expected("en", "light"));
  // A mark on the window: it survives client navigation and is gone after a document load.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const nav = page.getByRole("navigation", { name: text("en", "nav.main") });
  await nav.getByRole("link", { name: text("en", "nav.projects") }).click();
  await expect(page).toHaveURL("/projects");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "projects.title"));
  expect(await styles(page, "en")).toEqual(expected("en", "light"));

  // The other language: the root loader runs again and the layout renders anew, still with the stylesheet.
  await page.getByRole("button", { name: text("en", "nav.language") }).click();
  await page.getByRole("menuitem", { name: text("en", "nav.arabic") }).click();
  await expect(page).toHaveURL(at("ar", "/projects"));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await styles(page, "ar")).toEqual(expected("ar", "light"));

  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
  await expect(page.locator("link[rel=stylesheet]")).toHaveCount(1);
  expect(seen.stylesheets).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual(
    [],
  );
});
