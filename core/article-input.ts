import { z } from "zod";

// What the owner sends to create or update an article (spec §3, §5); the server derives the display title,
// slug, excerpts and date from it (core/article-rules.ts). Messages are keys of core/api-messages.ts.

export const ARTICLE_TITLE_MAX = 300;

const title = z.string({ error: "notText" }).trim().max(ARTICLE_TITLE_MAX, { error: "tooLong" }).default("");
const content = z.string({ error: "notText" }).default("");

export const ArticleInputSchema = z.object({
  title_en: title,
  title_ar: title,
  content_en: content,
  content_ar: content,
  image_url: z
    .union([z.string({ error: "imageNotStored" }), z.null()])
    .default(null)
    .transform((value) => value?.trim() || null),
});

export type ArticleInput = z.output<typeof ArticleInputSchema>;
