import { Hono } from "hono";
import { ArticleInputSchema } from "../../core/article-input.ts";
import { MAX_ARTICLE_HTML_BYTES } from "../../core/article-limits.ts";
import { limitBody } from "../http/guards.ts";
import { readJsonBody } from "../http/validate.ts";
import { createArticle, deleteArticle, updateArticle } from "../services/article-writes.ts";
import { getArticleBySlug, listArticles } from "../services/articles.ts";
import { apiFail } from "./errors.ts";
import type { RouteDeps } from "./route-deps.ts";

/** Both languages at their cap, JSON escaping, and the other fields. */
const ARTICLE_BODY_LIMIT = 2 * MAX_ARTICLE_HTML_BYTES + 1024 * 1024;

export function articlesRouter(deps: RouteDeps) {
  const { db, owner } = deps;
  return new Hono()
    .get("/", async (c) => c.json(await listArticles(db)))
    .get("/:slug", async (c) => {
      const article = await getArticleBySlug(db, c.req.param("slug"));
      return article ? c.json(article) : apiFail(c, 404, "articleNotFound");
    })
    .post("/", owner, limitBody(ARTICLE_BODY_LIMIT), async (c) => {
      const input = await readJsonBody(c, ArticleInputSchema);
      if (!input.ok) return input.response;
      const article = await createArticle(deps, input.data);
      deps.contentChanged();
      return c.json(article, 201);
    })
    .put("/:id", owner, limitBody(ARTICLE_BODY_LIMIT), async (c) => {
      const input = await readJsonBody(c, ArticleInputSchema);
      if (!input.ok) return input.response;
      const article = await updateArticle(deps, c.req.param("id"), input.data);
      deps.contentChanged();
      return c.json(article);
    })
    .delete("/:id", owner, async (c) => {
      await deleteArticle(deps, c.req.param("id"));
      deps.contentChanged();
      return c.body(null, 204);
    });
}
