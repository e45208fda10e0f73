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
import { imageVariants } from "#db/schema.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { ServiceError } from "#server/http/errors.ts";

// Responsive variants of an upload (docs/product.md §13, decision 020): AVIF and WebP at the widths of
// core/images.ts, never wider than the stored file, written beside it in the same storage (disk or bucket) when it
// is stored, with its size and a tiny blurred placeholder in image_variants. A page offers them with srcset; the
// stored file stays the fallback and what the admin shows.

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

/** Removes a stored file, its variants and their record. */
export async function removeStoredImage(
  deps: { db: Database; images: ImageStore },
  folder: ImageFolder,
  name: string,
): Promise<void> {
  const url = imageUrl(folder, name);
  const [row] = await deps.db.select().from(imageVariants).where(eq(imageVariants.url, url)).limit(1);
  await deps.images.remove(folder, name);
  for (const width of row?.widths ?? [])
    for (const format of VARIANT_FORMATS) await deps.images.remove(folder, variantName(name, width, format));
  if (row) await deps.db.delete(imageVariants).where(eq(imageVariants.url, url));
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
