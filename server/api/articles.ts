import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { getArticleBySlug, listArticles } from "../services/articles.ts";
import { apiError } from "./errors.ts";

export function articlesRouter(db: Database) {
  return new Hono()
    .get("/", async (c) => c.json(await listArticles(db)))
    .get("/:slug", async (c) => {
      const article = await getArticleBySlug(db, c.req.param("slug"));
      return article ? c.json(article) : apiError(c, 404, "Article not found");
    });
}
