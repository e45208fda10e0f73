import { eq, inArray } from "drizzle-orm";
import {
  imageUrl,
  parseImageUrl,
  VARIANT_FORMATS,
  variantName,
  variantWidthsFor,
  type ImageFolder,
  type ImageInfo,
} from "#core/images.ts";
import type { Database } from "#db/client.ts";
import { imageVariants, variantJobs } from "#db/schema.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { ServiceError } from "#server/http/errors.ts";

// Responsive variants of an upload (docs/product.md §13, decision 010): AVIF and WebP at the widths of
// core/images.ts, never wider than the stored file, written beside it in the same storage (disk or bucket) after it
// is stored (variant-queue.ts), with its size and a tiny blurred placeholder in image_variants. A page offers them
// with srcset once that row exists; the stored file stays the fallback and what the admin shows.

const PLACEHOLDER_WIDTH = 16;

/** Encodes and stores every variant of a stored file and records them; on failure nothing of it is left. */
export async function storeVariants(
  deps: { db: Database; images: ImageStore },
  folder: ImageFolder,
  name: string,
  bytes: Uint8Array,
): Promise<ImageInfo> {
  const { default: sharp } = await import("sharp");
  // The bytes were decoded once already; a picture libvips still cannot encode is the upload's fault, not ours.
  const encoded = <T>(work: Promise<T>) =>
    work.catch((): never => {
      throw new ServiceError(422, "uploadBroken");
    });
  const metadata = await encoded(sharp(bytes).metadata());
  const width = metadata.width;
  const height = metadata.pageHeight ?? metadata.height;
  // An animation stays the one file: a still variant would stop it.
  const animated = (metadata.pages ?? 1) > 1;
  const widths = animated ? [] : variantWidthsFor(width);
  const written: string[] = [];
  try {
    for (const target of widths) {
      for (const format of VARIANT_FORMATS) {
        const resized = sharp(bytes).resize({ width: target, withoutEnlargement: true });
        const file = await encoded(
          format === "avif"
            ? resized.avif({ quality: 50, effort: 2 }).toBuffer()
            : resized.webp({ quality: 72 }).toBuffer(),
        );
        const variant = variantName(name, target, format);
        await deps.images.save(folder, variant, file);
        written.push(variant);
      }
    }
    const tiny = await encoded(
      sharp(bytes, { pages: 1 }).resize({ width: PLACEHOLDER_WIDTH }).webp({ quality: 40 }).toBuffer(),
    );
    const info: ImageInfo = {
      width,
      height,
      widths,
      // A see-through image would show its placeholder through it: none then.
      placeholder: metadata.hasAlpha ? "" : `data:image/webp;base64,${tiny.toString("base64")}`,
    };
    const url = imageUrl(folder, name);
    await deps.db
      .insert(imageVariants)
      .values({ url, ...info })
      .onConflictDoUpdate({ target: imageVariants.url, set: info });
    return info;
  } catch (error) {
    for (const variant of written) await deps.images.remove(folder, variant).catch(() => undefined);
    throw error;
  }
}

/** Removes a stored file, its variants and their record, and its variants' job if they were still to be made. */
export async function removeStoredImage(
  deps: { db: Database; images: ImageStore },
  folder: ImageFolder,
  name: string,
): Promise<void> {
  await deps.images.remove(folder, name);
  await deps.db.delete(variantJobs).where(eq(variantJobs.url, imageUrl(folder, name)));
  await removeVariants(deps, folder, name);
}

/** Removes the variants of a stored file and their record. */
export async function removeVariants(
  deps: { db: Database; images: ImageStore },
  folder: ImageFolder,
  name: string,
): Promise<void> {
  const url = imageUrl(folder, name);
  const [row] = await deps.db.select().from(imageVariants).where(eq(imageVariants.url, url)).limit(1);
  for (const width of row?.widths ?? [])
    for (const format of VARIANT_FORMATS) await deps.images.remove(folder, variantName(name, width, format));
  if (row) await deps.db.delete(imageVariants).where(eq(imageVariants.url, url));
}

/**
 * Where an upload's variants stand (docs/product.md §13): still to be made, made (`widths` empty for an animation),
 * or neither (an image from before variants, or one whose variants could not be made).
 */
export async function variantState(
  db: Database,
  url: string,
): Promise<{ state: "pending" | "ready" | "none"; widths: number[] }> {
  const [job] = await db.select().from(variantJobs).where(eq(variantJobs.url, url)).limit(1);
  if (job) return { state: "pending", widths: [] };
  const [row] = await db.select().from(imageVariants).where(eq(imageVariants.url, url)).limit(1);
  return row ? { state: "ready", widths: row.widths } : { state: "none", widths: [] };
}

/** The variants of the uploads among these addresses (others, such as the drawn images, have none). */
export async function loadImageInfo(
  db: Database,
  urls: (string | null | undefined)[],
): Promise<Record<string, ImageInfo>> {
  const wanted = [...new Set(urls.filter((url): url is string => parseImageUrl(url) !== null))];
  if (wanted.length === 0) return {};
  const rows = await db.select().from(imageVariants).where(inArray(imageVariants.url, wanted));
  return Object.fromEntries(
    rows.map((row) => [
      row.url,
      { width: row.width, height: row.height, widths: row.widths, placeholder: row.placeholder },
    ]),
  );
}
