import { eq, or, sql } from "drizzle-orm";
import { ITEM_IMAGE_COLUMNS, parseImageUrl, type ImageFolder } from "#core/images.ts";
import { CASE_STUDY_TEXTS } from "#core/projects.ts";
import type { Database } from "#db/client.ts";
import { articles, projectImages, projects, siteSettings, testimonials } from "#db/schema.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { ServiceError } from "#server/http/errors.ts";
import { removeStoredImage } from "./variants.ts";

/**
 * Whether a project (its image, share images, gallery or case-study text), an article (its image, share images or text) or the site settings (portrait, about image) still point at
 * this image URL.
 */
export async function isImageReferenced(db: Database, url: string): Promise<boolean> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(or(...ITEM_IMAGE_COLUMNS.map((column) => eq(projects[column], url))))
    .limit(1);
  if (project) return true;
  const [galleryImage] = await db
    .select({ id: projectImages.id })
    .from(projectImages)
    .where(eq(projectImages.url, url))
    .limit(1);
  if (galleryImage) return true;
  const [photo] = await db
    .select({ id: testimonials.id })
    .from(testimonials)
    .where(eq(testimonials.photo_url, url))
    .limit(1);
  if (photo) return true;
  const [article] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(or(...ITEM_IMAGE_COLUMNS.map((column) => eq(articles[column], url))))
    .limit(1);
  if (article) return true;
  // An image inside an article's text (docs/product.md §5: stored when the article is saved).
  const [inline] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      sql`position(${url} in ${articles.content_en}) > 0 or position(${url} in ${articles.content_ar}) > 0`,
    )
    .limit(1);
  if (inline) return true;
  // An image inside a case study's text (docs/product.md §28, stored like an article's).
  const [caseStudy] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(or(...CASE_STUDY_TEXTS.map((column) => sql`position(${url} in ${projects[column]}) > 0`)))
    .limit(1);
  if (caseStudy) return true;
  const [settings] = await db
    .select({ id: siteSettings.id })
    .from(siteSettings)
    .where(sql`position(${JSON.stringify(url)} in ${siteSettings.overrides}::text) > 0`)
    .limit(1);
  return Boolean(settings);
}

/**
 * Removes the stored file behind an image URL that no row uses any more (after a replace or a delete).
 * A failure is logged, never shown (docs/product.md §8 'Error deleting image'): the owner's change has already been saved.
 */
export async function removeUnusedImage(
  deps: { db: Database; images: ImageStore; logger: Logger },
  url: string | null | undefined,
): Promise<void> {
  const stored = parseImageUrl(url);
  if (!stored || !url) return;
  try {
    if (await isImageReferenced(deps.db, url)) return;
    await removeStoredImage(deps, stored.folder, stored.name);
  } catch (error) {
    deps.logger.error("Error deleting image", { url, error: String(error) });
  }
}

/**
 * Refuses an image URL that is not one of our stored images in `folder` (422 on `path`), so no row ever
 * points at a missing file. An unchanged URL is kept as it is: it may predate this server (an imported URL).
 */
export async function requireStoredImage(
  images: ImageStore,
  url: string | null,
  current: string | null,
  folder: ImageFolder,
  path = "image_url",
): Promise<void> {
  if (url === null || url === current) return;
  const stored = parseImageUrl(url);
  const exists =
    stored !== null && stored.folder === folder && (await images.exists(stored.folder, stored.name));
  if (!exists) throw new ServiceError(422, "imageNotStored", { path });
}

/**
 * Every stored image the site points at: projects' and articles' images and share images, images inside articles'
 * and case studies' text, gallery images, testimonial photos, and the portrait and about image of the settings
 * (for `npm run storage:migrate`'s check).
 */
export async function listImageReferences(db: Database): Promise<{ folder: ImageFolder; name: string }[]> {
  const found = new Map<string, { folder: ImageFolder; name: string }>();
  const collect = (text: string | null) => {
    for (const match of (text ?? "").matchAll(/\/storage\/portfolio_images\/[A-Za-z0-9_./-]+/g)) {
      const stored = parseImageUrl(match[0]);
      if (stored) found.set(match[0], stored);
    }
  };
  const projectRows = await db
    .select({
      url: projects.image_url,
      en: projects.share_image_en,
      ar: projects.share_image_ar,
      ...Object.fromEntries(CASE_STUDY_TEXTS.map((column) => [column, projects[column]])),
    })
    .from(projects);
  for (const row of projectRows) Object.values(row).forEach(collect);
  for (const row of await db.select({ url: projectImages.url }).from(projectImages)) collect(row.url);
  for (const row of await db.select({ url: testimonials.photo_url }).from(testimonials)) collect(row.url);
  const articleRows = await db
    .select({
      url: articles.image_url,
      shareEn: articles.share_image_en,
      shareAr: articles.share_image_ar,
      en: articles.content_en,
      ar: articles.content_ar,
    })
    .from(articles);
  for (const row of articleRows) Object.values(row).forEach(collect);
  for (const row of await db.select({ overrides: siteSettings.overrides }).from(siteSettings))
    collect(JSON.stringify(row.overrides));
  return [...found.values()];
}
