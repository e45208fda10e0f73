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

/** Largest image the editor may embed as a data URL (spec §5: editor images are inline, not uploaded). */
export const MAX_EMBEDDED_IMAGE_BYTES = 2 * 1024 * 1024;
/** Largest article HTML per language, embedded images included. */
export const MAX_ARTICLE_HTML_BYTES = 8 * 1024 * 1024;

const DATA_IMAGE = /data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)/gi;

/** The decoded size of the largest image embedded in the HTML as a base64 data URL, in bytes. */
export function largestEmbeddedImageBytes(html: string): number {
  let largest = 0;
  for (const match of html.matchAll(DATA_IMAGE)) {
    const base64 = match[1]!.replace(/\s+/g, "");
    const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
    largest = Math.max(largest, Math.floor((base64.length * 3) / 4) - padding);
  }
  return largest;
}
