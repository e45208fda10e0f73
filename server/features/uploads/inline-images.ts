import { variantSrcSet, type ImageFolder, type ImageInfo } from "#core/images.ts";

// Images pasted or inserted into the editor are data: URLs while the owner writes (docs/product.md §5). When the
// article or case study is saved, each becomes a stored upload like any other (checked, re-encoded, with its
// variants) and the HTML points at it with a responsive <img>: stored HTML carries no base64, and a phone fetches an
// image the size of its screen, only when it scrolls near it.

const DATA_IMAGE = /<img\b[^>]*?\bsrc="(data:image\/(?:png|jpeg|gif|webp);base64,[^"]+)"[^>]*>/g;
const ALT = /\balt="([^"]*)"/;
/** The text column's width (max-w-3xl, 48rem, less its padding), or the screen's. */
const INLINE_SIZES = "(min-width: 768px) 720px, 100vw";

/** `html` is sanitised already (DOMPurify writes attributes in double quotes). */
export async function storeInlineImages(
  uploads: {
    store: (
      file: { name: string; bytes: Uint8Array },
      folder: ImageFolder,
      now?: number,
    ) => Promise<{ url: string }>;
    info: (urls: string[]) => Promise<Record<string, ImageInfo>>;
  },
  html: string,
  folder: ImageFolder,
  now = Date.now(),
): Promise<string> {
  if (!html.includes('src="data:image/')) return html;
  const stored = new Map<string, string>();
  for (const match of html.matchAll(DATA_IMAGE)) {
    const source = match[1]!;
    if (stored.has(source)) continue;
    const bytes = Buffer.from(source.slice(source.indexOf(",") + 1), "base64");
    const upload = await uploads.store({ name: "inline", bytes }, folder, now + stored.size);
    stored.set(source, upload.url);
  }
  const info = await uploads.info([...stored.values()]);
  return html.replace(DATA_IMAGE, (tag, source: string) => {
    const url = stored.get(source)!;
    const alt = ALT.exec(tag)?.[1] ?? "";
    const image = info[url];
    const size = image ? ` width="${image.width}" height="${image.height}"` : "";
    const srcset =
      image && image.widths.length > 0
        ? ` srcset="${variantSrcSet(url, image.widths, "webp")}" sizes="${INLINE_SIZES}"`
        : "";
    return `<img src="${url}" alt="${alt}"${size}${srcset} loading="lazy" decoding="async">`;
  });
}
