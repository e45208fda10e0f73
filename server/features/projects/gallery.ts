import { asc, eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import type { ProjectInput } from "#db/inputs.ts";
import type { GalleryImage } from "#db/records.ts";
import { projectImages } from "#db/schema.ts";
import type { Uploads } from "#server/features/uploads/service.ts";

// A project's gallery (docs/product.md §28): saved with its project, whole, in the order the owner gave it.

type Executor = Pick<Database, "select" | "insert" | "delete">;

/** The gallery of a project in the owner's order. */
export async function readGallery(db: Executor, projectId: string): Promise<GalleryImage[]> {
  return db
    .select({ url: projectImages.url, alt_en: projectImages.alt_en, alt_ar: projectImages.alt_ar })
    .from(projectImages)
    .where(eq(projectImages.project_id, projectId))
    .orderBy(asc(projectImages.position));
}

/** Refuses a gallery image that is not one of our stored files (an image it already had is kept as it is). */
export async function requireGalleryStored(
  uploads: Pick<Uploads, "requireStored">,
  gallery: ProjectInput["gallery"],
  current: GalleryImage[],
): Promise<void> {
  const had = new Set(current.map((image) => image.url));
  for (const [index, image] of gallery.entries()) {
    if (had.has(image.url)) continue;
    await uploads.requireStored(image.url, null, "projects", `gallery.${index}.url`);
  }
}

/** Replaces a project's gallery with `gallery`, positions 0, 1, 2… in its order; inside the save's transaction. */
export async function replaceGallery(
  tx: Executor,
  projectId: string,
  gallery: ProjectInput["gallery"],
): Promise<void> {
  await tx.delete(projectImages).where(eq(projectImages.project_id, projectId));
  if (gallery.length === 0) return;
  await tx
    .insert(projectImages)
    .values(gallery.map((image, position) => ({ ...image, project_id: projectId, position })));
}
