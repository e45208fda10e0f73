// The article rules of docs/product.md §5, run by the server when the owner saves an article (docs/product.md §11, decision 009) and
// available to the browser for previews. Pure: the uniqueness check is handed in.

import { englishSlug } from "./slugs.ts";

export const SLUG_MIN_LENGTH = 3;
export const EXCERPT_LENGTH = 150;

export interface ArticleTitles {
  /** The display title: the English title if present, else the Arabic one. */
  title: string;
  title_en: string;
  title_ar: string;
}

/**
 * Display title and both titles; a missing one stays empty (pages in that language show the other, marked with
 * its language). Null when both are blank.
 */
export function buildArticleTitles(input: { title_en?: string; title_ar?: string }): ArticleTitles | null {
  const en = input.title_en?.trim() ?? "";
  const ar = input.title_ar?.trim() ?? "";
  const title = en || ar;
  if (!title) return null;
  return { title, title_en: en, title_ar: ar };
}

function lastDigits(timestamp: number, count: number): string {
  return String(Math.trunc(timestamp)).slice(-count).padStart(count, "0");
}

/**
 * Slug from the display title: lower case, whitespace to hyphens, every character other than word characters
 * and hyphens removed, no doubled or edge hyphens (core/slugs.ts englishSlug). Shorter than 3 characters:
 * 'article-' and the timestamp's last 5 digits. (Word characters are ASCII: an Arabic-only title leaves nothing.)
 */
export function buildSlug(displayTitle: string, timestamp: number): string {
  const slug = englishSlug(displayTitle);
  return slug.length < SLUG_MIN_LENGTH ? `article-${lastDigits(timestamp, 5)}` : slug;
}

/**
 * A slug no other article has: the candidate, else candidate-1, candidate-2, … (`isTaken` leaves the article
 * being edited out). A candidate under 3 characters becomes 'untitled-article-' and 5 timestamp digits; when
 * the check itself fails, the candidate gets the timestamp's last 4 digits.
 */
export async function buildUniqueSlug(
  candidate: string,
  isTaken: (slug: string) => Promise<boolean>,
  timestamp: number,
): Promise<string> {
  const base =
    candidate.length < SLUG_MIN_LENGTH ? `untitled-article-${lastDigits(timestamp, 5)}` : candidate;
  try {
    if (!(await isTaken(base))) return base;
    for (let suffix = 1; ; suffix++) {
      const next = `${base}-${suffix}`;
      if (!(await isTaken(next))) return next;
    }
  } catch {
    return `${base}-${lastDigits(timestamp, 4)}`;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The content's text: the editor's HTML without its tags (each one a space, so a heading and the paragraph after it
 * never run together), entities turned into the characters they stand for, whitespace collapsed.
 */
export function contentText(content: string): string {
  return content
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#")) {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** The first 150 characters of the content's text, with '...' when it is longer (docs/product.md §5). */
export function buildExcerpt(content: string): string {
  const text = contentText(content);
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}...` : text;
}

/** Words a reader reads in a minute, in either language (docs/product.md §18). */
export const WORDS_PER_MINUTE = 200;

/** Minutes to read the content, at least 1 when there is any text; 0 for none. */
export function readingMinutes(content: string): number {
  const text = contentText(content);
  if (text === "") return 0;
  return Math.max(1, Math.ceil(text.split(" ").length / WORDS_PER_MINUTE));
}

/**
 * A tag's address: its English name lower-cased, "#" and "+" spelled out (C#, C++), dots and whitespace turned
 * into hyphens, everything else but word characters and hyphens dropped. A name with nothing left (only
 * Arabic letters) gets "tag-" and a number drawn from its letters, the same every time.
 */
export function tagSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .trim()
    .replace(/#/g, "-sharp")
    .replace(/\+/g, "-plus")
    .replace(/[\s.]+/g, "-")
    .replace(/[^\w-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  if (slug !== "") return slug;
  let hash = 0;
  for (const char of name.trim()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return `tag-${hash.toString(36)}`;
}
