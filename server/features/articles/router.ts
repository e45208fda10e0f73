import { Hono } from "hono";
import { z } from "zod";
import { MAX_ARTICLE_HTML_BYTES } from "#core/article-limits.ts";
import { ArticleInputSchema } from "#db/inputs.ts";
import { apiFail } from "#server/http/errors.ts";
import { PagingQuerySchema } from "#server/http/paging.ts";
import { queryParams } from "#server/http/validate.ts";
import type { ResourceDeps } from "#server/features/deps.ts";
import { contentWriteRoutes } from "#server/features/content-routes.ts";
import {
  createArticle,
  deleteArticle,
  getArticleBySlug,
  listAdminArticlePage,
  listArticles,
  updateArticle,
} from "./service.ts";

/** Both languages at their cap, JSON escaping, and the other fields. */
const ARTICLE_BODY_LIMIT = 2 * MAX_ARTICLE_HTML_BYTES + 1024 * 1024;

/** /api/articles: the public list and one public article (docs/product.md §18), and the owner's writes. */
export function articlesRouter(deps: ResourceDeps) {
  return new Hono()
    .get("/", async (c) => c.json(await listArticles(deps.db, deps.now()), 200))
    .get("/:slug", async (c) => {
      const article = await getArticleBySlug(deps.db, c.req.param("slug"), deps.now());
      return article ? c.json(article, 200) : apiFail(c, 404, "articleNotFound");
    })
    .route(
      "/",
      contentWriteRoutes(deps, {
        schema: ArticleInputSchema,
        maxBodyBytes: ARTICLE_BODY_LIMIT,
        create: createArticle,
        update: updateArticle,
        remove: deleteArticle,
      }),
    );
}

/** `?page=&perPage=&status=` (docs/product.md §21): all, draft, scheduled or published. */
const AdminArticlesQuerySchema = PagingQuerySchema.extend({
  status: z
    .enum(["all", "draft", "scheduled", "published"], { error: "articleStatusFilter" })
    .optional()
    .transform((value) => value ?? "all"),
});

/** /api/admin/articles: every column, newest created_at first, a page at a time. */
export function adminArticlesRouter(deps: ResourceDeps) {
  return new Hono()
    .use(deps.owner)
    .get("/", queryParams(AdminArticlesQuerySchema), async (c) =>
      c.json(await listAdminArticlePage(deps.db, c.req.valid("query"), deps.now()), 200),
    );
}
