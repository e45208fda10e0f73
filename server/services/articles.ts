import { desc, eq } from "drizzle-orm";
import type { ArticleDetail, ArticleListItem } from "../../core/articles.ts";
import type { Database } from "../../db/client.ts";
import { articles } from "../../db/schema.ts";

const listColumns = {
  id: articles.id,
  slug: articles.slug,
  title_en: articles.title_en,
  title_ar: articles.title_ar,
  excerpt_en: articles.excerpt_en,
  excerpt_ar: articles.excerpt_ar,
  image_url: articles.image_url,
  date: articles.date,
  created_at: articles.created_at,
};

/** The list fields of spec §7, date newest first. */
export async function listArticles(db: Database): Promise<ArticleListItem[]> {
  const rows = await db
    .select(listColumns)
    .from(articles)
    .orderBy(desc(articles.date), desc(articles.created_at));
  return rows.map((row) => ({
    ...row,
    date: row.date.toISOString(),
    created_at: row.created_at.toISOString(),
  }));
}

/** One article by slug, or null (spec §7 "One article"). */
export async function getArticleBySlug(db: Database, slug: string): Promise<ArticleDetail | null> {
  const [row] = await db
    .select({
      ...listColumns,
      title: articles.title,
      content_en: articles.content_en,
      content_ar: articles.content_ar,
    })
    .from(articles)
    .where(eq(articles.slug, slug))
    .limit(1);
  if (!row) return null;
  return { ...row, date: row.date.toISOString(), created_at: row.created_at.toISOString() };
}
