// Stored images (docs/product.md §3 "Images"): the portfolio_images bucket with the folders projects, articles and site. The
// file name is the upload's timestamp and the original name with every character other than letters, digits,
// _ . - turned into _. The public URL kept in image_url is the path the server serves the file at.

export const IMAGE_BUCKET = "portfolio_images";
/** "site" holds the owner's portrait and about image (docs/product.md §17). */
export const IMAGE_FOLDERS = ["projects", "articles", "site"] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];
/** The image columns of a project or an article: its image and its share image per language (decision 015). */
export const ITEM_IMAGE_COLUMNS = ["image_url", "share_image_en", "share_image_ar"] as const;
export const IMAGE_URL_PREFIX = `/storage/${IMAGE_BUCKET}/`;
/** The largest upload the server takes (docs/product.md §13). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The formats we store, judged by their bytes, with the extension and Content-Type each is saved with. */
export const IMAGE_FORMATS = {
  png: { extension: "png", contentType: "image/png" },
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
  webp: { extension: "webp", contentType: "image/webp" },
  gif: { extension: "gif", contentType: "image/gif" },
} as const;

/** Content types of every stored file, variants (AVIF) included. */
export const STORED_CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** Longest stored name; a longer original name is cut, keeping its end (the extension). */
const MAX_NAME_LENGTH = 120;

export function isImageFolder(value: unknown): value is ImageFolder {
  return IMAGE_FOLDERS.includes(value as ImageFolder);
}

/** The sanitising rule of docs/product.md §3.6, one character at a time (an emoji is one `_`, not two). */
export function sanitizeFileName(name: string): string {
  return Array.from(name, (char) => (/^[A-Za-z0-9_.-]$/.test(char) ? char : "_")).join("");
}

/**
 * `{timestamp}_{sanitised name}` with the extension of the format the bytes really are, so a JPEG named
 * photo.png is stored as photo.jpg and served as what it is.
 */
export function storedImageName(originalName: string, timestamp: number, format: ImageFormat): string {
  const base = sanitizeFileName(originalName.normalize("NFC")).replace(/\.(png|jpe?g|webp|gif)$/i, "");
  const extension = `.${IMAGE_FORMATS[format].extension}`;
  const room = MAX_NAME_LENGTH - extension.length;
  const trimmed = (base.length > room ? base.slice(base.length - room) : base) || "image";
  return `${Math.trunc(timestamp)}_${trimmed}${extension}`;
}

/** Whether a stored name is one we could have made (an upload or one of its variants): checked before touching storage. */
export function isStoredImageName(name: string): boolean {
  return /^\d+_[A-Za-z0-9_.-]+\.(png|jpg|webp|gif|avif)$/.test(name) && name.length <= 140;
}

// Responsive variants (docs/product.md §13, decision 010): every still upload is also stored as AVIF and
// WebP at these widths, never wider than the original, beside it: `{name without extension}-w{width}.{avif|webp}`.

export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The widths of an upload's variants: the standard ones below its width, and its own width. */
export function variantWidthsFor(width: number): number[] {
  return [...VARIANT_WIDTHS.filter((candidate) => candidate < width), width];
}

/** Whether a stored name is a variant (`…-w640.avif`) rather than an upload. */
export function isVariantName(name: string): boolean {
  return /-w\d+\.(avif|webp)$/.test(name);
}

export function variantName(name: string, width: number, format: VariantFormat): string {
  return `${name.replace(/\.[a-z]+$/, "")}-w${width}.${format}`;
}

/** What the page needs to offer an upload's variants: its size, the variants' widths and a blurred placeholder. */
export interface ImageInfo {
  width: number;
  height: number;
  /** Empty for an upload without variants (an animation). */
  widths: number[];
  /** A tiny blurred WebP as a data: URL, shown while the image loads. */
  placeholder: string;
}

/** `srcset` of an upload's variants in one format. */
export function variantSrcSet(url: string, widths: readonly number[], format: VariantFormat): string {
  const stored = parseImageUrl(url);
  if (!stored) return "";
  return widths
    .map((width) => `${imageUrl(stored.folder, variantName(stored.name, width, format))} ${width}w`)
    .join(", ");
}

export function imageUrl(folder: ImageFolder, name: string): string {
  return `${IMAGE_URL_PREFIX}${folder}/${name}`;
}

/** The Content-Type a stored file is served with, from its extension; null for a name we never store. */
export function contentTypeOfName(name: string): string | null {
  const extension = /\.([a-z]+)$/.exec(name)?.[1];
  return (extension && STORED_CONTENT_TYPES[extension]) || null;
}

/** The format a stored name was saved as, from its extension (the bytes were checked when it was stored). */
export function imageFormatOfName(name: string): ImageFormat | null {
  const extension = /\.([a-z]+)$/.exec(name)?.[1];
  const entry = Object.entries(IMAGE_FORMATS).find(([, format]) => format.extension === extension);
  return entry ? (entry[0] as ImageFormat) : null;
}

/** The folder and name of one of our stored images from its public URL; null for anything else. */
export function parseImageUrl(url: string | null | undefined): { folder: ImageFolder; name: string } | null {
  if (!url?.startsWith(IMAGE_URL_PREFIX)) return null;
  const [folder, name, ...rest] = url.slice(IMAGE_URL_PREFIX.length).split("/");
  if (rest.length > 0 || !isImageFolder(folder) || !name || !isStoredImageName(name)) return null;
  return { folder, name };
}

/** The image format of a file judged by its first bytes (magic numbers), whatever its name or declared type. */
export function sniffImageType(bytes: Uint8Array): ImageFormat | null {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return "gif";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}
