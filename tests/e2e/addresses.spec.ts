import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import ogs from "open-graph-scraper";
import RssParser from "rss-parser";
import Sitemapper from "sitemapper";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { PUBLIC_PAGES } from "#core/localized-paths.ts";
import type { Language } from "#core/preferences.ts";
import { articles } from "#db/schema.ts";
import { apiErrorText } from "#core/api-errors.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { LANGUAGES, at, expect, failedResource, readSitemap, siteConfig, test, text } from "./fixtures.ts";

// Every page at its own address in each language, and what search engines, feed readers and link previews read
// (docs/product.md §16): the head of every page, the sitemap, the feeds, robots.txt and the share images,
// each checked with a parser nobody here wrote.

const ARTICLE = {
  slug: "fast-sites",
  title_en: "Fast sites for slow phones",
  title_ar: "مواقع سريعة لهواتف بطيئة",
  content_en: "<h2>Why</h2><p>Every kilobyte counts.</p>",
  content_ar: "<h2>لماذا</h2><p>كل كيلوبايت مهم.</p>",
  excerpt_en: "Every kilobyte counts.",
  excerpt_ar: "كل كيلوبايت مهم.",
  date: new Date("2026-10-01T08:00:00Z"),
  updated_at: new Date("2026-10-05T08:00:00Z"),
  tags: [{ slug: "performance", en: "Performance", ar: "الأداء" }],
};

const ARTICLE_PAGE = `/articles/${ARTICLE.slug}`;
/** Every kind of public page: the fixed ones, an article and a tag's articles (docs/product.md §16, §18). */
const PAGES = [...PUBLIC_PAGES, ARTICLE_PAGE, "/articles/tag/performance"];

/** The failed checks of the Structured Data Testing Tool's Google preset for `schema` in this HTML, or "". */
function structuredDataFailures(html: string, schema: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "sira-sdtt-"));
  const file = path.join(folder, "page.html");
  writeFileSync(file, html);
  try {
    execFileSync(
      process.execPath,
      [
        "node_modules/structured-data-testing-tool/bin/cli.js",
        "--file",
        file,
        "--presets",
        "Google",
        "--schemas",
        schema,
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    return "";
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Every link on the page that leads to another page of this site (not a file, not another site). */
async function internalPageLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
      .filter((link) => link.origin === location.origin && !/\.[a-z0-9]+$/i.test(link.pathname))
      .map((link) => link.pathname),
  );
}

test.describe("every public page in both languages", () => {
  test.beforeEach(async ({ db }) => {
    await insertArticle(db, ARTICLE);
  });

  for (const language of LANGUAGES) {
    for (const page of PAGES) {
      test(`${at(language, page)}: lang, dir, canonical, hreflang, Open Graph, Twitter and JSON-LD`, async ({
        request,
        baseURL,
      }) => {
        const address = at(language, page);
        const response = await request.get(address);
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}"`);

        const head = html.slice(0, html.indexOf("</head>"));
        const link = (rel: string, hreflang?: string) =>
          new RegExp(`<link rel="${rel}"${hreflang ? ` hrefLang="${hreflang}"` : ""} href="([^"]+)"`).exec(
            head,
          )?.[1];
        expect(link("canonical")).toBe(baseURL + address);
        expect(link("alternate", "en")).toBe(baseURL + at("en", page));
        expect(link("alternate", "ar")).toBe(baseURL + at("ar", page));
        expect(link("alternate", "x-default")).toBe(baseURL + at("en", page));
        expect(head).toContain(
          `<link rel="alternate" type="application/rss+xml" title="${text(language, "meta.feedTitle")}" href="${baseURL}${at(language, "/feed.xml")}"/>`,
        );

        const { result } = await ogs({ html });
        expect(result.ogUrl).toBe(baseURL + address);
        expect(result.ogLocale).toBe(language === "ar" ? "ar_AR" : "en_US");
        expect(result.ogLocaleAlternate).toBe(language === "ar" ? "en_US" : "ar_AR");
        expect(result.ogSiteName).toBe(siteConfig.name[language]);
        expect(result.ogType).toBe(page === ARTICLE_PAGE ? "article" : "website");
        expect(result.ogTitle).toBeTruthy();
        expect(result.ogDescription).toBeTruthy();
        const [image] = result.ogImage ?? [];
        expect(image?.url).toMatch(new RegExp(`^${baseURL}/share/${language}/`));
        expect(image).toMatchObject({ width: "1200", height: "630" });
        expect(result.twitterCard).toBe("summary_large_image");
        expect(result.twitterTitle).toBe(result.ogTitle);
        expect(result.twitterImage?.[0]?.url).toBe(image?.url);
        if (page === ARTICLE_PAGE) {
          expect(result.articlePublishedTime).toBe(ARTICLE.date.toISOString());
          expect(result.articleModifiedTime).toBe(ARTICLE.updated_at.toISOString());
        }

        const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
          (match) => JSON.parse(match[1]!) as { "@type": string } & Record<string, unknown>,
        );
        const types = jsonLd.map((object) => object["@type"]);
        if (page === "/") expect(types).toEqual(["Person", "WebSite"]);
        else expect(types).toContain("BreadcrumbList");
        if (page === "/") expect(jsonLd[0]).toMatchObject({ sameAs: Object.values(siteConfig.links) });
        if (page === ARTICLE_PAGE) {
          expect(types).toContain("BlogPosting");
          const post = jsonLd.find((object) => object["@type"] === "BlogPosting")!;
          expect(post).toMatchObject({
            headline: language === "ar" ? ARTICLE.title_ar : ARTICLE.title_en,
            inLanguage: language,
            datePublished: ARTICLE.date.toISOString(),
            dateModified: ARTICLE.updated_at.toISOString(),
            mainEntityOfPage: { "@id": baseURL + address },
          });
          // Google's own requirements, as a structured-data tester checks them (in its own process: the tool loads
          // global polyfills that must not reach the server running in this one).
          expect(structuredDataFailures(html, "BlogPosting")).toBe("");
        }
      });
    }
  }
});

test("every internal link of a page stays in its language", async ({ page, db }) => {
  await insertArticle(db, ARTICLE);
  for (const address of PAGES.map((path) => at("ar", path))) {
    await page.goto(address);
    const links = await internalPageLinks(page);
    expect(links.length).toBeGreaterThan(5);
    expect(
      links.filter((link) => link !== "/ar" && !link.startsWith("/ar/")),
      address,
    ).toEqual([]);
  }
  await page.goto("/about");
  expect((await internalPageLinks(page)).filter((link) => link === "/ar" || link.startsWith("/ar/"))).toEqual(
    [],
  );
});

test.describe("the home page and a saved language", () => {
  test("a visitor who chose Arabic and opens / is taken to /ar; nobody else, and no other page", async ({
    request,
    baseURL,
  }) => {
    const arabic = { Cookie: "language=ar" };
    const home = await request.get("/", { headers: arabic, maxRedirects: 0 });
    expect(home.status()).toBe(302);
    expect(home.headers()["location"]).toBe("/ar");
    expect(home.headers()["vary"]).toMatch(/Cookie/i);
    for (const [path, headers] of [
      ["/", {}],
      ["/", { Cookie: "language=en" }],
      ["/about", arabic],
      ["/articles", arabic],
    ] as const) {
      const response = await request.get(`${baseURL}${path}`, { headers, maxRedirects: 0 });
      expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(200);
      // The page itself is the same for every visitor: a shared cache may give it to anyone (decision 008).
      expect(response.headers()["vary"]).not.toMatch(/Cookie/i);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ["/ar", "/ar/about", "/ar/projects", "/ar/services", "/ar/contact"]) {
    test(`${path} is complete in Arabic`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("navigation", { name: text("ar", "nav.main") })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText(siteConfig.footerText.ar);
    });
  }
});

test("in Arabic, no element holding Arabic text is laid out left to right (code aside)", async ({
  page,
  db,
  consoleGuard,
}) => {
  consoleGuard.allow(failedResource(404));
  await insertArticle(db, {
    ...ARTICLE,
    content_ar: '<p>نص</p><pre><code class="language-javascript">let x = 1;</code></pre>',
  });
  for (const address of [...PAGES.map((path) => at("ar", path)), "/ar/no-such-page"]) {
    await page.goto(address);
    const leftToRight = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter(
          (element) =>
            !element.closest("pre, code") &&
            [...element.childNodes].some(
              (node) => node.nodeType === Node.TEXT_NODE && /[\u0600-\u06FF]/.test(node.textContent ?? ""),
            ) &&
            getComputedStyle(element).direction === "ltr",
        )
        .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 40)}`),
    );
    expect(leftToRight, address).toEqual([]);
  }
});

test("the sitemap lists every public page and every article in both languages with alternates and lastmod", async ({
  request,
  baseURL,
  db,
}) => {
  await insertArticle(db, ARTICLE);
  // An index of files (sitemaps.org), which a crawler follows.
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("xml");
  const { index, files } = await readSitemap(request);
  expect(index).toContain("<sitemapindex");
  const { sites, errors } = await new Sitemapper({ url: `${baseURL}/sitemap.xml`, timeout: 10_000 }).fetch();
  expect(errors).toEqual([]);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name) => name === "url" || name === "xhtml:link",
  });
  const urls = files.flatMap(
    (file) =>
      (
        parser.parse(file) as {
          urlset: {
            url: { loc: string; lastmod?: string; "xhtml:link": { hreflang: string; href: string }[] }[];
          };
        }
      ).urlset.url,
  );
  const expected = LANGUAGES.flatMap((language) => PAGES.map((page) => baseURL + at(language, page)));
  expect(urls.map((url) => url.loc).sort()).toEqual(expected.sort());
  expect(sites.toSorted()).toEqual(expected.sort());
  for (const url of urls) {
    expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(url["xhtml:link"].map((link) => link.hreflang)).toEqual(["en", "ar", "x-default"]);
  }
  const article = urls.find((url) => url.loc === `${baseURL}/ar/articles/${ARTICLE.slug}`)!;
  expect(article.lastmod).toBe(ARTICLE.updated_at.toISOString());
  expect(article["xhtml:link"][0]!.href).toBe(`${baseURL}/articles/${ARTICLE.slug}`);
  expect([index, ...files].join("")).not.toContain("admin");
});

test("robots.txt names the sitemap by its absolute address and never the admin path", async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).not.toContain("admin");
  expect(robots).toMatch(/^User-agent: \*$/m);
});

for (const language of LANGUAGES) {
  test(`the ${language} feed lists the newest articles with absolute ${language} links and the fallback titles`, async ({
    request,
    baseURL,
    db,
  }) => {
    await insertArticle(db, ARTICLE);
    await insertArticle(db, {
      slug: "only-english",
      title_en: "Only in English",
      title_ar: "",
      excerpt_en: "An English excerpt.",
      excerpt_ar: "",
      date: new Date("2026-11-01T08:00:00Z"),
    });
    for (let n = 0; n < 21; n++)
      await insertArticle(db, { slug: `old-${n}`, date: new Date(Date.UTC(2025, 0, 1 + n)) });
    const response = await request.get(at(language, "/feed.xml"));
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const feed = await new RssParser().parseString(await response.text());
    expect(feed.title).toBe(text(language, "meta.feedTitle"));
    expect(feed.link).toBe(baseURL + at(language, "/articles"));
    expect((feed as unknown as { language?: string }).language).toBe(language);
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0]).toMatchObject({
      title: "Only in English",
      link: `${baseURL}${at(language, "/articles/only-english")}`,
      contentSnippet: "An English excerpt.",
    });
    expect(feed.items[1]).toMatchObject({
      title: language === "ar" ? ARTICLE.title_ar : ARTICLE.title_en,
      link: `${baseURL}${at(language, `/articles/${ARTICLE.slug}`)}`,
    });
  });
}

test("share images: 1200×630 per page and language, kept, and drawn anew when the article changes", async ({
  request,
  db,
}) => {
  await insertArticle(db, ARTICLE);
  const shots = path.join("test-results", "screenshots");
  mkdirSync(shots, { recursive: true });
  for (const language of LANGUAGES) {
    for (const page of ["home", "about", `articles/${ARTICLE.slug}`]) {
      const response = await request.get(`/share/${language}/${page}.png`);
      expect(response.status(), `${language} ${page}`).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
      const png = await response.body();
      expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });
      if (page.startsWith("articles/")) writeFileSync(path.join(shots, `share-article-${language}.png`), png);
    }
  }
  const before = await request.get(`/share/ar/articles/${ARTICLE.slug}.png`);
  const etag = before.headers()["etag"]!;
  expect(
    (
      await request.get(`/share/ar/articles/${ARTICLE.slug}.png`, { headers: { "If-None-Match": etag } })
    ).status(),
  ).toBe(304);
  await db.update(articles).set({ title_ar: "عنوان جديد" }).where(eq(articles.slug, ARTICLE.slug));
  const after = await request.get(`/share/ar/articles/${ARTICLE.slug}.png`);
  expect(after.headers()["etag"]).not.toBe(etag);
  expect((await after.body()).equals(await before.body())).toBe(false);
  expect((await request.get("/share/ar/articles/no-such.png")).status()).toBe(404);
  expect((await request.get("/share/fr/home.png")).status()).toBe(404);
});

test("every public page in both languages passes the W3C Nu HTML Checker", async ({
  request,
  db,
  consoleGuard,
}) => {
  test.setTimeout(60_000);
  consoleGuard.allow(failedResource(404));
  await insertArticle(db, ARTICLE);
  const folder = mkdtempSync(path.join(tmpdir(), "sira-vnu-"));
  try {
    const files: string[] = [];
    for (const language of LANGUAGES as Language[]) {
      for (const page of [...PAGES, "/no-such-page"]) {
        const address = at(language, page);
        const file = path.join(folder, `${address.replaceAll("/", "_") || "_"}.html`);
        // The page's HTML and its style attributes; the stylesheet is a file of its own (decision 037), which the
        // checker does not fetch (its CSS validator predates @property and margin-trim).
        writeFileSync(file, await (await request.get(address)).text());
        files.push(file);
      }
    }
    const jar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
    let output = "";
    try {
      output = execFileSync("java", ["-jar", jar, "--errors-only", "--format", "gnu", ...files], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (error) {
      output = String((error as { stderr?: string }).stderr ?? error);
    }
    expect(output.trim()).toBe("");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("the contact form sent from /ar answers in Arabic, whatever language the cookie says", async ({
  page,
  context,
  baseURL,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 422/);
  await context.addCookies([{ name: "language", value: "en", url: baseURL! }]);
  await page.goto("/ar/contact");
  const main = page.getByRole("main");
  await main.getByLabel(text("ar", "contact.name"), { exact: true }).fill("منى");
  await main.getByLabel(text("ar", "contact.yourEmail"), { exact: true }).fill("mona@localhost");
  await main.getByLabel(text("ar", "contact.subject"), { exact: true }).fill("سؤال");
  await main.getByLabel(text("ar", "contact.message"), { exact: true }).fill("مرحبا");
  await main.getByRole("button", { name: text("ar", "contact.send") }).click();
  await expect(main.getByText(apiErrorText("ar", "contactEmail"))).toBeVisible();
});

test("with SITE_URL, every absolute address starts with it, whatever address the request came to", async ({
  request,
  startServer,
}) => {
  const server = await startServer({ SITE_URL: "https://www.example.com" });
  await insertArticle(server.database.db, ARTICLE);
  const html = await (await request.get(`${server.url}/ar/articles/${ARTICLE.slug}`)).text();
  expect(html).toContain('<link rel="canonical" href="https://www.example.com/ar/articles/fast-sites"/>');
  expect(html).toContain('content="https://www.example.com/share/ar/articles/fast-sites.png"');
  const { index, files } = await readSitemap(request, server.url);
  expect(index).toContain("<loc>https://www.example.com/sitemaps/pages.xml</loc>");
  expect(files.join("")).toContain("<loc>https://www.example.com/ar</loc>");
  expect([index, ...files].join("")).not.toContain(server.url);
  expect(await (await request.get(`${server.url}/robots.txt`)).text()).toContain(
    "Sitemap: https://www.example.com/sitemap.xml",
  );
});
