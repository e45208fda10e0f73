import { fromZonedInput, toZonedInput } from "#core/dates.ts";
import { parseTags } from "#core/projects.ts";
import { hasOwnTitle } from "#core/slugs.ts";
import type { ArticleStatus, OwnerArticle } from "#db/records.ts";
import { addressBody, addressValuesOf, type AddressValues, type ShareImages } from "./address-fields.tsx";
import { imageBody, imageValuesOf, NO_IMAGE, topField, type ImageValues } from "./editor-form.ts";

// An article's form values and the body the API takes from them (docs/product.md §18).

export interface ArticleValues extends ImageValues, AddressValues {
  title_en: string;
  title_ar: string;
  content_en: string;
  content_ar: string;
  status: ArticleStatus;
  /** A `datetime-local` value on the owner's wall clock (docs/product.md §18.1). */
  publish_at: string;
  summary_en: string;
  summary_ar: string;
  tags_en: string;
  tags_ar: string;
}

export function valuesOf(article: OwnerArticle | undefined, timeZone: string): ArticleValues {
  const titles = { en: article?.title_en ?? "", ar: article?.title_ar ?? "" };
  // A title an earlier version copied from the other language is not shown as this one's.
  const title = (language: "en" | "ar") => (hasOwnTitle(language, titles) ? titles[language] : "");
  return {
    title_en: title("en"),
    title_ar: title("ar"),
    content_en: article?.content_en ?? "",
    content_ar: article?.content_ar ?? "",
    summary_en: article?.summary_en ?? "",
    summary_ar: article?.summary_ar ?? "",
    status: article?.status ?? "draft",
    publish_at: article?.publish_at ? toZonedInput(article.publish_at, timeZone) : "",
    tags_en: article?.tags.map((tag) => tag.en).join(", ") ?? "",
    tags_ar: article?.tags.map((tag) => tag.ar).join(", ") ?? "",
    ...addressValuesOf(article),
    ...(article ? imageValuesOf(article) : NO_IMAGE),
  };
}

/** What POST /api/articles and PUT /api/articles/:id take (db/inputs.ts); the server derives slug and excerpts. */
export function bodyOf(
  values: ArticleValues,
  currentUrl: string | null,
  shareImages: ShareImages,
  timeZone: string,
) {
  const arabicTags = parseTags(values.tags_ar);
  const publishAt = values.status === "scheduled" ? fromZonedInput(values.publish_at, timeZone) : null;
  return {
    title_en: values.title_en,
    title_ar: values.title_ar,
    content_en: values.content_en,
    content_ar: values.content_ar,
    summary_en: values.summary_en,
    summary_ar: values.summary_ar,
    status: values.status,
    publish_at: publishAt ? publishAt.toISOString() : null,
    // The English and Arabic names paired in order; a missing Arabic one falls back to the English.
    tags: parseTags(values.tags_en).map((en, index) => ({ en, ar: arabicTags[index] ?? "" })),
    ...addressBody(values, shareImages),
    ...imageBody(values, currentUrl),
  };
}

export type ArticleBody = ReturnType<typeof bodyOf>;

export const articleDraftKey = (article?: OwnerArticle) =>
  article ? `article:${article.id}` : "article:new";

/** The tags' refusals show under the English tags. */
export const articleField = (path: string) => (topField(path) === "tags" ? "tags_en" : topField(path));
