import { MAX_EMBEDDED_IMAGE_BYTES } from "#core/article-limits.ts";
import { IMAGE_FORMATS, sniffImageType } from "#core/images.ts";

export type EmbedImageResult =
  { ok: true; src: string } | { ok: false; reason: "too-large" | "not-allowed" | "unreadable" };

/**
 * An image file as the data URL the article embeds (docs/product.md §5), typed by its first bytes rather than by its name
 * or the type the browser declares, so a renamed SVG or HTML file cannot pass as a picture.
 */
export async function embedImage(file: Blob): Promise<EmbedImageResult> {
  if (file.size > MAX_EMBEDDED_IMAGE_BYTES) return { ok: false, reason: "too-large" };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, reason: "not-allowed" };
  return { ok: true, src: `data:${IMAGE_FORMATS[type].contentType};base64,${toBase64(bytes)}` };
}

function toBase64(bytes: Uint8Array): string {
  // In slices: String.fromCharCode takes its arguments on the stack.
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
