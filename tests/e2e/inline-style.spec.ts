import { createHash } from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { Language } from "#core/preferences.ts";
import { LANGUAGES, at, expect, setPreferences, siteConfig, test, text } from "./fixtures.ts";

// The site's stylesheet is written into each page's head (decision 030): the first paint waits for no stylesheet
// request, the Content-Security-Policy allows the element by the hash of its text, and client navigation keeps it.

/** The colours of app/app.css for each theme: the page's background and the primary colour (the logo). */
const COLOURS = {
  light: { background: "rgb(255, 255, 255)", primary: "rgb(79, 70, 229)" },
  dark: { background: "rgb(2, 6, 23)", primary: "rgb(129, 140, 248)" },
} as const;

/** Stylesheet requests and CSP messages of a context, from its first request on. */
function watch(context: BrowserContext) {
  const stylesheets: string[] = [];
  const policy: string[] = [];
  context.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
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
    test(`the first load of ${at(language, "/")} requests no stylesheet and is styled, ${javaScript ? "with" : "without"} JavaScript (${language})`, async ({
      browser,
      baseURL,
    }) => {
      for (const theme of ["light", "dark"] as const) {
        const context = await newContext(browser, baseURL!, javaScript, theme);
        const seen = watch(context);
        const page = await context.newPage();
        const response = await page.goto(at(language, "/"));
        expect(response?.status()).toBe(200);
        await page.waitForLoadState("networkidle");
        expect(await styles(page, language)).toEqual(expected(language, theme));
        await expect(page.locator("link[rel~=stylesheet]")).toHaveCount(0);
        await expect(page.locator("head > style#site-style")).toHaveCount(1);
        expect(seen.stylesheets, "stylesheet requests").toEqual([]);
        expect(seen.policy, "CSP messages").toEqual([]);
        if (javaScript) {
          // Nothing the page fetched held its first paint (Chromium's own account of each resource).
          const blocking = await page.evaluate(() =>
            performance
              .getEntriesByType("resource")
              .filter(
                (entry) =>
                  (entry as PerformanceResourceTiming & { renderBlockingStatus?: string })
                    .renderBlockingStatus === "blocking",
              )
              .map((entry) => entry.name),
          );
          expect(blocking).toEqual([]);
        }
        await context.close();
      }
    });
  }
}

test("the policy allows the inline stylesheet by the hash of its text, fresh and from the page cache", async ({
  request,
}) => {
  for (const path of ["/", "/ar", "/projects"]) {
    for (const round of ["rendered", "from the page cache"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const css = /<style id="site-style">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
      expect(css.length, `${path} ${round}: the stylesheet`).toBeGreaterThan(10_000);
      expect(css).toContain(".dark{");
      const hash = `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`;
      const policy = Object.fromEntries(
        (response.headers()["content-security-policy"] ?? "")
          .split(";")
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name = "", ...sources]) => [name, sources]),
      );
      expect(policy["style-src"], `${path} ${round}`).toContain(hash);
      expect(policy["style-src"]).not.toContain("'unsafe-inline'");
      expect(policy["style-src-attr"]).toEqual(["'unsafe-inline'"]);
      // The page's only style element; the nonce, when there is one, is the scripts' nonce.
      expect(html.match(/<style\b/g)).toHaveLength(1);
      const nonces = (policy["style-src"] as string[]).filter((source) => source.startsWith("'nonce-"));
      if (round === "rendered")
        expect(nonces).toEqual(policy["script-src"]?.filter((s) => s.startsWith("'nonce-")));
      else expect(nonces).toEqual([]);
    }
  }
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
  const styleText = () => page.evaluate(() => document.getElementById("site-style")?.textContent ?? "");
  const first = await styleText();

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
  expect(await styleText()).toBe(first);
  await expect(page.locator("style#site-style")).toHaveCount(1);
  expect(seen.stylesheets).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual(
    [],
  );
});
