import { rebuildSearchIndex } from "#server/kernel/search-index.ts";
import { insertArticle } from "#tests/helpers/seed.ts";
import { expect, setPreferences, test, text } from "./fixtures.ts";
import { ADMIN, openView, signIn } from "./admin-page.ts";

// Finding in the owner's lists (docs/product.md §21.3a): the site's search's matching, drafts included, in the
// address, the status filter kept.

test("in Arabic, the owner finds a draft by typing its name without a hamza, then shows all again", async ({
  page,
  db,
  context,
  baseURL,
}) => {
  await insertArticle(db, { title_en: "", title_ar: "مقابلة مع أحمد", slug_ar: "مقابلة", published: false });
  await insertArticle(db, { title_en: "Caching pages", title_ar: "" });
  await rebuildSearchIndex(db);
  await setPreferences(context, baseURL!, { language: "ar" });
  await signIn(page, "ar");
  await openView(page, "articles", "ar");
  const list = page.getByRole("region", { name: text("ar", "admin.articles.listTitle") });
  await expect(list.getByRole("heading", { level: 3 })).toHaveCount(2);
  const field = list.getByRole("searchbox", { name: text("ar", "searchMore.listFilter") });
  await field.fill("احمد");
  await field.press("Enter");
  await expect(page).toHaveURL(`${ADMIN}/articles?q=${encodeURIComponent("احمد")}`);
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(["مقابلة مع أحمد"]);
  await list.getByRole("link", { name: text("ar", "searchMore.listFilterClear") }).click();
  await expect(page).toHaveURL(`${ADMIN}/articles`);
  await expect(list.getByRole("heading", { level: 3 })).toHaveCount(2);
  await expect(field).toHaveValue("");
});
