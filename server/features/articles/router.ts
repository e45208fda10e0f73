import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { MAX_ARTICLE_HTML_BYTES } from "#core/article-limits.ts";
import { ArticleInputSchema } from "#db/inputs.ts";
import { apiFail } from "#server/http/errors.ts";
import { limitBody } from "#server/http/guards.ts";
import { listFilterParam, PagingQuerySchema } from "#server/http/paging.ts";
import { jsonBody, queryParams } from "#server/http/validate.ts";
import type { AuditLog } from "#server/features/audit/service.ts";
import type { Articles } from "./service.ts";

/** Both languages at their cap, JSON escaping, and the other fields. */
const ARTICLE_BODY_LIMIT = 2 * MAX_ARTICLE_HTML_BYTES + 1024 * 1024;

interface ArticlesRouterDeps {
  articles: Articles;
  /** The owner's session guard (401 without it). */
  owner: MiddlewareHandler;
  audit: AuditLog;
}

/** /api/articles: the public list and one public article (docs/product.md §18), and the owner's writes. */
export function articlesRouter({ articles, owner, audit }: ArticlesRouterDeps) {
  const body = jsonBody(ArticleInputSchema);
  return (
    new Hono()
      // A page at a time, however many there are (docs/product.md §7.2).
      .get("/", queryParams(PagingQuerySchema), async (c) =>
        c.json(await articles.apiPage(c.req.valid("query")), 200),
      )
      .get("/:slug", async (c) => {
        const article = await articles.bySlug(c.req.param("slug"));
        return article ? c.json(article, 200) : apiFail(c, 404, "articleNotFound");
      })
      .post("/", owner, limitBody(ARTICLE_BODY_LIMIT), body, async (c) => {
        const saved = await articles.create(c.req.valid("json"));
        await audit.record(c, "articleCreated", saved.title);
        return c.json(saved, 201);
      })
      .put("/:id", owner, limitBody(ARTICLE_BODY_LIMIT), body, async (c) => {
        const saved = await articles.update(c.req.param("id"), c.req.valid("json"));
        await audit.record(c, "articleUpdated", saved.title);
        return c.json(saved, 200);
      })
      .delete("/:id", owner, async (c) => {
        const deleted = await articles.remove(c.req.param("id"));
        await audit.record(c, "articleDeleted", deleted.title);
        return c.body(null, 204);
      })
  );
}

/**
 * `?page=&perPage=&status=` (docs/product.md §21): all, draft, scheduled or published; or those whose translation
 * is missing or older than the other language's text (decision 015).
 */
const AdminArticlesQuerySchema = PagingQuerySchema.extend({
  q: listFilterParam,
  status: z
    .enum(["all", "draft", "scheduled", "published", "untranslated"], { error: "articleStatusFilter" })
    .optional()
    .transform((value) => value ?? "all"),
});

/** /api/admin/articles: every column, newest created_at first, a page at a time, and one. */
export function adminArticlesRouter({ articles, owner }: Pick<ArticlesRouterDeps, "articles" | "owner">) {
  return new Hono()
    .use(owner)
    .get("/", queryParams(AdminArticlesQuerySchema), async (c) =>
      c.json(await articles.adminPage(c.req.valid("query")), 200),
    )
    .get("/:id", async (c) => c.json(await articles.adminOne(c.req.param("id")), 200));
}
