import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Column names follow the spec (§3) exactly, so API rows need no renaming.

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default(""),
    image_url: text("image_url"),
    github_link: text("github_link"),
    live_link: text("live_link"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("projects_created_at_idx").on(table.created_at.desc())],
);

export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    title_en: text("title_en").notNull().default(""),
    title_ar: text("title_ar").notNull().default(""),
    content_en: text("content_en").notNull().default(""),
    content_ar: text("content_ar").notNull().default(""),
    excerpt_en: text("excerpt_en").notNull().default(""),
    excerpt_ar: text("excerpt_ar").notNull().default(""),
    image_url: text("image_url"),
    date: timestamp("date", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    index("articles_date_idx").on(table.date.desc()),
    index("articles_created_at_idx").on(table.created_at.desc()),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;
export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;
