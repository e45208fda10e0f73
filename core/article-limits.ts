// Limits on what an article may carry (docs/product.md §5: images in the editor are embedded as data URLs). The editor
// refuses early with a clear message; the server, the authority, checks the same numbers when it saves.

/** The longest title in either language. */
export const ARTICLE_TITLE_MAX = 300;

/** The largest image the editor embeds, before base64 (which adds a third). */
export const MAX_EMBEDDED_IMAGE_BYTES = 2 * 1024 * 1024;
/** The largest article HTML, embedded images included. */
export const MAX_ARTICLE_HTML_BYTES = 8 * 1024 * 1024;

const DATA_IMAGE = /data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)/gi;

/** The decoded size of the largest image embedded in the HTML as a base64 data URL, in bytes. */
export function largestEmbeddedImageBytes(html: string): number {
  let largest = 0;
  for (const match of html.matchAll(DATA_IMAGE)) {
    const base64 = match[1]!.replace(/\s+/g, "");
    const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
    largest = Math.max(largest, Math.floor((base64.length * 3) / 4) - padding);
  }
  return largest;
}
