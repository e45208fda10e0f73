import { contentToHtml } from "#core/content-html.ts";
import type { RestoreGates } from "./features/backup/archive.ts";
import { renderArticleHtml, sanitizeHtml } from "./features/articles/sanitize.ts";
import { checkStoredImage } from "./features/uploads/service.ts";

/**
 * What a restore stores passes the same gates as the owner's own save (docs/product.md §19): a case study's rich
 * text is rendered as a project's save renders it, an article's content sanitised as an article's save does, and an
 * image checked as an upload is. Shared by the API and `npm run restore`.
 */
export const restoreGates: RestoreGates = {
  richText: (table, field, text) =>
    table === "projects" ? renderArticleHtml(contentToHtml(text), field) : sanitizeHtml(text, field),
  checkImage: checkStoredImage,
};
