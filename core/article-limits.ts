// Limits on what an article may carry (spec §5: images in the editor are embedded as data URLs). The editor
// refuses early with a clear message; the server, the authority, checks the same numbers when it saves.

/** The largest image the editor embeds, before base64 (which adds a third). */
export const MAX_EMBEDDED_IMAGE_BYTES = 2 * 1024 * 1024;
/** The largest article HTML, embedded images included. */
export const MAX_ARTICLE_HTML_BYTES = 8 * 1024 * 1024;

export type ImageType = "png" | "jpeg" | "gif" | "webp";

export const IMAGE_MIME_TYPES: Readonly<Record<ImageType, string>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The raster type a file really is, judged by its first bytes (its magic number), never by its name or
 * declared type: a renamed SVG or HTML file is null. Twelve bytes are enough.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}
