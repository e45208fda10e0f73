// zod first: its configuration must be set before drizzle-zod builds any schema (core/zod.ts).
import { z } from "#core/zod.ts";
import { createInsertSchema } from "drizzle-zod";
import { ARTICLE_TITLE_MAX } from "#core/article-limits.ts";
import { tagSlug } from "#core/article-rules.ts";
import { PROJECT_LIMITS, isWebUrl } from "#core/projects.ts";
import { articles, projects, testimonials } from "./schema.ts";

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

/** Like imageUrl, but undefined when the body leaves it out. */
const keptImageUrl = z
  .union([z.string({ error: "imageNotStored" }), z.null()])
  .optional()
  .transform((value) => (value === undefined ? undefined : value?.trim() || null));

/**
 * An input's share images: the ones a body names (null removes one), and for one it leaves out the stored one
 * (none for a new item).
 */
export function withShareImages<T extends { share_image_en?: string | null; share_image_ar?: string | null }>(
  input: T,
  current: { share_image_en: string | null; share_image_ar: string | null } | null,
): T & { share_image_en: string | null; share_image_ar: string | null } {
  return {
    ...input,
    share_image_en:
      input.share_image_en === undefined ? (current?.share_image_en ?? null) : input.share_image_en,
    share_image_ar:
      input.share_image_ar === undefined ? (current?.share_image_ar ?? null) : input.share_image_ar,
  };
}

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

/** The owner's own search and share texts and share image per language (decision 015); empty: the derived ones. */
export const META_TITLE_MAX = 120;
export const META_DESCRIPTION_MAX = 300;
const metaTexts = {
  // The owner's share image per language, an upload like every image; null: the generated share card. A body that
  // leaves it out (a client that predates it) keeps the stored one: withShareImages.
  share_image_en: keptImageUrl,
  share_image_ar: keptImageUrl,
  meta_title_en: (text: z.ZodString) => text.trim().max(META_TITLE_MAX, { error: "tooLong" }).default(""),
  meta_title_ar: (text: z.ZodString) => text.trim().max(META_TITLE_MAX, { error: "tooLong" }).default(""),
  meta_description_en: (text: z.ZodString) =>
    text.trim().max(META_DESCRIPTION_MAX, { error: "tooLong" }).default(""),
  meta_description_ar: (text: z.ZodString) =>
    text.trim().max(META_DESCRIPTION_MAX, { error: "tooLong" }).default(""),
};

const caseText = (text: z.ZodString) =>
  text.trim().max(PROJECT_LIMITS.caseText, { error: "tooLong" }).default("");
const richText = (text: z.ZodString) => text.max(PROJECT_LIMITS.richText, { error: "tooLong" }).default("");
/** Key results, one short figure each; blanks dropped, the owner's order kept. */
const results = z
  .array(z.string({ error: "notText" }).trim().max(PROJECT_LIMITS.result, { error: "tooLong" }), {
    error: "invalidInput",
  })
  .default([])
  .transform((lines) => lines.filter((line) => line !== ""))
  .refine((lines) => lines.length <= PROJECT_LIMITS.results, {
    error: "tooManyResults",
    params: { count: PROJECT_LIMITS.results },
  });

/** One image of a project's gallery, described in both languages like every image (docs/product.md §5). */
export const GalleryImageSchema = z
  .object(
    {
      url: z.string({ error: "imageNotStored" }).trim().min(1, { error: "imageNotStored" }),
      alt_en: z.string().trim().max(PROJECT_LIMITS.imageAlt, { error: "tooLong" }).default(""),
      alt_ar: z.string().trim().max(PROJECT_LIMITS.imageAlt, { error: "tooLong" }).default(""),
    },
    { error: "invalidInput" },
  )
  .superRefine((value, context) => {
    if (value.alt_en === "")
      context.addIssue({ code: "custom", path: ["alt_en"], message: "imageAltRequiredEn" });
    if (value.alt_ar === "")
      context.addIssue({ code: "custom", path: ["alt_ar"], message: "imageAltRequiredAr" });
  });

export const ProjectInputSchema = createInsertSchema(projects, {
  // Either language's title alone makes a project (docs/product.md §5.1): requireProjectTitle.
  title: (text) => text.trim().max(PROJECT_LIMITS.title, { error: "tooLong" }).default(""),
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
  published: (flag) => flag.default(true),
  client_en: caseText,
  client_ar: caseText,
  role_en: caseText,
  role_ar: caseText,
  period_en: caseText,
  period_ar: caseText,
  problem_en: richText,
  problem_ar: richText,
  approach_en: richText,
  approach_ar: richText,
  outcome_en: richText,
  outcome_ar: richText,
  results_en: () => results,
  results_ar: () => results,
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
    share_image_en: true,
    share_image_ar: true,
    published: true,
    client_en: true,
    client_ar: true,
    role_en: true,
    role_ar: true,
    period_en: true,
    period_ar: true,
    problem_en: true,
    problem_ar: true,
    approach_en: true,
    approach_ar: true,
    outcome_en: true,
    outcome_ar: true,
    results_en: true,
    results_ar: true,
  })
  .extend({
    // The owner's slugs (decision 015); empty: built from the titles.
    slug_en: slugText,
    slug_ar: slugText,
    /** The gallery in the owner's order (docs/product.md §28): the order of the list is the order shown. */
    gallery: z
      .array(GalleryImageSchema, { error: "invalidInput" })
      .default([])
      .refine((images) => images.length <= PROJECT_LIMITS.gallery, {
        error: "tooManyImages",
        params: { count: PROJECT_LIMITS.gallery },
      }),
  })
  .strip()
  .superRefine(requireImageAlt)
  .superRefine((value, context) => {
    // Blank in both languages: the one message of docs/product.md §5.1, under the English title.
    if (value.title === "" && value.title_ar === "")
      context.addIssue({ code: "custom", path: ["title"], message: "projectTitleRequired" });
  });

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
    share_image_en: true,
    share_image_ar: true,
  })
  .extend({
    // The owner's slugs (decision 015); empty: built from the titles.
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

const TESTIMONIAL_LIMITS = { quote: 1500, line: 120 };

const quote = (text: z.ZodString) =>
  text.trim().max(TESTIMONIAL_LIMITS.quote, { error: "tooLong" }).default("");
const shortLine = (text: z.ZodString) =>
  text.trim().max(TESTIMONIAL_LIMITS.line, { error: "tooLong" }).default("");

/** The client's own words: a quote in either language or both, a name (docs/product.md §29). */
const testimonialText = {
  quote_en: quote,
  quote_ar: quote,
  name: z
    .string({ error: "testimonialNameRequired" })
    .trim()
    .min(1, { error: "testimonialNameRequired" })
    .max(TESTIMONIAL_LIMITS.line, { error: "tooLong" }),
  role: shortLine,
  company: shortLine,
};

function requireQuote(value: { quote_en: string; quote_ar: string }, context: z.RefinementCtx) {
  if (value.quote_en === "" && value.quote_ar === "")
    context.addIssue({ code: "custom", path: ["quote_en"], message: "testimonialQuoteRequired" });
}

/** What a client sends through a one-time link (docs/product.md §29.2). */
export const TestimonialSubmissionSchema = createInsertSchema(testimonials, testimonialText)
  .pick({ quote_en: true, quote_ar: true, name: true, role: true, company: true })
  .strip()
  .superRefine(requireQuote);

export type TestimonialSubmission = z.output<typeof TestimonialSubmissionSchema>;

/**
 * What the owner sends to record or edit a testimonial. Approval and the home page choice left out keep what the
 * testimonial has (a new one: approved, not on the home page), so an edit never approves a client's words by itself.
 */
export const TestimonialInputSchema = createInsertSchema(testimonials, {
  ...testimonialText,
  photo_url: imageUrl,
  project_id: z.union([z.uuid({ error: "projectNotFound" }), z.null()]).default(null),
})
  .pick({
    quote_en: true,
    quote_ar: true,
    name: true,
    role: true,
    company: true,
    photo_url: true,
    project_id: true,
    approved: true,
    show_on_home: true,
  })
  .strip()
  .superRefine(requireQuote);

export type TestimonialInput = z.output<typeof TestimonialInputSchema>;

/**
 * POST /api/testimonials/links: who the link is for, the project it is about, the language the client is asked in,
 * how many days it lasts.
 */
export const TestimonialLinkInputSchema = z
  .object(
    {
      label: z
        .string({ error: "notText" })
        .trim()
        .max(TESTIMONIAL_LIMITS.line, { error: "tooLong" })
        .default(""),
      project_id: z.union([z.uuid({ error: "projectNotFound" }), z.null()]).default(null),
      language: z.enum(["en", "ar"], { error: "invalidInput" }).default("en"),
      days: z
        .int({ error: "testimonialLinkDays" })
        .min(1, { error: "testimonialLinkDays" })
        .max(60, {
          error: "testimonialLinkDays",
        })
        .default(14),
    },
    { error: "invalidInput" },
  )
  .strip();

export type TestimonialLinkInput = z.output<typeof TestimonialLinkInputSchema>;
