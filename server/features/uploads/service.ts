import type { Metadata, Sharp } from "sharp";
import {
  imageFormatOfName,
  imageUrl,
  isImageFolder,
  isStoredImageName,
  MAX_UPLOAD_BYTES,
  sniffImageType,
  storedImageName,
  type ImageFolder,
  type ImageFormat,
} from "#core/images.ts";
import type { Database } from "#db/client.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { ServiceError } from "#server/http/errors.ts";
import { isImageReferenced, removeUnusedImage, requireStoredImage } from "./references.ts";
import { sweepUnusedUploads } from "./sweep.ts";
import { storeInlineImages } from "./inline-images.ts";
import { loadImageInfo, removeStoredImage, storeVariants, variantState } from "./variants.ts";
import { createVariantQueue } from "./variant-queue.ts";

// The owner's image uploads (docs/product.md §3 "Images", decision 010). Only the bytes decide what a file is; what is
// accepted is decoded and encoded again in the same format, which drops metadata (EXIF GPS, comments) and
// anything hidden after the image, so a stored file is only ever the picture it claims to be.

const MIB = 1024 * 1024;
export { MAX_UPLOAD_BYTES };
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** Longest edge of a stored image: enough for any screen, small enough for a phone on a slow network. */
export const MAX_IMAGE_EDGE = 2560;

export interface StoredUpload {
  /** The file inside the bucket: `projects/1732…_name.png`. */
  path: string;
  /** The public URL, kept in image_url. */
  url: string;
}

/**
 * Checks, re-encodes and stores an upload; `variants` then makes its variants (by default at once) or queues them.
 * When that fails the stored file goes again.
 */
export async function storeUpload(
  deps: { db: Database; images: ImageStore },
  file: { name: string; bytes: Uint8Array },
  folder: ImageFolder,
  now = Date.now(),
  variants: (folder: ImageFolder, name: string, bytes: Uint8Array) => Promise<unknown> = (at, name, bytes) =>
    storeVariants(deps, at, name, bytes),
): Promise<StoredUpload> {
  const { bytes } = file;
  if (bytes.byteLength === 0) throw new ServiceError(400, "uploadEmpty");
  if (bytes.byteLength > MAX_UPLOAD_BYTES)
    throw new ServiceError(413, "uploadTooLarge", { vars: { max: MAX_UPLOAD_BYTES / MIB } });
  const format = sniffImageType(bytes);
  if (!format) throw new ServiceError(415, "uploadUnsupported");

  const encoded = await reencode(bytes, format);
  const name = storedImageName(file.name, now, format);
  await deps.images.save(folder, name, encoded);
  try {
    await variants(folder, name, encoded);
  } catch (error) {
    await deps.images.remove(folder, name).catch(() => undefined);
    throw error;
  }
  return { path: `${folder}/${name}`, url: imageUrl(folder, name) };
}

// Every frame of an animated GIF or WebP, so an animation stays one.
const SHARP_INPUT = { animated: true, limitInputPixels: MAX_UPLOAD_PIXELS } as const;

/**
 * Checks an image's header: the format sharp finds (`heif` for AVIF) must be `format`, and the picture at most
 * MAX_UPLOAD_PIXELS, judged before anything is decoded: a small file can declare a picture that would take gigabytes
 * to decode.
 */
async function checkImageHeader(bytes: Uint8Array, format: string): Promise<void> {
  // sharp (libvips, tens of MB) loads with the first upload, not with the server: most servers never see one.
  const { default: sharp } = await import("sharp");
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { ...SHARP_INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new ServiceError(422, "uploadBroken");
  }
  if (metadata.format !== format) throw new ServiceError(415, "uploadUnsupported");
  const pixels = metadata.width * (metadata.pageHeight ?? metadata.height) * (metadata.pages ?? 1);
  if (pixels > MAX_UPLOAD_PIXELS)
    throw new ServiceError(413, "uploadTooManyPixels", { vars: { max: MAX_UPLOAD_PIXELS / 1_000_000 } });
}

/**
 * Refuses a stored image that did not come through an upload (one from a backup) when an upload of it would be
 * refused: empty, larger than `maxBytes`, not the format its name says (its bytes decide), or more pixels than
 * MAX_UPLOAD_PIXELS. A variant (AVIF or WebP, made by the server) is checked against its name's format the same way.
 */
export async function checkStoredImage(
  name: string,
  bytes: Uint8Array,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<void> {
  if (bytes.byteLength === 0) throw new ServiceError(400, "uploadEmpty");
  if (bytes.byteLength > maxBytes)
    throw new ServiceError(413, "uploadTooLarge", { vars: { max: maxBytes / MIB } });
  const format = name.endsWith(".avif") ? "heif" : imageFormatOfName(name);
  if (!format || (format !== "heif" && sniffImageType(bytes) !== format))
    throw new ServiceError(415, "uploadUnsupported");
  await checkImageHeader(bytes, format);
}

async function reencode(bytes: Uint8Array, format: ImageFormat): Promise<Uint8Array> {
  const { default: sharp } = await import("sharp");
  await checkImageHeader(bytes, format);
  const input = SHARP_INPUT;
  const image = sharp(bytes, input)
    .autoOrient()
    .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: "inside", withoutEnlargement: true });
  try {
    return await encode(image, format).toBuffer();
  } catch (error) {
    // The header may lie about the size; sharp's own limit still holds while decoding.
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new ServiceError(413, "uploadTooManyPixels", { vars: { max: MAX_UPLOAD_PIXELS / 1_000_000 } });
    throw new ServiceError(422, "uploadBroken");
  }
}

/**
 * sharp writes no metadata unless asked to (no keepExif/keepMetadata here). A JPEG is written by libjpeg-turbo, not
 * mozjpeg: 5 to 8 times faster, which keeps the upload's answer under half a second, for a file about 40 % larger that
 * visitors rarely fetch once its variants exist (decision 010).
 */
function encode(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case "png":
      return image.png();
    case "jpeg":
      return image.jpeg({ quality: 85 });
    case "webp":
      return image.webp({ quality: 85 });
    case "gif":
      return image.gif();
  }
}

/**
 * Removes an uploaded image that nothing uses: the admin page cleans up after an upload whose save then failed.
 * 404 for a name we could not have stored or a missing file, 409 while a project or an article points at it.
 */
export async function removeUpload(
  deps: { db: Database; images: ImageStore },
  folder: string,
  name: string,
): Promise<void> {
  if (!isImageFolder(folder) || !isStoredImageName(name) || !(await deps.images.exists(folder, name)))
    throw new ServiceError(404, "uploadNotFound");
  if (await isImageReferenced(deps.db, imageUrl(folder, name))) throw new ServiceError(409, "uploadInUse");
  await removeStoredImage(deps, folder, name);
}

/** What the site asks of its uploaded images: the owner's uploads, the pages' variants, and the other features' checks. */
export function createUploads(deps: {
  db: Database;
  images: ImageStore;
  logger: Logger;
  /** Told when an upload's variants are recorded. */
  contentChanged: () => void;
}) {
  const variants = createVariantQueue(deps);
  return {
    /** Stores an upload (checked, re-encoded); its variants are made afterwards, in the background (§13). */
    store: (file: { name: string; bytes: Uint8Array }, folder: ImageFolder, now?: number) =>
      storeUpload(deps, file, folder, now, (to, name) => variants.enqueue(imageUrl(to, name))),
    /** The background work that makes uploads' variants; the server starts and stops it. */
    variants,
    /** Where an upload's variants stand: still to be made, made, or none. */
    variantState: (url: string) => variantState(deps.db, url),
    /** Removes an upload nothing uses: 404 for an unknown one, 409 while a row points at it. */
    remove: (folder: string, name: string) => removeUpload(deps, folder, name),
    /** Refuses an image URL that is not one of our stored images in `folder` (422 on `path`). */
    requireStored: (url: string | null, current: string | null, folder: ImageFolder, path?: string) =>
      requireStoredImage(deps.images, url, current, folder, path),
    /** Removes the file behind a URL that no row uses any more; a failure is logged. */
    removeUnused: (url: string | null | undefined) => removeUnusedImage(deps, url),
    /** The responsive variants of the uploads among these addresses (docs/product.md §13). */
    info: (urls: (string | null | undefined)[]) => loadImageInfo(deps.db, urls),
    /**
     * Sanitised rich text with its editor images (data: URLs) stored in `folder` and pointed at (§5). Their variants
     * are made before the text is saved: the saved HTML names them (decision 011).
     */
    storeInline: (html: string, folder: ImageFolder) =>
      storeInlineImages(
        {
          store: (file, to, now) => storeUpload(deps, file, to, now),
          info: (urls) => loadImageInfo(deps.db, urls),
        },
        html,
        folder,
      ),
    /** Removes the uploads nothing has pointed at for a day (the hourly housekeeping). */
    sweep: () => sweepUnusedUploads(deps),
  };
}

export type Uploads = ReturnType<typeof createUploads>;
