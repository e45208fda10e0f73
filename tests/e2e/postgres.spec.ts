import { openView, signIn, toast } from "./admin-page.ts";
import { expect, test, text } from "./fixtures.ts";

// The short end-to-end pass on PostgreSQL (playwright.config.ts "postgres" project): the whole suite runs on the
// embedded database, and the service and API tests run every query on both databases; this proves the built
// server, the browser and a real PostgreSQL server work together for the owner's daily round, in both languages.

test("the owner creates, edits and deletes an article, and visitors see each step in both languages", async ({
  page,
}) => {
  await signIn(page);
  const articles = await openView(page, "articles");
  await articles.getByRole("link", { name: text("en", "admin.articles.addTitle") }).click();
  const form = page.getByRole("dialog", { name: text("en", "admin.articles.addTitle") });
  await form.getByLabel(text("en", "admin.articles.titleEn")).fill("Caching on PostgreSQL");
  await form.getByLabel(text("en", "admin.articles.titleAr")).fill("التخزين المؤقت على بوستغريس");
  const english = form.getByRole("textbox", { name: text("en", "admin.articles.contentEn") });
  await english.click();
  await page.keyboard.type("Keep hot data close.");
  const arabic = form.getByRole("textbox", { name: text("en", "admin.articles.contentAr") });
  await arabic.click();
  await page.keyboard.type("احتفظ بالبيانات الساخنة قريبة.");
  await form.getByLabel(text("en", "admin.articles.statusPublished"), { exact: true }).check();
  await form.getByRole("button", { name: text("en", "admin.articles.add") }).click();
  await expect(toast(page)).toContainText(text("en", "admin.articles.added"));
  await expect(form).toBeHidden();

  const visitor = await page.context().newPage();
  await visitor.goto("/articles");
  await expect(visitor.getByRole("link", { name: "Caching on PostgreSQL" })).toBeVisible();
  await visitor.goto("/ar/articles");
  await visitor.getByRole("link", { name: "التخزين المؤقت على بوستغريس" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("التخزين المؤقت على بوستغريس");
  await expect(visitor.getByText("احتفظ بالبيانات الساخنة قريبة.")).toBeVisible();
  const arabicAddress = new URL(visitor.url()).pathname;

  const list = page.getByRole("region", { name: text("en", "admin.articles.listTitle") });
  await list
    .getByRole("link", { name: text("en", "admin.articles.editItem", { title: "Caching on PostgreSQL" }) })
    .click();
  const dialog = page.getByRole("dialog", { name: text("en", "admin.articles.editTitle") });
  await dialog.getByLabel(text("en", "admin.articles.titleEn")).fill("Caching on a real PostgreSQL");
  await dialog.getByRole("button", { name: text("en", "admin.articles.save") }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText(text("en", "admin.articles.updated"));

  await visitor.goto("/articles");
  await visitor.getByRole("link", { name: "Caching on a real PostgreSQL" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Caching on a real PostgreSQL");

  await list
    .getByRole("button", {
      name: text("en", "admin.articles.deleteItem", { title: "Caching on a real PostgreSQL" }),
    })
    .click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: text("en", "admin.common.delete") })
    .click();
  await expect(toast(page)).toContainText(text("en", "admin.articles.deleted"));

  for (const address of ["/articles", "/ar/articles"]) {
    await visitor.goto(address);
    await expect(visitor.getByRole("link", { name: /PostgreSQL|بوستغريس/ })).toHaveCount(0);
  }
  const gone = await visitor.request.get(arabicAddress);
  expect([404, 410]).toContain(gone.status());
});
