// db/inputs.ts first: it configures zod before drizzle-zod builds any schema (core/zod.ts).
import {
  ArticleInputSchema,
  GalleryImageSchema,
  ProjectInputSchema,
  SLUG_MAX,
  TestimonialInputSchema,
} from "#db/inputs.ts";
import { z } from "#core/zod.ts";
import { createInsertSchema } from "drizzle-zod";
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SchemaIssue } from "#core/api-errors.ts";
import { MAX_ARTICLE_HTML_BYTES } from "#core/article-limits.ts";
import { checkContactFields } from "#core/contact.ts";
import { IMAGE_URL_PREFIX, imageUrl, parseImageUrl, type ImageFolder } from "#core/images.ts";
import { CASE_STUDY_TEXTS } from "#core/projects.ts";
import { isPossibleSlug } from "#core/slugs.ts";
import { SiteSettingsSchema } from "#core/site-settings.ts";
import { CvSchema } from "#core/cv.ts";

// What a restored row must pass before anything is written (docs/product.md §19): what the API would accept from
// the owner or a visitor (db/inputs.ts, the contact form's checks, the settings' schema), every column of its type
// and of a bounded length, every image it points at in the archive, and as many rows as the manifest says.

/** The longest text of a column the API never takes from anyone (ids, slugs made by the server, derived texts). */
const OTHER_TEXT_MAX = 2000;

/** A row the site would refuse: its table, its place in the table's file (from 1), its id and what is wrong. */
export interface RowProblem {
  table: string;
  row: number;
  id: string;
  field: string;
  issue: SchemaIssue;
}

type Row = Record<string, unknown>;

/** The schema a stored row's columns must pass: their types, and a bound on text the API does not check. */
function columnsSchema(table: PgTable, checkedByApi: readonly string[]) {
  const refine: Record<string, (text: z.ZodString) => z.ZodString> = {};
  for (const [name, column] of Object.entries(getTableColumns(table)))
    if (column.columnType === "PgText" && !checkedByApi.includes(name))
      refine[name] = (text) => text.max(OTHER_TEXT_MAX, { error: "tooLong" });
  return createInsertSchema(table, refine as never);
}

/**
 * Rules a row may break and still be restored (decision 018): an image without its description predates the rule
 * that asks for one (rows of older versions have none); the admin asks for it at the next edit.
 */
const TOLERATED = new Set(["imageAltRequiredEn", "imageAltRequiredAr"]);

/** The first issue of a failed parse, as a field name and what a person is told. */
function firstIssue(result: z.ZodSafeParseResult<unknown>): { field: string; issue: SchemaIssue } | null {
  if (result.success) return null;
  const issue = result.error.issues.find((found) => !TOLERATED.has(found.message));
  return issue ? { field: issue.path.join(".") || "row", issue } : null;
}

/** One table's checks: the row as the API would receive it, and the images it points at (folder, URL). */
interface TableRules {
  apiSchema?: z.ZodType;
  /** The row as the API's input; the row itself when not given. */
  input?: (row: Row) => unknown;
  /** Columns the API schema checks (the others are bounded by OTHER_TEXT_MAX). */
  checked: readonly string[];
  /** Further checks of a stored row: the first problem, or null. */
  extra?: (row: Row) => { field: string; issue: SchemaIssue } | null;
  images?: (row: Row) => { field: string; url: unknown; folder: ImageFolder | null }[];
  /** Columns that name a project, which the archive must hold when not null. */
  projectIds?: readonly string[];
}

const keysOf = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape);

/** Every stored image a rich text names. */
const inlineImages = (field: string, text: unknown) =>
  typeof text === "string"
    ? [...text.matchAll(/\/storage\/portfolio_images\/[A-Za-z0-9_./-]+/g)].map((match) => ({
        field,
        url: match[0],
        folder: null,
      }))
    : [];

const itemImages = (folder: ImageFolder, row: Row) =>
  (["image_url", "share_image_en", "share_image_ar"] as const).map((field) => ({
    field,
    url: row[field],
    folder,
  }));

const tooLong = (field: string, max: number) => ({
  field,
  issue: { message: "tooLong", maximum: max } satisfies SchemaIssue,
});

const RULES: Record<string, TableRules> = {
  projects: {
    apiSchema: ProjectInputSchema,
    checked: keysOf(ProjectInputSchema),
    images: (row) => [
      ...itemImages("projects", row),
      ...CASE_STUDY_TEXTS.flatMap((field) => inlineImages(field, row[field])),
    ],
  },
  project_images: {
    apiSchema: GalleryImageSchema,
    checked: keysOf(GalleryImageSchema),
    images: (row) => [{ field: "url", url: row.url, folder: "projects" }],
    projectIds: ["project_id"],
  },
  testimonials: {
    apiSchema: TestimonialInputSchema,
    checked: keysOf(TestimonialInputSchema),
    images: (row) => [{ field: "photo_url", url: row.photo_url, folder: "site" }],
    projectIds: ["project_id"],
  },
  articles: {
    apiSchema: ArticleInputSchema,
    // Its English slug is `slug`; status and date are checked as columns.
    input: (row) => ({ ...row, slug_en: row.slug, status: undefined, publish_at: undefined }),
    checked: [...keysOf(ArticleInputSchema), "slug"],
    extra: (row) => {
      for (const field of ["content_en", "content_ar"])
        if (typeof row[field] === "string" && Buffer.byteLength(row[field]) > MAX_ARTICLE_HTML_BYTES)
          return tooLong(field, MAX_ARTICLE_HTML_BYTES);
      if (typeof row.slug === "string" && row.slug.length > SLUG_MAX) return tooLong("slug", SLUG_MAX);
      const tags = Array.isArray(row.tags) ? (row.tags as unknown[]) : [];
      const bad = tags.findIndex(
        (tag) =>
          typeof (tag as { slug?: unknown } | null)?.slug !== "string" ||
          (tag as { slug: string }).slug.length > SLUG_MAX,
      );
      return bad === -1 ? null : tooLong(`tags.${bad}.slug`, SLUG_MAX);
    },
    images: (row) => [
      ...itemImages("articles", row),
      ...inlineImages("content_en", row.content_en),
      ...inlineImages("content_ar", row.content_ar),
    ],
  },
  site_settings: {
    // Only the fields the owner changed are kept; each must be what Settings would save.
    input: (row) => row.overrides,
    apiSchema: SiteSettingsSchema.partial(),
    checked: ["overrides"],
    images: (row) => {
      const overrides = (row.overrides ?? {}) as Record<string, { url?: unknown } | undefined>;
      return (["portrait", "aboutImage"] as const)
        .map((field) => ({
          field: `overrides.${field}.url`,
          url: overrides[field]?.url,
          folder: "site" as const,
        }))
        .filter((image) => typeof image.url === "string" && image.url.startsWith(IMAGE_URL_PREFIX));
    },
  },
  cv_document: {
    // The document must be what the CV's editor would save.
    input: (row) => row.document,
    apiSchema: CvSchema,
    checked: ["document"],
  },
  messages: {
    // What the contact form checks of a visitor's message (docs/product.md §12).
    extra: (row) => {
      const checked = checkContactFields(row);
      if (checked.ok) return null;
      const [problem] = checked.problems;
      return { field: problem!.field, issue: { message: problem!.key, params: problem!.vars } };
    },
    checked: ["name", "email", "subject", "message", "form_origin"],
  },
  image_variants: {
    extra: (row) => {
      if (parseImageUrl(row.url as string) === null)
        return { field: "url", issue: { message: "imageNotStored" } };
      const placeholder = row.placeholder;
      if (
        typeof placeholder === "string" &&
        !/^(data:image\/webp;base64,[A-Za-z0-9+/=]*)?$/.test(placeholder)
      )
        return { field: "placeholder", issue: { message: "invalidInput" } };
      const widths = row.widths;
      if (
        widths !== undefined &&
        !(Array.isArray(widths) && widths.length <= 10 && widths.every(Number.isInteger))
      )
        return { field: "widths", issue: { message: "invalidInput" } };
      return null;
    },
    checked: [],
  },
  slug_history: {
    extra: (row) =>
      ["articles", "projects"].includes(row.kind as string) && ["en", "ar"].includes(row.language as string)
        ? null
        : { field: "kind", issue: { message: "invalidInput" } },
    checked: [],
  },
};

/** A row's slugs: each must be one a typed slug could become, an address of the site (empty where allowed). */
const SLUGS: Record<string, (row: Row) => { field: string; slug: unknown; optional: boolean }[]> = {
  projects: (row) => [
    { field: "slug_en", slug: row.slug_en, optional: true },
    { field: "slug_ar", slug: row.slug_ar, optional: true },
  ],
  articles: (row) => [
    { field: "slug", slug: row.slug, optional: false },
    { field: "slug_ar", slug: row.slug_ar, optional: true },
    ...(Array.isArray(row.tags) ? (row.tags as unknown[]) : []).map((tag, index) => ({
      field: `tags.${index}.slug`,
      slug: (tag as { slug?: unknown } | null)?.slug,
      optional: false,
    })),
  ],
  slug_history: (row) => [{ field: "slug", slug: row.slug, optional: false }],
};

/**
 * Checks the rows of an archive one at a time, as they are read (restore never holds a table): `check` answers the
 * first problem of a row, or null; `finish`, once every table was read, the first row naming a project the archive
 * does not hold (tables may come in any order). `images` are the stored images the archive holds.
 */
export function createRowChecker(tables: Record<string, PgTable>, images: ReadonlySet<string>) {
  const columns = Object.fromEntries(
    Object.entries(tables).map(([name, table]) => [name, columnsSchema(table, RULES[name]!.checked)]),
  );
  const projectIds = new Set<unknown>();
  /** Each project a row names, with the first row that names it. */
  const namedProjects = new Map<unknown, RowProblem>();
  return {
    /** `row` as the archive holds it, `typed` as its table takes it (dates as dates); `index` from 0. */
    check(name: string, row: Row, typed: Row, index: number): RowProblem | null {
      const rules = RULES[name]!;
      const at = (found: { field: string; issue: SchemaIssue }): RowProblem => ({
        table: name,
        row: index + 1,
        id: String(
          [row.id, row.url, row.slug].find((key) => typeof key === "string" || typeof key === "number") ?? "",
        ),
        ...found,
      });
      const typeProblem = firstIssue(columns[name]!.safeParse(typed));
      if (typeProblem) return at(typeProblem);
      if (rules.apiSchema) {
        const apiProblem = firstIssue(rules.apiSchema.safeParse(rules.input ? rules.input(row) : row));
        if (apiProblem) return at(apiProblem);
      }
      const extra = rules.extra?.(row);
      if (extra) return at(extra);
      for (const { field, slug, optional } of SLUGS[name]?.(row) ?? [])
        if (!(typeof slug === "string" && ((optional && slug === "") || isPossibleSlug(slug))))
          return at({ field, issue: { message: "slugInvalid" } });
      for (const image of rules.images?.(row) ?? []) {
        if (image.url === null || image.url === undefined) continue;
        const stored = parseImageUrl(image.url as string);
        const held =
          stored !== null &&
          (image.folder === null || stored.folder === image.folder) &&
          images.has(imageUrl(stored.folder, stored.name));
        if (!held) return at({ field: image.field, issue: { message: "backupImageMissing" } });
      }
      if (name === "projects") projectIds.add(row.id);
      for (const field of rules.projectIds ?? [])
        if (row[field] != null && !namedProjects.has(row[field]))
          namedProjects.set(row[field], at({ field, issue: { message: "backupProjectMissing" } }));
      return null;
    },
    finish(): RowProblem | null {
      for (const [id, problem] of namedProjects) if (!projectIds.has(id)) return problem;
      return null;
    },
  };
}
