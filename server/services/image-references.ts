import { eq } from "drizzle-orm";
import { parseImageUrl } from "../../core/images.ts";
import type { Database } from "../../db/client.ts";
import { articles, projects } from "../../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { ImageStore } from "../storage/image-store.ts";

/** Whether a project or an article still points at this image URL. */
export async function isImageReferenced(db: Database, url: string): Promise<boolean> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.image_url, url))
    .limit(1);
  if (project) return true;
  const [article] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.image_url, url))
    .limit(1);
  return Boolean(article);
}

/**
 * Removes the stored file behind an image URL that no row uses any more (after a replace or a delete).
 * A failure is logged, never shown (spec §8 'Error deleting image'): the owner's change has already been saved.
 */
export async function removeUnusedImage(
  deps: { db: Database; images: ImageStore; logger: Logger },
  url: string | null | undefined,
): Promise<void> {
  const stored = parseImageUrl(url);
  if (!stored || !url) return;
  try {
    if (await isImageReferenced(deps.db, url)) return;
    await deps.images.remove(stored.folder, stored.name);
  } catch (error) {
    deps.logger.error("Error deleting image", { url, error: String(error) });
  }
}

/** True when the URL is one of our stored images, in the expected folder, and the file is there. */
export async function isStoredImage(images: ImageStore, url: string, folder: "projects" | "articles") {
  const stored = parseImageUrl(url);
  return stored !== null && stored.folder === folder && (await images.exists(stored.folder, stored.name));
}
