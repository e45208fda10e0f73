import { randomUUID } from "node:crypto";
import type { Database } from "#db/client.ts";
import {
  articles,
  projects,
  type ArticleRow,
  type NewArticleRow,
  type NewProjectRow,
  type ProjectRow,
} from "#db/schema.ts";

// Test data written straight into the database: a helper for Vitest and Playwright tests, never an
// endpoint. Kept free of Vitest imports so the end-to-end tests can use it too.

let sequence = 0;

export async function insertProject(db: Database, partial: Partial<NewProjectRow> = {}): Promise<ProjectRow> {
  const n = ++sequence;
  const [row] = await db
    .insert(projects)
    .values({
      title: `Project ${n}`,
      description: `Description of project ${n}.`,
      category: "React",
      tags: ["React", "Node.js"],
      slug_en: `project-${n}-${randomUUID().slice(0, 8)}`,
      ...partial,
    })
    .returning();
  if (!row) throw new Error("insertProject: the database returned no row");
  return row;
}

/**
 * Inserts an article. With no titles given it gets an English and an Arabic one. As on save (docs/product.md §5), the
 * display title is the English title if present, else the Arabic one, and a title left out takes the display
 * title; pass "" explicitly for an article with one language missing. The slug is unique unless given.
 */
export async function insertArticle(db: Database, partial: Partial<NewArticleRow> = {}): Promise<ArticleRow> {
  const n = ++sequence;
  const given = { en: partial.title_en?.trim() ?? "", ar: partial.title_ar?.trim() ?? "" };
  const bothMissing = partial.title_en === undefined && partial.title_ar === undefined;
  const displayTitle = partial.title ?? (bothMissing ? `Article ${n}` : given.en || given.ar);
  const title_en = partial.title_en ?? displayTitle;
  const title_ar = partial.title_ar ?? (bothMissing ? `مقالة ${n}` : displayTitle);
  const content_en = title_en ? `Body of ${title_en}.` : "";
  const content_ar = title_ar ? `نص ${title_ar}.` : "";
  const [row] = await db
    .insert(articles)
    .values({
      slug: `article-${n}-${randomUUID().slice(0, 8)}`,
      title: displayTitle,
      title_en,
      title_ar,
      content_en,
      content_ar,
      excerpt_en: content_en,
      excerpt_ar: content_ar,
      ...partial,
    })
    .returning();
  if (!row) throw new Error("insertArticle: the database returned no row");
  return row;
}
