import { projects } from "#db/schema.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { LANGUAGES, expect, setPreferences, test, text } from "./fixtures.ts";
import { ADMIN, adminView, openView, png, signIn, toast } from "./admin-page.ts";

// The owner's tools tell the truth and work from a phone (docs/product.md §29.2, §13.1): lists whose titles stay
// readable at 390 px, one-time testimonial links in the client's language, Back and Forward through the views, and
// refusals said at the field, before anything is sent.

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const LONG_EN = "A shop for handmade ceramics from three villages of the Nile valley";
const LONG_AR = "متجر للخزف المصنوع يدويًا من ثلاث قرى في وادي النيل";

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const language of LANGUAGES) {
    test(`every list shows each title on two lines or more, its status and its actions (${language})`, async ({
      page,
      context,
      baseURL,
      db,
    }, testInfo) => {
      await setPreferences(context, baseURL!, { language });
      await db
        .insert(projects)
        .values({ title: LONG_EN, title_ar: LONG_AR, description: "x", published: false });
      await insertArticle(db, { title_en: LONG_EN, title_ar: LONG_AR, published: false });
      await signIn(page, language);
      for (const view of ["projects", "articles"] as const) {
        const list = await openView(page, view, language);
        const item = list.getByRole("listitem").first();
        const title = item.getByRole("heading", { level: 3 });
        await expect(title).toBeVisible();
        // The title is not cut to a few characters: it has at least two lines' room and most of the row's width.
        const [titleBox, itemBox] = [await title.boundingBox(), await item.boundingBox()];
        const lineHeight = await title.evaluate((element) => {
          const style = getComputedStyle(element);
          return parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
        });
        expect(titleBox!.height).toBeGreaterThanOrEqual(2 * lineHeight - 1);
        expect(titleBox!.width).toBeGreaterThan(itemBox!.width * 0.5);
        // Its status (a draft) and both actions are on screen, inside the row.
        const draft = view === "projects" ? "admin.projects.draftBadge" : "admin.articles.badge.draft";
        await expect(item.getByText(text(language, draft), { exact: true })).toBeVisible();
        for (const [role, key] of [
          ["link", `admin.${view}.editItem`],
          ["button", `admin.${view}.deleteItem`],
        ] as const) {
          const name = new RegExp(
            `^${escapeRegExp(text(language, key, { title: "\u0000" })).replace("\u0000", ".+")}$`,
          );
          await expect(item.getByRole(role, { name })).toBeInViewport();
        }
        await page.screenshot({ path: testInfo.outputPath(`${view}-${language}.png`), fullPage: true });
      }
    });
  }
});

test("a testimonial link is made in the client's language, copied, answered with a success, and listed with who it was for", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  const view = await openView(page, "testimonials");
  await view.getByLabel(text("en", "admin.testimonials.linkLabel")).fill("منى");
  await view.getByRole("radio", { name: text("en", "testimonials.arabic") }).check();
  await view.getByRole("button", { name: text("en", "admin.testimonials.linkCreate") }).click();
  const address = view.getByLabel(text("en", "admin.testimonials.linkAddress"));
  await expect(address).toHaveValue(new RegExp(`^${baseURL}/ar/testimonial/[\\w.-]+$`));
  const link = await address.inputValue();
  await view.getByRole("button", { name: text("en", "ownerTools.copy"), exact: true }).click();
  await expect(toast(page)).toContainText(text("en", "ownerTools.copied"));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The client answers on the Arabic page; the answer is a success, not "gone".
  const client = await context.newPage();
  await client.goto(link);
  await expect(client.locator("html")).toHaveAttribute("lang", "ar");
  await client.getByLabel(text("ar", "testimonials.name")).fill("منى سالم");
  await client.getByLabel(text("ar", "testimonials.quote")).fill("عمل رائع وسريع.");
  const answered = client.waitForResponse((response) => response.request().method() === "POST");
  await client.getByRole("button", { name: text("ar", "testimonials.send") }).click();
  expect((await answered).status()).toBe(200);
  await expect(client.getByText(text("ar", "testimonials.sent"))).toBeVisible();

  // Without JavaScript the page answers the post itself: a success too; the link then says it was used.
  await view.getByLabel(text("en", "admin.testimonials.linkLabel")).fill("Sam");
  await view.getByRole("radio", { name: text("en", "testimonials.english") }).check();
  await view.getByRole("button", { name: text("en", "admin.testimonials.linkCreate") }).click();
  await expect(address).toHaveValue(new RegExp(`^${baseURL}/testimonial/`));
  const samLink = await address.inputValue();
  const form = { name: "Sam Lee", quote: "Quick and careful.", writing: "en" };
  const plain = await page.request.post(samLink, { form, headers: { Origin: baseURL! } });
  expect(plain.status()).toBe(200);
  expect(await plain.text()).toContain(text("en", "testimonials.sent"));
  expect((await page.request.post(samLink, { form, headers: { Origin: baseURL! } })).status()).toBe(410);

  // The owner's list keeps who each link was for, and who answered; an unused link can be withdrawn.
  await view.getByLabel(text("en", "admin.testimonials.linkLabel")).fill("Lina");
  await view.getByRole("button", { name: text("en", "admin.testimonials.linkCreate") }).click();
  await expect(address).not.toHaveValue(samLink);
  const linaLink = await address.inputValue();
  await page.reload();
  const links = page.getByRole("region", { name: text("en", "ownerTools.linksTitle") });
  await expect(links.getByRole("listitem").filter({ hasText: "منى" })).toContainText("منى سالم");
  await expect(links.getByRole("listitem").filter({ hasText: "Sam" })).toContainText("Sam Lee");
  await links.getByRole("button", { name: text("en", "ownerTools.revoke", { name: "Lina" }) }).click();
  await expect(toast(page)).toContainText(text("en", "ownerTools.revoked"));
  await expect(links.getByRole("listitem")).toHaveCount(2);
  expect((await page.request.get(linaLink)).status()).toBe(404);
});

test("Back and Forward walk the admin's views one by one, Settings included", async ({ page }) => {
  await signIn(page);
  await openView(page, "projects");
  await openView(page, "articles");
  await openView(page, "settings");
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/settings/identity$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/articles$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/projects$`));
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/articles$`));
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${ADMIN}/settings/identity$`));
  await expect(adminView(page, "settings")).toBeVisible();
});

test("an image over 10 MB is refused as it is chosen, before a byte is sent", async ({ page }) => {
  await signIn(page);
  const view = await openView(page, "projects");
  await view.getByRole("link", { name: text("en", "admin.projects.addTitle") }).click();
  const dialog = page.getByRole("dialog");
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/uploads")) uploads.push(request.url());
  });
  const big = Buffer.concat([await png("#123456"), Buffer.alloc(11 * 1024 * 1024)]);
  await dialog
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: big });
  await expect(dialog.getByText("The image is larger than 10 MB.")).toBeVisible();
  await dialog.getByLabel(text("en", "admin.projects.title"), { exact: true }).fill("Shop");
  await dialog.getByLabel(text("en", "admin.projects.description"), { exact: true }).fill("A shop.");
  await dialog.getByRole("button", { name: text("en", "admin.projects.add") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.projects.added"));
  expect(uploads).toEqual([]);
});

test("a refused form puts the focus on the first field in error, with no toast over it", async ({ page }) => {
  await signIn(page);
  const view = await openView(page, "projects");
  await view.getByRole("link", { name: text("en", "admin.projects.addTitle") }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: text("en", "admin.projects.add") }).click();
  const focused = page.locator(":focus");
  await expect(focused).toHaveAttribute("aria-invalid", "true");
  await expect(focused).toHaveAccessibleDescription(/.+/);
  await expect(toast(page)).toHaveCount(0);
});
