import { ADMIN_PAGE_SIZE } from "#core/paging.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { attempt, readSubmission, respond } from "#app/features/admin/api/mutation.ts";
import { saveWithImages } from "#app/features/admin/api/uploads.ts";
import { followPage, pageOf } from "#app/features/admin/lists/list-query.ts";
import type { ArticleBody } from "./article-values.ts";

// The owner's articles (docs/product.md §18, §21): the list a page at a time, newest first, narrowed by status
// (`?status=draft`), one article to edit, and the writes of the Articles view and its dialogs.

export const ARTICLE_FILTERS = ["all", "draft", "scheduled", "published", "untranslated"] as const;

export async function loadArticles(request: Request) {
  const url = new URL(request.url);
  const status = ARTICLE_FILTERS.find((filter) => filter === url.searchParams.get("status")) ?? "all";
  const q = url.searchParams.get("q")?.trim() ?? "";
  const query = { page: String(pageOf(url)), perPage: String(ADMIN_PAGE_SIZE), status, ...(q ? { q } : {}) };
  const list = await call(() => api.admin.articles.$get({ query }));
  followPage(url, list);
  return { list, status, q };
}

export const loadArticle = (id: string) => call(() => api.admin.articles[":id"].$get({ param: { id } }));

export type ArticlesInput = { intent: "delete"; id: string };

export async function articlesAction(request: Request) {
  const { input } = await readSubmission<ArticlesInput>(request);
  return respond(
    await attempt("errors.deleteArticle", () =>
      call(() => api.articles[":id"].$delete({ param: { id: input.id } })),
    ),
  );
}

/** Saves the add form (no id) or an edit, with the cover chosen in it. */
export async function saveArticle(request: Request, id: string | undefined) {
  const { input, files } = await readSubmission<ArticleBody>(request);
  return respond(
    await saveWithImages({
      files: {
        image: files.image,
        share_image_en: files.share_image_en,
        share_image_ar: files.share_image_ar,
      },
      folder: "articles",
      // A refused share image shows under its own field; the cover under the image field.
      fieldOf: (name) => (name === "image" ? "file" : name),
      titleKey: id ? "errors.updateArticle" : "errors.addArticle",
      save: (urls) => {
        const json = {
          ...input,
          image_url: urls.image ?? input.image_url,
          share_image_en: urls.share_image_en ?? input.share_image_en,
          share_image_ar: urls.share_image_ar ?? input.share_image_ar,
        };
        return id
          ? call(() => api.articles[":id"].$put({ param: { id }, json }))
          : call(() => api.articles.$post({ json }));
      },
    }),
  );
}
