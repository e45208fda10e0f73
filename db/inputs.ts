// zod first: its configuration must be set before drizzle-zod builds any schema (core/zod.ts).
import { z } from "#core/zod.ts";
import { createInsertSchema } from "drizzle-zod";
import { ARTICLE_TITLE_MAX } from "#core/article-limits.ts";
import { tagSlug } from "#core/article-rules.ts";
import { PROJECT_LIMITS, isWebUrl } from "#core/projects.ts";
import { articles, projects } from "./schema.ts";

// What the owner may send to create or update a project or an article, derived from the tables (drizzle-zod):
// the columns, their types and which may be null come from db/schema.ts; the rules of docs/product.md §5 are
// added here. Every message is a key of core/api-errors.ts, which the server answers in the visitor's language.

// A value of the wrong type ("title": 5) gets the same message wherever it appears.
z.config({
  customError: (issue) =>
    issue.code === "invalid_type" ? (issue.expected === "string" ? "notText" : "invalidInput") : undefined,
});

/** An uploaded image's URL, or null for none; the service checks that the file is ours. */
const imageUrl = z
  .union([z.string({ error: "imageNotStored" }), z.null()])
  .default(null)
  .transform((value) => value?.trim() || null);

const optionalLink = z
  .union([z.string({ error: "invalidUrl" }), z.null()])
  .default(null)
  .transform((value) => value?.trim() || null)
  .refine((value) => value === null || (value.length <= PROJECT_LIMITS.url && isWebUrl(value)), {
    error: "invalidUrl",
  });

const imageAlt = (text: z.ZodString) =>
  text.trim().max(PROJECT_LIMITS.imageAlt, { error: "tooLong" }).default("");

/** An image needs its description in both languages (docs/product.md §5). */
function requireImageAlt(
  value: { image_url: string | null; image_alt_en: string; image_alt_ar: string },
  context: z.RefinementCtx,
) {
  if (value.image_url === null) return;
  if (value.image_alt_en === "")
    context.addIssue({ code: "custom", path: ["image_alt_en"], message: "imageAltRequiredEn" });
  if (value.image_alt_ar === "")
    context.addIssue({ code: "custom", path: ["image_alt_ar"], message: "imageAltRequiredAr" });
}

/** The longest slug the owner may type. */
export const SLUG_MAX = 200;
const slugText = z.string().trim().max(SLUG_MAX, { error: "tooLong" }).default("");

/** The owner's own search and share texts per language (decision 044); empty: the derived ones. */
export const META_TITLE_MAX = 120;
export const META_DESCRIPTION_MAX = 300;
const metaTexts = {
  meta_title_en: (text: z.ZodString) => text.trim().max(META_TITLE_MAX, { error: "tooLong" }).default(""),
  meta_title_ar: (text: z.ZodString) => text.trim().max(META_TITLE_MAX, { error: "tooLong" }).default(""),
  meta_description_en: (text: z.ZodString) =>
    text.trim().max(META_DESCRIPTION_MAX, { error: "tooLong" }).default(""),
  meta_description_ar: (text: z.ZodString) =>
    text.trim().max(META_DESCRIPTION_MAX, { error: "tooLong" }).default(""),
};

export const ProjectInputSchema = createInsertSchema(projects, {
  // Missing, not text or blank: the one message of docs/product.md §5.
  title: z
    .string({ error: "projectTitleRequired" })
    .trim()
    .min(1, { error: "projectTitleRequired" })
    .max(PROJECT_LIMITS.title, { error: "tooLong" }),
  description: (text) => text.trim().max(PROJECT_LIMITS.description, { error: "tooLong" }).default(""),
  category: (text) => text.trim().max(PROJECT_LIMITS.category, { error: "tooLong" }).default(""),
  title_ar: (text) => text.trim().max(PROJECT_LIMITS.title, { error: "tooLong" }).default(""),
  description_ar: (text) => text.trim().max(PROJECT_LIMITS.description, { error: "tooLong" }).default(""),
  category_ar: (text) => text.trim().max(PROJECT_LIMITS.category, { error: "tooLong" }).default(""),
  image_url: imageUrl,
  image_alt_en: imageAlt,
  image_alt_ar: imageAlt,
  featured: (flag) => flag.default(false),
  github_link: optionalLink,
  live_link: optionalLink,
  // Typed comma-separated in the admin (core/projects.ts parseTags); blanks and repeats are dropped here too.
  ...metaTexts,
  tags: z
    .array(z.string().trim().max(PROJECT_LIMITS.tag, { error: "tooLong" }), { error: "notText" })
    .default([])
    .transform((tags) => [...new Set(tags.filter((tag) => tag !== ""))])
    .refine((tags) => tags.length <= PROJECT_LIMITS.tags, { error: "tooManyTags" }),
})
  .pick({
    title: true,
    description: true,
    category: true,
    title_ar: true,
    description_ar: true,
    category_ar: true,
    image_url: true,
    image_alt_en: true,
    image_alt_ar: true,
    featured: true,
    github_link: true,
    live_link: true,
    tags: true,
    meta_title_en: true,
    meta_title_ar: true,
    meta_description_en: true,
    meta_description_ar: true,
  })
  .extend({
    // The owner's slugs (decision 043); empty: built from the titles.
    slug_en: slugText,
    slug_ar: slugText,
  })
  .strip()
  .superRefine(requireImageAlt);

export type ProjectInput = z.output<typeof ProjectInputSchema>;

const ARTICLE_SUMMARY_MAX = 300;
const ARTICLE_TAG_MAX = 40;
const ARTICLE_TAGS_MAX = 10;

const articleTitle = (text: z.ZodString) =>
  text.trim().max(ARTICLE_TITLE_MAX, { error: "tooLong" }).default("");

/** The server derives the display title, slug, excerpts and date from these (core/article-rules.ts). */
export const ArticleInputSchema = createInsertSchema(articles, {
  title_en: articleTitle,
  title_ar: articleTitle,
  content_en: (text) => text.default(""),
  content_ar: (text) => text.default(""),
  image_url: imageUrl,
  image_alt_en: imageAlt,
  image_alt_ar: imageAlt,
  summary_en: (text) => text.trim().max(ARTICLE_SUMMARY_MAX, { error: "tooLong" }).default(""),
  summary_ar: (text) => text.trim().max(ARTICLE_SUMMARY_MAX, { error: "tooLong" }).default(""),
  ...metaTexts,
})
  .pick({
    title_en: true,
    title_ar: true,
    content_en: true,
    content_ar: true,
    image_url: true,
    image_alt_en: true,
    image_alt_ar: true,
    summary_en: true,
    summary_ar: true,
    meta_title_en: true,
    meta_title_ar: true,
    meta_description_en: true,
    meta_description_ar: true,
  })
  .extend({
    // The owner's slugs (decision 043); empty: built from the titles.
    slug_en: slugText,
    slug_ar: slugText,
    // docs/product.md §18: a new article is a draft unless the owner publishes or schedules it.
    status: z.enum(["draft", "scheduled", "published"], { error: "articleStatus" }).default("draft"),
    publish_at: z
      .union([z.iso.datetime({ offset: true, error: "publishAtInvalid" }), z.null()])
      .default(null),
    tags: z
      .array(
        z.object({
          en: z
            .string()
            .trim()
            .min(1, { error: "tagNeedsEnglish" })
            .max(ARTICLE_TAG_MAX, { error: "tooLong" }),
          ar: z.string().trim().max(ARTICLE_TAG_MAX, { error: "tooLong" }).default(""),
        }),
        { error: "invalidInput" },
      )
      .default([])
      .refine((tags) => tags.length <= ARTICLE_TAGS_MAX, {
        error: "tooManyTags",
        params: { count: ARTICLE_TAGS_MAX },
      })
      .transform((tags) => {
        const seen = new Set<string>();
        return tags.flatMap((tag) => {
          const slug = tagSlug(tag.en);
          if (seen.has(slug)) return [];
          seen.add(slug);
          return [{ slug, en: tag.en, ar: tag.ar || tag.en }];
        });
      }),
  })
  .strip()
  .superRefine(requireImageAlt)
  .superRefine((value, context) => {
    if (value.status === "scheduled" && value.publish_at === null)
      context.addIssue({ code: "custom", path: ["publish_at"], message: "publishAtRequired" });
  });

export type ArticleInput = z.output<typeof ArticleInputSchema>;

/** POST /api/projects/:id/move: one place up or down the owner's order. */
export const ProjectMoveSchema = z
  .object(
    { direction: z.enum(["up", "down"], { error: "projectMoveDirection" }) },
    { error: "projectMoveDirection" },
  )
  .strip();
