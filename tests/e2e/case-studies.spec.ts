import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { apiErrorText } from "#core/api-errors.ts";
import { LOCALES } from "#core/dates.ts";
import { formatNumber } from "#core/intl.ts";
import { ADMIN, grainyJpeg, leftToRightArabic, png, signIn, toast } from "./admin-page.ts";
import {
  expect,
  failedResource,
  readSitemap,
  setPreferences,
  test,
  text,
  waitForHydration,
} from "./fixtures.ts";

// Case studies (docs/product.md §28): the owner writes one with a gallery of five images as a draft, previews it,
// publishes it; collects a testimonial in Arabic through a one-time link and approves it; a visitor reaches it from the home page and from the grid, in English and in Arabic, light and
// dark, on a desktop and a 390 px phone, and browses the gallery by keyboard and by swipe.

const SLUG = "shop-rebuild";
/** Its Arabic address, from its Arabic title (decision 015), percent-encoded as browsers send it. */
const ARABIC_PATH = `/ar/projects/${encodeURIComponent("إعادة-بناء-المتجر")}`;
const COLORS = ["#ef4444", "#f97316", "#22c55e", "#3b82f6", "#a855f7"];

/** Types into one of the form's rich-text editors. */
async function typeRichText(page: Page, form: Locator, label: string, words: string) {
  const box = form.getByRole("textbox", { name: label, exact: true });
  await box.click();
  await page.keyboard.type(words);
}

/** The gallery's large view and where it stands ("Image 2 of 5"). */
const lightbox = (page: Page) => page.locator("dialog[open]");
const digits = (language: "en" | "ar", value: number) => formatNumber(value, LOCALES[language]);
const shown = (page: Page, language: "en" | "ar", number: number) =>
  expect(
    lightbox(page).getByText(
      text(language, "caseStudy.imageOf", { number: digits(language, number), count: digits(language, 5) }),
    ),
  ).toBeVisible();

/** Swipes across the large view as a finger would (pointer events of a touch). */
async function swipe(page: Page, from: number, to: number) {
  const area = lightbox(page).locator("div").first();
  await area.dispatchEvent("pointerdown", { pointerType: "touch", clientX: from, clientY: 400 });
  await area.dispatchEvent("pointerup", { pointerType: "touch", clientX: to, clientY: 400 });
}

test("the owner publishes a case study with a gallery; a visitor reaches it and browses it in both languages", async ({
  page,
  browser,
  context,
  baseURL,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(failedResource(404));
  consoleGuard.allow(failedResource(410));
  await signIn(page);
  const list = page.getByRole("region", { name: text("en", "admin.projects.listTitle") });
  await list.getByRole("link", { name: text("en", "admin.projects.addTitle") }).click();
  const form = page.getByRole("dialog", { name: text("en", "admin.projects.addTitle") });
  await form.getByLabel(text("en", "admin.projects.title")).fill("Shop Rebuild");
  await form.getByLabel(text("en", "admin.projects.titleAr")).fill("إعادة بناء المتجر");
  await form.getByLabel(text("en", "admin.projects.description")).fill("A faster shop for Acme.");
  await form.getByLabel(text("en", "admin.projects.descriptionAr")).fill("متجر أسرع لشركة أكمي.");
  await form.getByLabel(text("en", "admin.projects.tags")).fill("React, Node.js");
  await form.getByLabel(text("en", "admin.projects.live")).fill("https://shop.example.com");
  // The case study is folded until opened: a quick edit of a card loads no editor.
  await form.getByText(text("en", "admin.projects.caseStudy"), { exact: true }).click();
  await form.getByLabel(text("en", "admin.projects.clientEn")).fill("Acme");
  await form.getByLabel(text("en", "admin.projects.clientAr")).fill("أكمي");
  await form.getByLabel(text("en", "admin.projects.roleEn")).fill("Lead developer");
  await form.getByLabel(text("en", "admin.projects.roleAr")).fill("المطور الرئيسي");
  await form.getByLabel(text("en", "admin.projects.periodEn")).fill("2024 – 2025");
  await form.getByLabel(text("en", "admin.projects.resultsEn")).fill("-40 % load time\n+12 % sales");
  await form.getByLabel(text("en", "admin.projects.resultsAr")).fill("زمن تحميل أقل بنسبة ٤٠٪");
  await typeRichText(page, form, text("en", "admin.projects.problemEn"), "Pages took six seconds.");
  await typeRichText(page, form, text("en", "admin.projects.problemAr"), "كانت الصفحات تستغرق ست ثوانٍ.");
  await typeRichText(page, form, text("en", "admin.projects.outcomeEn"), "Sales went up.");
  await form.getByLabel(text("en", "admin.projects.galleryAdd")).setInputFiles(
    await Promise.all(
      COLORS.map(async (color, index) => ({
        name: `screen-${index + 1}.png`,
        mimeType: "image/png",
        buffer: await png(color, 320, 200),
      })),
    ),
  );
  await expect(form.locator("ol img[src^='blob:']")).toHaveCount(5);
  // Every image must be described in both languages: the refusal shows under the image's own field.
  await form.getByRole("button", { name: text("en", "admin.projects.add") }).click();
  await expect(
    form.getByLabel(text("en", "admin.projects.galleryAltAr", { number: 1 })),
  ).toHaveAccessibleDescription(/Arabic/);
  for (const [index] of COLORS.entries()) {
    const number = index + 1;
    await form.getByLabel(text("en", "admin.projects.galleryAltEn", { number })).fill(`Screen ${number}`);
    await form.getByLabel(text("en", "admin.projects.galleryAltAr", { number })).fill(`الشاشة ${number}`);
  }
  // The fifth image goes first, by keyboard.
  for (const number of [5, 4, 3, 2]) {
    await form.getByRole("button", { name: text("en", "admin.projects.galleryUp", { number }) }).focus();
    await page.keyboard.press("Enter");
  }
  await expect(form.getByLabel(text("en", "admin.projects.galleryAltEn", { number: 1 }))).toHaveValue(
    "Screen 5",
  );
  await form.getByLabel(text("en", "admin.projects.published")).uncheck();
  await form.getByRole("button", { name: text("en", "admin.projects.add") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.projects.added"));
  await expect(form).toBeHidden();

  // A draft: nowhere public, but the owner's preview shows it.
  for (const address of ["/projects", "/ar/projects", "/api/projects"])
    expect(await (await request.get(address)).text(), address).not.toContain(SLUG);
  expect((await readSitemap(request)).files.join("")).not.toContain(SLUG);
  for (const address of [`/projects/${SLUG}`, ARABIC_PATH])
    expect((await request.get(address, { maxRedirects: 0 })).status(), address).toBe(404);
  const previewLink = list.getByRole("link", {
    name: text("en", "admin.projects.previewItem", { title: "Shop Rebuild" }),
  });
  const previewAddress = await previewLink.getAttribute("href");
  await page.goto(previewAddress!);
  await expect(
    page.getByRole("status").filter({ hasText: text("en", "caseStudy.previewDraft") }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop Rebuild");

  // Published from the edit form.
  await page.goto(`${ADMIN}/projects`);
  await list
    .getByRole("link", { name: text("en", "admin.projects.editItem", { title: "Shop Rebuild" }) })
    .click();
  const edit = page.getByRole("dialog", { name: text("en", "admin.projects.editTitle") });
  await expect(edit.getByLabel(text("en", "admin.projects.galleryAltEn", { number: 1 }))).toHaveValue(
    "Screen 5",
  );
  await edit.getByLabel(text("en", "admin.projects.published")).check();
  await edit.getByRole("button", { name: text("en", "admin.projects.save") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.projects.updated"));
  const sitemap = (await readSitemap(request)).files.join("");
  expect(sitemap).toContain(`/projects/${SLUG}</loc>`);
  expect(sitemap).toContain(`${ARABIC_PATH}</loc>`);
  // The English slug in Arabic leads to the Arabic address, and the Arabic slug in English to the English one.
  const english = await request.get(`/ar/projects/${SLUG}`, { maxRedirects: 0 });
  expect(english.status()).toBe(301);
  expect(english.headers()["location"]).toBe(ARABIC_PATH);
  const arabic = await request.get(ARABIC_PATH.slice("/ar".length), { maxRedirects: 0 });
  expect(arabic.status()).toBe(301);
  expect(arabic.headers()["location"]).toBe(`/projects/${SLUG}`);

  // A testimonial collected through a one-time link: the client writes in Arabic, without an account.
  await page.goto(`${ADMIN}/testimonials`);
  await page.getByLabel(text("en", "admin.testimonials.linkLabel")).fill("Mona");
  await page.getByLabel(text("en", "admin.testimonials.linkProject")).selectOption({ label: "Shop Rebuild" });
  await page.getByRole("button", { name: text("en", "admin.testimonials.linkCreate") }).click();
  const linkBox = page.getByLabel(text("en", "admin.testimonials.linkAddress"));
  await expect(linkBox).toHaveValue(/\/testimonial\//);
  const link = new URL(await linkBox.inputValue());
  const client = await browser.newPage();
  try {
    await client.goto(`${baseURL}/ar${link.pathname}`);
    await client.getByLabel(text("ar", "testimonials.name")).fill("منى");
    await client.getByLabel(text("ar", "testimonials.company")).fill("أكمي");
    await client.getByLabel(text("ar", "testimonials.arabic")).check();
    await expect(client.getByLabel(text("ar", "testimonials.quote"))).toHaveAttribute("dir", "rtl");
    await client.getByLabel(text("ar", "testimonials.quote")).fill("عمل رائع وسريع.");
    expect(await leftToRightArabic(client)).toEqual([]);
    await client.screenshot({ path: test.info().outputPath("testimonial-form-ar.png"), fullPage: true });
    await client.getByRole("button", { name: text("ar", "testimonials.send") }).click();
    await expect(
      client.getByRole("status").filter({ hasText: text("ar", "testimonials.sent") }),
    ).toBeVisible();
    // The link worked once; a forged one says so too, and neither stores anything.
    const again = await client.goto(`${baseURL}/ar${link.pathname}`);
    expect(again!.status()).toBe(410);
    await expect(client.getByRole("alert")).toHaveText(apiErrorText("ar", "testimonialLinkUsed"));
    const forged = await client.goto(`${baseURL}${link.pathname.slice(0, -2)}xx`);
    expect(forged!.status()).toBe(404);
    await expect(client.getByRole("alert")).toHaveText(apiErrorText("en", "testimonialLinkInvalid"));
  } finally {
    await client.close();
  }
  // Pending until the owner approves it and puts it on the home page.
  await page.goto(`${ADMIN}/testimonials`);
  await expect(page.getByText(text("en", "admin.testimonials.pending"))).toBeVisible();
  await page.getByRole("button", { name: text("en", "admin.testimonials.approve", { name: "منى" }) }).click();
  await expect(page.getByText(text("en", "admin.testimonials.pending"))).toHaveCount(0);
  await page
    .getByRole("button", { name: text("en", "admin.testimonials.showOnHome", { name: "منى" }) })
    .click();
  await expect(
    page.getByRole("button", { name: text("en", "admin.testimonials.showOnHome", { name: "منى" }) }),
  ).toHaveAttribute("aria-pressed", "true");

  await page.screenshot({ path: test.info().outputPath("admin-testimonials.png"), fullPage: true });
  // A visitor finds it from the home page and from the grid.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: text("en", "testimonials.heading") })).toBeVisible();
  await expect(page.locator('blockquote[lang="ar"]')).toHaveText("عمل رائع وسريع.");
  await page.goto("/");
  await page.getByRole("link", { name: "Shop Rebuild", exact: true }).click();
  await expect(page).toHaveURL(`/projects/${SLUG}`);
  await page.goto("/projects");
  await page.getByRole("link", { name: "Shop Rebuild", exact: true }).click();
  await expect(page).toHaveURL(`/projects/${SLUG}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Shop Rebuild");
  await expect(main.getByText("Lead developer")).toBeVisible();
  await expect(main.getByRole("heading", { name: text("en", "caseStudy.results") })).toBeVisible();
  await expect(main.getByText("-40 % load time")).toBeVisible();
  await expect(main.getByText("Pages took six seconds.")).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const work = jsonLd
    .map((json) => JSON.parse(json) as Record<string, unknown>)
    .find((o) => o["@type"] === "CreativeWork");
  expect(work).toMatchObject({ name: "Shop Rebuild", author: { "@type": "Person" } });
  expect(work!.image).toHaveLength(5);
  expect(work!.review).toEqual([
    {
      "@type": "Review",
      author: { "@type": "Person", name: "منى" },
      reviewBody: "عمل رائع وسريع.",
      inLanguage: "ar",
    },
  ]);
  expect((await request.get(`/share/en/projects/${SLUG}.png`)).headers()["content-type"]).toBe("image/png");

  await page.screenshot({ path: test.info().outputPath("case-study-en.png"), fullPage: true });
  // Closed, the large view holds no image: the page fetches none of its large variants with itself.
  await expect(page.locator("dialog img")).toHaveCount(0);
  // The gallery by keyboard: Enter opens, the arrow goes on, Escape closes and the focus comes back.
  await waitForHydration(page);
  const first = main.getByRole("link", {
    name: text("en", "caseStudy.openImage", { number: 1, count: 5, alt: "Screen 5" }),
  });
  await first.focus();
  await page.keyboard.press("Enter");
  await shown(page, "en", 1);
  await expect(lightbox(page).getByRole("img", { name: "Screen 5" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await shown(page, "en", 2);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await shown(page, "en", 5);
  await page.keyboard.press("Escape");
  await expect(lightbox(page)).toHaveCount(0);
  await expect(first).toBeFocused();

  // In Arabic, dark, on a phone: right to left throughout, "next" points left, ArrowLeft and a swipe right go on.
  await setPreferences(context, baseURL!, { theme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(ARABIC_PATH);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("إعادة بناء المتجر");
  await expect(main.getByText("كانت الصفحات تستغرق ست ثوانٍ.")).toBeVisible();
  // The outcome has no Arabic: the English stands in, marked as English and left to right.
  const outcome = main.getByText("Sales went up.");
  await expect(outcome.locator("xpath=ancestor::*[@lang][1]")).toHaveAttribute("lang", "en");
  expect(await outcome.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
  expect(await leftToRightArabic(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("case-study-ar-page.png"), fullPage: true });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await main
    .getByRole("link", {
      name: text("ar", "caseStudy.openImage", { number: "١", count: "٥", alt: "الشاشة 5" }),
    })
    .click();
  await shown(page, "ar", 1);
  await expect(
    lightbox(page)
      .getByRole("button", { name: text("ar", "caseStudy.next") })
      .locator("svg"),
  ).toHaveClass(/chevron-left/);
  await page.keyboard.press("ArrowLeft");
  await shown(page, "ar", 2);
  await swipe(page, 100, 300);
  await shown(page, "ar", 3);
  await swipe(page, 300, 100);
  await shown(page, "ar", 2);
  expect(await leftToRightArabic(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("case-study-ar-dark-phone.png") });
  await lightbox(page)
    .getByRole("button", { name: text("ar", "caseStudy.close") })
    .click();
  await expect(lightbox(page)).toHaveCount(0);

  // The Nu HTML Checker passes the case study in both languages.
  const folder = mkdtempSync(path.join(tmpdir(), "sira-vnu-"));
  try {
    const files: string[] = [];
    for (const address of [`/projects/${SLUG}`, ARABIC_PATH, "/", "/ar", "/ar/testimonial/x"]) {
      const file = path.join(folder, `${address.replaceAll("/", "_")}.html`);
      writeFileSync(file, await (await request.get(address)).text());
      files.push(file);
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

  // Deleted: gone at both its addresses (decision 015).
  const id = previewAddress!.split("/").at(-1)!;
  expect((await page.request.delete(`/api/projects/${id}`)).status()).toBe(204);
  for (const address of [`/projects/${SLUG}`, ARABIC_PATH]) {
    const gone = await request.get(address, { maxRedirects: 0 });
    expect(gone.status(), address).toBe(410);
    expect(await gone.text()).toContain(text(address.startsWith("/ar") ? "ar" : "en", "caseStudy.goneTitle"));
  }
});

test("the owner writes a client's words in Arabic with a photo and a project, edits them; they show on its page and home", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await setPreferences(context, baseURL!, { language: "ar", theme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "ar");
  const project = await page.request.post("/api/projects", {
    data: { title: "Shop", title_ar: "المتجر", slug_en: "shop", slug_ar: "المتجر" },
  });
  expect(project.status()).toBe(201);
  await page.goto(`${ADMIN}/testimonials`);
  await page.getByRole("link", { name: text("ar", "admin.testimonials.addTitle") }).click();
  await expect(page).toHaveURL(`${ADMIN}/testimonials/new`);
  const form = page.getByRole("dialog", { name: text("ar", "admin.testimonials.addTitle") });
  // Nothing written: each refusal under its field, in Arabic, before anything is sent.
  await form.getByRole("button", { name: text("ar", "admin.testimonials.add") }).click();
  await expect(form.getByLabel(text("ar", "admin.testimonials.name"))).toHaveAccessibleDescription(
    apiErrorText("ar", "testimonialNameRequired"),
  );
  await expect(form.getByLabel(text("ar", "admin.testimonials.quoteEn"))).toHaveAccessibleDescription(
    apiErrorText("ar", "testimonialQuoteRequired"),
  );
  await form.getByLabel(text("ar", "admin.testimonials.quoteAr")).fill("عمل متقن وسريع.");
  await form.getByLabel(text("ar", "admin.testimonials.name")).fill("منى");
  await form.getByLabel(text("ar", "admin.testimonials.role")).fill("مديرة");
  await form.getByLabel(text("ar", "admin.testimonials.company")).fill("أكمي");
  await form.getByLabel(text("ar", "admin.testimonials.project")).selectOption({ label: "المتجر" });
  await form.getByLabel(text("ar", "admin.testimonials.photo"), { exact: true }).setInputFiles({
    name: "mona.jpg",
    mimeType: "image/jpeg",
    buffer: await grainyJpeg(1600, 1600),
  });
  await form.getByLabel(text("ar", "admin.testimonials.onHome")).check();
  expect(await leftToRightArabic(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(" ")) })),
  ).toEqual([]);
  await page.screenshot({
    path: test.info().outputPath("testimonial-form-ar-dark-phone.png"),
    fullPage: true,
  });
  await form.getByRole("button", { name: text("ar", "admin.testimonials.add") }).click();
  await expect(toast(page, "ar")).toContainText(text("ar", "admin.testimonials.added"));
  await expect(form).toBeHidden();

  // Edited from its own address: the words change, the photo and the project stay.
  await page.getByRole("link", { name: text("ar", "admin.testimonials.editItem", { name: "منى" }) }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/testimonials/[0-9a-f-]{36}$`));
  const edit = page.getByRole("dialog", { name: text("ar", "admin.testimonials.editTitle") });
  // The photo's smaller copies are made after the save: the form says so, then that they are ready.
  await expect(edit.getByRole("status")).toHaveText(text("ar", "imageField.variantsPending"));
  await expect(edit.getByRole("status")).toHaveText(text("ar", "imageField.variantsReady"), {
    timeout: 30_000,
  });
  const quote = edit.getByLabel(text("ar", "admin.testimonials.quoteAr"));
  await expect(quote).toHaveValue("عمل متقن وسريع.");
  await expect(edit.getByLabel(text("ar", "admin.testimonials.approved"))).toBeChecked();
  await quote.fill("عمل متقن وسريع، أنصح به.");
  expect(await leftToRightArabic(page)).toEqual([]);
  await edit.getByRole("button", { name: text("ar", "admin.testimonials.save") }).click();
  await expect(toast(page, "ar")).toContainText(text("ar", "admin.testimonials.updated"));
  await expect(edit).toBeHidden();
  await expect(page.getByText("عمل متقن وسريع، أنصح به.")).toBeVisible();

  // On the project's page with the photo, and on the home page.
  await page.goto(`/ar/projects/${encodeURIComponent("المتجر")}`);
  const words = page.getByRole("main").locator("figure").filter({ hasText: "عمل متقن وسريع، أنصح به." });
  await expect(words.getByText("مديرة · أكمي")).toBeVisible();
  const photo = words.locator("img");
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await leftToRightArabic(page)).toEqual([]);
  await words.screenshot({ path: test.info().outputPath("testimonial-on-case-study-ar.png") });
  await page.goto("/ar");
  await expect(page.locator('blockquote[lang="ar"]')).toHaveText("عمل متقن وسريع، أنصح به.");
});
