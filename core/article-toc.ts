// Headings of an article get stable ids, and an article with three or more headings a table of contents
// (docs/product.md §18). The ids come from the heading's text, so a link to a section survives edits elsewhere.

export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

/** The fewest headings an article needs for a table of contents. */
export const TOC_MIN_HEADINGS = 3;

/** A heading's id: its text lower-cased, letters and digits of any script kept, the rest turned into hyphens. */
export function headingId(text: string): string {
  const id = text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return id || "section";
}

const decode = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Gives every h2 and h3 of sanitised article HTML an id (a repeated text gets -2, -3…) and lists them; the table of
 * contents is empty below three headings.
 */
export function withHeadingIds(html: string): { html: string; toc: TocEntry[] } {
  const used = new Map<string, number>();
  const entries: TocEntry[] = [];
  const result = html.replace(
    /<h([23])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1>/g,
    (_whole, level: string, attributes: string, inner: string) => {
      const text = decode(inner);
      const base = headingId(text);
      const seen = (used.get(base) ?? 0) + 1;
      used.set(base, seen);
      const id = seen === 1 ? base : `${base}-${seen}`;
      entries.push({ id, text, level: Number(level) as 2 | 3 });
      const kept = attributes.replace(/\s+id\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "");
      return `<h${level} id="${id}"${kept}>${inner}</h${level}>`;
    },
  );
  return { html: result, toc: entries.length >= TOC_MIN_HEADINGS ? entries : [] };
}
