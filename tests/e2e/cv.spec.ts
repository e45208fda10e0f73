import { apiErrorText } from "#core/api-errors.ts";
import { DEFAULT_CV, type Cv } from "#core/cv.ts";
import { cvDocument } from "#db/schema.ts";
import { insertProject } from "#tests/helpers/seed.ts";
import { at, expect, LANGUAGES, setPreferences, siteConfig, test, text } from "./fixtures.ts";
import { openView, signIn, toast } from "./admin-page.ts";

// The CV page (docs/product.md §32) as a visitor sees it, in both languages on a 390 px phone: the owner's sections
// in the chosen order, a text written in one language only marked as that language on the other's page, the
// files it offers (PDF, US Letter, JSON Resume), a Person in its JSON-LD, the browser's print without the site's
// bar and footer, and the "Download CV" link the owner switched on for the hero. Then the owner, in the Arabic
// admin on the same phone, rewrites an experience in Arabic only and the CV shows it.

const CV: Cv = {
  ...DEFAULT_CV,
  sections: ["experience", "projects", "languages", "summary"],
  experience: [
    {
      role: { en: "Senior frontend developer", ar: "مطوّر واجهات أول" },
      organisation: { en: "Nile Labs", ar: "مختبرات النيل" },
      place: { en: "Cairo", ar: "القاهرة" },
      start: "2021-03",
      end: "",
      url: "https://nile.example.com/",
      highlights: [
        { en: "I build with React and Next.js since 2019.", ar: "أعمل بـ React و Next.js منذ ٢٠١٩" },
        { en: "Cut the load time of the shop by half.", ar: "" },
      ],
    },
  ],
  languages: [{ language: { en: "Arabic", ar: "العربية" }, level: { en: "Native", ar: "اللغة الأم" } }],
  downloadLink: { hero: true, about: false },
};

test("a visitor reads the CV in both languages on a phone, prints it and downloads its files", async ({
  page,
  db,
  request,
}) => {
  const project = await insertProject(db, {
    title: "Shop rebuild",
    title_ar: "إعادة بناء المتجر",
    client_en: "Nile Books",
  });
  await db.insert(cvDocument).values({ id: 1, document: { ...CV, projects: [project.id] } });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const language of LANGUAGES) {
    await page.goto(at(language, "/cv"));
    await expect(page.getByRole("heading", { level: 1, name: siteConfig.name[language] })).toBeVisible();
    const headings = await page.locator("main h2:not(.sr-only)").allTextContents();
    expect(headings).toEqual(
      language === "en"
        ? ["Experience", "Selected projects", "Languages", "Profile"]
        : ["الخبرة", "مشاريع مختارة", "اللغات", "نبذة"],
    );
    await expect(page.getByText(language === "en" ? "Nile Labs" : "مختبرات النيل")).toBeVisible();
    const englishOnly = page.getByText("Cut the load time of the shop by half.");
    await expect(englishOnly).toBeVisible();
    if (language === "ar") {
      await expect(englishOnly).toHaveAttribute("lang", "en");
      await expect(englishOnly).toHaveAttribute("dir", "ltr");
    }
    await expect(
      page.getByRole("link", { name: language === "en" ? "Shop rebuild" : "إعادة بناء المتجر" }),
    ).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`cv-${language}-390.png`), fullPage: true });

    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const person = jsonLd
      .map((json) => JSON.parse(json) as Record<string, unknown>)
      .find((item) => item["@type"] === "Person");
    expect(person).toMatchObject({
      name: siteConfig.name[language],
      worksFor: { name: language === "en" ? "Nile Labs" : "مختبرات النيل" },
    });

    const pdfLink = page.getByRole("link", { name: text(language, "cv.downloadPdf") });
    const pdf = await request.get((await pdfLink.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).length).toBeLessThan(300 * 1024);
    const letter = await request.get(
      (await page.getByRole("link", { name: text(language, "cv.downloadLetter") }).getAttribute("href"))!,
    );
    expect(letter.status()).toBe(200);
    const json = await request.get(
      (await page.getByRole("link", { name: text(language, "cv.jsonResume") }).getAttribute("href"))!,
    );
    expect(await json.json()).toMatchObject({ basics: { name: siteConfig.name[language] } });

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(pdfLink).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: siteConfig.name[language] })).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    await page.goto(at(language, "/"));
    const heroLink = page.getByRole("link", { name: text(language, "cv.downloadCv") });
    await expect(heroLink).toHaveAttribute("href", at(language, "/cv.pdf"));
    await page.goto(at(language, "/about"));
    await expect(page.getByRole("link", { name: text(language, "cv.downloadCv") })).toHaveCount(0);
  }
});

test("the owner rewrites an experience in Arabic only in the admin on a phone, and the CV shows it", async ({
  page,
  db,
  context,
  baseURL,
}) => {
  await db.insert(cvDocument).values({ id: 1, document: CV });
  await setPreferences(context, baseURL!, { language: "ar" });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "ar");
  const view = await openView(page, "cv", "ar");
  await expect(view.getByRole("heading", { level: 2, name: text("ar", "cv.editor.title") })).toBeVisible();
  const role = (language: "en" | "ar") =>
    view.getByLabel(`${text("ar", "cv.editor.fields.role")} (${text("ar", `cv.editor.in.${language}`)})`, {
      exact: true,
    });
  await expect(role("ar")).toHaveAttribute("lang", "ar");
  await expect(role("ar")).toHaveAttribute("dir", "rtl");
  await expect(role("en")).toHaveAttribute("dir", "ltr");
  // A role in neither language is refused under it, before anything is sent.
  await role("en").fill("");
  await role("ar").fill("");
  await view.getByRole("button", { name: text("ar", "cv.editor.save") }).click();
  await expect(view.getByText(apiErrorText("ar", "cvTextRequired"))).toBeVisible();
  await role("ar").fill("مهندس برمجيات رئيسي");
  await view.getByRole("button", { name: text("ar", "cv.editor.save") }).click();
  await expect(toast(page, "ar")).toContainText(text("ar", "cv.editor.saved"));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("cv-admin-ar-390.png"), fullPage: true });

  await page.goto(at("ar", "/cv"));
  await expect(page.getByText("مهندس برمجيات رئيسي")).toBeVisible();
  await expect(page.getByText("Senior frontend developer")).toHaveCount(0);
  // The English CV shows the Arabic-only role, marked as Arabic.
  await page.goto(at("en", "/cv"));
  const arabicOnly = page.getByText("مهندس برمجيات رئيسي");
  await expect(arabicOnly).toHaveAttribute("lang", "ar");
});
