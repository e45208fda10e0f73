import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import RssParser from "rss-parser";
import Sitemapper from "sitemapper";
import { insertProject } from "#tests/helpers/seed.ts";
import { ADMIN, openView, png, signIn } from "./admin-page.ts";
import { OWNER_PASSWORD, expect, failedResource, test, text } from "./fixtures.ts";

// Every language tells the truth (decision 015): a slug per language, old addresses that answer 301 and
// deleted ones 410, and a page in a language the article is not written in that says so, marks its text's own
// language and direction, and is advertised nowhere. Read by clients nobody here wrote: a sitemap crawler, a feed
// reader, the W3C Nu checker and Chromium.

const ARABIC = "مرحبا-بالعالم";
const enc = encodeURIComponent;

async function write(page: Page, method: "post" | "put" | "delete", url: string, data?: unknown) {
  const response = await page.request[method](url, data === undefined ? {} : { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.status() === 204 ? null : ((await response.json()) as { id: string; slug: string });
}

/** The article addresses the sitemap names, as a crawler reads them. */
async function sitemapArticles(baseURL: string): Promise<string[]> {
  const { sites, errors } = await new Sitemapper({ url: `${baseURL}/sitemap.xml`, timeout: 10_000 }).fetch();
  expect(errors).toEqual([]);
  return sites
    .map((site) => new URL(site).pathname)
    .filter((pathname) => /\/articles\/(?!tag\/)/.test(pathname))
    .sort();
}

/** Follows an address one hop at a time: the statuses and where it ends. */
async function crawl(request: APIRequestContext, address: string) {
  const statuses: number[] = [];
  let current = address;
  for (let hop = 0; hop < 5; hop++) {
    const response = await request.get(current, { maxRedirects: 0 });
    statuses.push(response.status());
    const location = response.headers()["location"];
    if (!location || response.status() < 300 || response.status() >= 400) break;
    current = new URL(location, new URL(current, "http://x")).pathname;
  }
  return { statuses, end: current };
}

test("an article in one language and one renamed: honest pages, true discovery, addresses that keep answering", async ({
  page,
  request,
  baseURL,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(failedResource(410));
  const login = await page.request.post("/api/auth/login", { data: { password: OWNER_PASSWORD } });
  expect(login.status()).toBe(200);
  const english = await write(page, "post", "/api/articles", {
    title_en: "Caching at the edge",
    content_en: "<p>Keep hot data close to the reader.</p>",
    status: "published",
  });
  const both = await write(page, "post", "/api/articles", {
    title_en: "Hello World",
    title_ar: "مرحبًا بالعالم",
    content_en: "<p>Hello, reader.</p>",
    content_ar: "<p>أهلا بالقارئ.</p>",
    status: "published",
  });

  // The sitemap and the feeds name exactly the translations that exist.
  expect(await sitemapArticles(baseURL!)).toEqual(
    [`/ar/articles/${enc(ARABIC)}`, "/articles/caching-at-the-edge", "/articles/hello-world"].sort(),
  );
  const feed = async (address: string) =>
    (await new RssParser().parseString(await (await request.get(address)).text())).items.map(
      (item) => new URL(item.link!).pathname,
    );
  expect((await feed("/feed.xml")).sort()).toEqual([
    "/articles/caching-at-the-edge",
    "/articles/hello-world",
  ]);
  expect(await feed("/ar/feed.xml")).toEqual([`/ar/articles/${enc(ARABIC)}`]);

  // The English page names no Arabic alternate; the Arabic page of an English article points at the original.
  await page.goto("/articles/caching-at-the-edge");
  await expect(page.locator('link[hreflang="ar"]')).toHaveCount(0);
  await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute(
    "href",
    `${baseURL}/articles/caching-at-the-edge`,
  );
  await page.goto("/articles/hello-world");
  await expect(page.locator('link[hreflang="ar"]')).toHaveAttribute(
    "href",
    `${baseURL}/ar/articles/${enc(ARABIC)}`,
  );

  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])
    for (const theme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto("/ar/articles/caching-at-the-edge");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveAttribute("lang", "en");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${baseURL}/articles/caching-at-the-edge`,
      );
      await expect(page.locator('link[hreflang="ar"]')).toHaveCount(0);
      const note = page.getByRole("note");
      await expect(note).toContainText(text("ar", "articles.onlyIn.en"));
      await expect(note.getByRole("link", { name: text("ar", "articles.readIn.en") })).toHaveAttribute(
        "href",
        "/articles/caching-at-the-edge",
      );
      // No English text computes right to left, no Arabic text left to right (code aside).
      const wrong = await page.evaluate(() => {
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement!;
          const content = node.textContent ?? "";
          if (element.closest("pre, code, script, style")) continue;
          const direction = getComputedStyle(element).direction;
          if (/[\u0600-\u06FF]/.test(content) && direction !== "rtl") found.push(`ltr: ${content}`);
          if (
            /^[^\u0600-\u06FF]*[A-Za-z]{3,}/.test(content) &&
            element.closest("[lang=en]") &&
            direction !== "ltr"
          )
            found.push(`rtl: ${content}`);
        }
        return found;
      });
      expect(wrong, `${width} px, ${theme}`).toEqual([]);
      // In the Arabic list the English article is marked and lines up with the Arabic one at the start edge.
      await page.goto("/ar/articles");
      const fallback = page.getByRole("listitem").filter({ hasText: "Caching at the edge" });
      await expect(fallback.getByText(text("ar", "common.textIn.en"))).toBeVisible();
      await expect(fallback.getByRole("heading", { level: 2 })).toHaveAttribute("dir", "ltr");
      const edge = async (name: string) => {
        const box = (await page.getByRole("link", { name, exact: true }).boundingBox())!;
        return box.x + box.width;
      };
      expect(Math.abs((await edge("Caching at the edge")) - (await edge("مرحبًا بالعالم")))).toBeLessThan(2);
    }

  // The language menu goes to the article's Arabic address.
  await page.goto("/articles/hello-world");
  await page
    .getByRole("button", { name: text("en", "nav.language") })
    .first()
    .click();
  await page.getByRole("menuitem", { name: text("en", "nav.arabic") }).click();
  await expect(page).toHaveURL(`${baseURL}/ar/articles/${enc(ARABIC)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("مرحبًا بالعالم");

  // Renamed: every address it had answers one 301, then 200; the sitemap follows at once.
  await write(page, "put", `/api/articles/${both!.id}`, {
    title_en: "Hello again",
    title_ar: "مرحبا مجددا",
    content_en: "<p>Hello, reader.</p>",
    content_ar: "<p>أهلا بالقارئ.</p>",
    status: "published",
  });
  const now = { en: "/articles/hello-again", ar: `/ar/articles/${enc("مرحبا-مجددا")}` };
  for (const [address, end] of [
    ["/articles/hello-world", now.en],
    [`/ar/articles/${enc(ARABIC)}`, now.ar],
    ["/ar/articles/hello-world", now.ar],
    [`/ar/articles/hello-again`, now.ar],
  ])
    expect(await crawl(request, address!), address).toEqual({ statuses: [301, 200], end });
  expect(await sitemapArticles(baseURL!)).toEqual(["/articles/caching-at-the-edge", now.en, now.ar].sort());

  // Every page passes the Nu checker: an original, a fallback, a list with a fallback item.
  const folder = mkdtempSync(path.join(tmpdir(), "sira-vnu-"));
  try {
    const files = [now.en, now.ar, "/ar/articles/caching-at-the-edge", "/ar/articles", "/articles"].map(
      (address, index) => path.join(folder, `${index}.html`),
    );
    let index = 0;
    for (const address of [now.en, now.ar, "/ar/articles/caching-at-the-edge", "/ar/articles", "/articles"])
      writeFileSync(files[index++]!, await (await request.get(address)).text());
    // Deleted: gone at both addresses; the gone page passes too.
    await write(page, "delete", `/api/articles/${english!.id}`);
    for (const address of ["/articles/caching-at-the-edge", "/ar/articles/caching-at-the-edge"])
      expect((await request.get(address)).status(), address).toBe(410);
    const gone = path.join(folder, "gone.html");
    writeFileSync(gone, await (await request.get("/ar/articles/caching-at-the-edge")).text());
    let output = "";
    try {
      output = execFileSync(
        "java",
        [
          "-jar",
          path.resolve("node_modules/vnu-jar/build/dist/vnu.jar"),
          "--errors-only",
          "--format",
          "gnu",
          ...files,
          gone,
        ],
        { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
      );
    } catch (error) {
      output = String((error as { stderr?: string }).stderr ?? error);
    }
    expect(output.trim()).toBe("");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  expect(await sitemapArticles(baseURL!)).toEqual([now.en, now.ar].sort());
});

test("the owner sees what needs translating, sets an Arabic address and share image, and a project's English text is marked", async ({
  page,
  request,
  db,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 415/);
  // A project with its own Arabic share image (the head names it; no file is needed for that).
  const projectCard = "/storage/portfolio_images/projects/1700000000000_shop-card.png";
  await insertProject(db, {
    title: "Shop",
    title_ar: "متجر",
    description: "An online shop.",
    slug_en: "shop",
    slug_ar: "متجر",
    share_image_ar: projectCard,
  });
  await signIn(page);
  await write(page, "post", "/api/articles", {
    title_en: "Only in English",
    content_en: "<p>Text.</p>",
    status: "published",
  });
  await write(page, "post", "/api/articles", {
    title_en: "In both",
    title_ar: "في اللغتين",
    content_en: "<p>Text.</p>",
    content_ar: "<p>نص.</p>",
    status: "published",
  });
  const articles = await openView(page, "articles");
  const item = articles.getByRole("listitem").filter({ hasText: "Only in English" });
  await expect(item).toContainText(text("en", "admin.translation.missing.ar"));
  await articles.getByLabel(text("en", "admin.articles.filter")).selectOption("untranslated");
  await expect(articles.getByRole("heading", { level: 3 })).toHaveText(["Only in English"]);
  await expect(page).toHaveURL(`${ADMIN}/articles?status=untranslated`);

  // The editor: an Arabic address typed with its preview; the old address then leads to it.
  await item
    .getByRole("link", { name: text("en", "admin.articles.editItem", { title: "Only in English" }) })
    .click();
  const form = page.getByRole("dialog", { name: text("en", "admin.articles.editTitle") });
  const languages = form.getByRole("region", { name: text("en", "admin.translation.panel") });
  await expect(languages).toContainText(text("en", "admin.translation.empty"));
  await expect(languages).toContainText(text("en", "admin.translation.missing.ar"));
  const arabic = form.getByLabel(text("en", "admin.addresses.slugAr"));
  await expect(form.getByLabel(text("en", "admin.addresses.slugEn"))).toHaveValue("only-in-english");
  await arabic.fill("بالإنجليزية فقط");
  await expect(form.getByText("/ar/articles/بالإنجليزية-فقط")).toBeVisible();
  // Its own search and share texts in Arabic.
  await form.getByLabel(text("en", "admin.addresses.metaTitleAr")).fill("عنوان للبحث");
  await form.getByLabel(text("en", "admin.addresses.metaDescriptionAr")).fill("وصف للمشاركة");
  // And its own Arabic share image: a file that is no picture is refused under that field, then a picture.
  const shareImage = form.getByLabel(text("en", "admin.addresses.shareImageAr"), { exact: true });
  await shareImage.setInputFiles({
    name: "card.png",
    mimeType: "image/png",
    buffer: Buffer.from("no picture"),
  });
  await form.getByRole("button", { name: text("en", "admin.articles.save") }).click();
  await expect(shareImage).toHaveAttribute("aria-invalid", "true");
  await expect(shareImage).toHaveAccessibleDescription(
    /Only PNG, JPEG, WebP and GIF images can be uploaded\./,
  );
  await shareImage.setInputFiles({
    name: "card.png",
    mimeType: "image/png",
    buffer: await png("#0ea5e9", 240, 126),
  });
  await expect(form.getByRole("img", { name: text("en", "imageField.preview") })).toBeVisible();
  await form.getByRole("button", { name: text("en", "admin.articles.save") }).click();
  await expect(form).toBeHidden();
  const head = await (await request.get(`/ar/articles/${enc("بالإنجليزية-فقط")}`)).text();
  const ogImage = (html: string) => /<meta property="og:image" content="([^"]+)"\/>/.exec(html)?.[1];
  const arabicCard = ogImage(head)!;
  expect(new URL(arabicCard).pathname).toMatch(/^\/storage\/portfolio_images\/articles\/\d+_card\.png$/);
  expect((await request.get(arabicCard)).headers()["content-type"]).toBe("image/png");
  // The English page keeps the drawn card.
  const englishHead = await (await request.get("/articles/only-in-english")).text();
  expect(new URL(ogImage(englishHead)!).pathname).toBe("/share/en/articles/only-in-english.png");
  // Removed again, the Arabic page shares the drawn card and the file goes.
  await item
    .getByRole("link", { name: text("en", "admin.articles.editItem", { title: "Only in English" }) })
    .click();
  await expect(form.getByRole("img", { name: text("en", "imageField.current") })).toHaveAttribute(
    "src",
    new URL(arabicCard).pathname,
  );
  await form.getByRole("button", { name: text("en", "imageField.removeCurrent") }).click();
  await form.getByRole("button", { name: text("en", "admin.articles.save") }).click();
  await expect(form).toBeHidden();
  const drawn = ogImage(await (await request.get(`/ar/articles/${enc("بالإنجليزية-فقط")}`)).text())!;
  expect(new URL(drawn).pathname).toBe(`/share/ar/articles/${enc("بالإنجليزية-فقط")}.png`);
  expect((await request.get(arabicCard)).status()).toBe(404);
  expect(head).toContain('<meta property="og:description" content="وصف للمشاركة"/>');
  expect(head).toMatch(/<meta property="og:title" content="[^"]*عنوان للبحث[^"]*"\/>/);
  expect(head).toContain('"headline":"عنوان للبحث"');
  expect(await crawl(request, "/ar/articles/only-in-english")).toEqual({
    statuses: [301, 200],
    end: `/ar/articles/${enc("بالإنجليزية-فقط")}`,
  });

  // The project's Arabic page shares its own image, its English page the drawn card.
  const projectHead = await (await request.get(`/ar/projects/${enc("متجر")}`)).text();
  expect(ogImage(projectHead)).toMatch(new RegExp(`^https?://[^/]+${projectCard}$`));
  expect(projectHead).toContain(`"image":["${new URL(ogImage(projectHead)!).origin}${projectCard}"]`);
  expect(ogImage(await (await request.get("/projects/shop")).text())).toMatch(
    /\/share\/en\/projects\/shop\.png$/,
  );

  // On the Arabic projects page the English description is marked English, left to right.
  await page.goto("/ar/projects");
  const description = page.getByText("An online shop.");
  await expect(description).toHaveAttribute("lang", "en");
  await expect(description).toHaveCSS("direction", "ltr");
  await expect(page.getByRole("heading", { name: "متجر" })).toHaveCSS("direction", "rtl");
});
