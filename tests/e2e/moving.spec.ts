import { readFileSync } from "node:fs";
import path from "node:path";
import { apiErrorText } from "#core/api-errors.ts";
import { MAX_IMPORT_BYTES } from "#core/moving-limits.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";
import { LANGUAGES, at, expect, failedResource, setPreferences, test, text } from "./fixtures.ts";
import { ADMIN, signIn } from "./admin-page.ts";

// The admin's Import page (docs/product.md §31) from a phone, in both languages: a WordPress export and a Ghost
// export are chosen, previewed (how many articles are created, what is skipped and why), confirmed, and their
// articles are then on the public site. A file too large is refused before it is sent; a broken one is refused in
// the owner's language.

const FIXTURES = path.join(findProjectRoot(), "tests", "fixtures", "import");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

test.use({ viewport: { width: 390, height: 844 } });

for (const language of LANGUAGES) {
  test(`a WordPress and a Ghost export are previewed, imported and published (${language})`, async ({
    page,
    context,
    baseURL,
    consoleGuard,
  }, testInfo) => {
    test.setTimeout(90_000);
    // The broken file's refusal is an answer the page shows, which the browser also logs.
    consoleGuard.allow(failedResource(422));
    const t = (key: Parameters<typeof text>[1], vars?: Parameters<typeof text>[2]) =>
      text(language, key, vars);
    await setPreferences(context, baseURL!, { language, theme: language === "ar" ? "dark" : "light" });
    await signIn(page, language);
    // From the Backup settings to the Import page.
    await page.goto(`${ADMIN}/settings/backup`);
    await page.getByRole("link", { name: t("moving.backupLink") }).click();
    await expect(page).toHaveURL(new RegExp(`${ADMIN}/settings/import$`));
    const form = page.getByRole("region", { name: t("moving.title") });
    const file = form.getByLabel(t("moving.file"));
    const check = form.getByRole("button", { name: t("moving.check") });

    // A broken file: refused in the owner's language, under the field.
    await file.setInputFiles({
      name: "broken.xml",
      mimeType: "text/xml",
      buffer: fixture("wordpress/malformed-simple.xml"),
    });
    await check.click();
    await expect(
      form.getByText(apiErrorText(language, "importMalformed", { format: "XML", file: "WXR" })),
    ).toBeVisible();

    const imports = [
      {
        name: "old-blog.xml",
        mimeType: "text/xml",
        buffer: fixture("wordpress/polylang.xml"),
        skipped: [
          ["Deleted one", "trashed"],
          ["About", "notAPost"],
        ] as const,
        // The featured image lives on a loopback address: never fetched, listed.
        failed: ["http://127.0.0.1:9/wp-content/uploads/2023/05/cover.png"],
      },
      {
        name: "ghost-export.json",
        mimeType: "application/json",
        buffer: fixture("ghost/ghost-5.json"),
        skipped: [["Contact", "notAPost"]] as const,
        failed: ["content/images/2024/04/cover.png"],
      },
    ];
    for (const source of imports) {
      await file.setInputFiles(source);
      await check.click();
      const preview = form.getByRole("region", {
        name: t("moving.previewTitle", { file: `\u2068${source.name}\u2069` }),
      });
      await expect(preview).toBeVisible();
      await expect(preview).toContainText(t("moving.create", { count: 3 }));
      await expect(preview).toContainText(t("moving.update", { count: 0 }));
      await expect(preview).toContainText(t("moving.skip.count", { count: source.skipped.length }));
      for (const [label, reason] of source.skipped)
        await expect(preview).toContainText(
          t("moving.skip.item", { label: `\u2068${label}\u2069`, reason: t(`moving.skip.${reason}`) }),
        );
      await page.screenshot({
        path: testInfo.outputPath(`preview-${source.name}-${language}.png`),
        fullPage: true,
      });
      // Nothing is imported before the owner confirms.
      await preview.getByRole("button", { name: t("moving.confirm"), exact: true }).click();
      const result = form.getByRole("status").filter({ hasText: t("moving.doneTitle") });
      await expect(result).toContainText(t("moving.created", { count: 3 }));
      await expect(result).toContainText(t("moving.imagesFailed", { count: source.failed.length }));
      for (const address of source.failed) await expect(result.getByText(address)).toBeVisible();
      await page.screenshot({
        path: testInfo.outputPath(`done-${source.name}-${language}.png`),
        fullPage: true,
      });
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await result.getByRole("button", { name: t("moving.again") }).click();
    }

    // The published articles are on the public site, in the owner's language where they have it.
    await page.goto(at(language, "/articles"));
    const titles = language === "ar" ? ["إطلاق موقع بلغتين"] : ["Shipping a bilingual site"];
    for (const title of [...titles, "Notes on caching"])
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Draft idea" })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`articles-${language}.png`), fullPage: true });
  });
}

test("a file larger than the import takes is refused before it is sent", async ({ page }) => {
  await signIn(page);
  await page.goto(`${ADMIN}/settings/import`);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/moving/")) sent.push(request.url());
  });
  const input = page.getByLabel(text("en", "moving.file"));
  // Made in the page: a file one byte over the limit, set as the input's choice.
  await input.evaluate((element, size) => {
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(size)], "huge.zip", { type: "application/zip" }));
    (element as HTMLInputElement).files = files.files;
  }, MAX_IMPORT_BYTES + 1);
  await page.getByRole("button", { name: text("en", "moving.check") }).click();
  await expect(
    page.getByText(apiErrorText("en", "importTooLarge", { max: MAX_IMPORT_BYTES / 2 ** 20 })),
  ).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  expect(sent).toEqual([]);
});
