import type { Language } from "./preferences.ts";

// An address per language for every item that has one (articles, projects; decision 015): an English slug by
// the spec's rule (docs/product.md §5.6, core/article-rules.ts buildSlug) and an Arabic slug that keeps Arabic
// letters, percent-encoded on the wire as browsers do and readable in the address bar.

/** Harakat, Quranic marks, the superscript alef and tatweel: written or not, the word is the same. */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
/**
 * What an Arabic slug keeps: Latin letters and digits (an English word in an Arabic title), Arabic letters and
 * Arabic-Indic digits, hyphens. The same set as the migration that gave existing content its Arabic slugs.
 */
const NOT_KEPT = /[^a-z0-9_\u0621-\u063A\u0641-\u064A\u0660-\u0669\u066E-\u06D3\u06D5\u06EE-\u06FF-]/g;

/**
 * The Arabic slug of a title: lower case, diacritics and tatweel removed, whitespace to hyphens, every other
 * character dropped, no doubled or edge hyphens. "مرحبًا بالعالم" → "مرحبا-بالعالم". Empty when nothing is left.
 */
export function arabicSlug(title: string): string {
  return title
    .normalize("NFC")
    .toLowerCase()
    .replace(ARABIC_MARKS, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(NOT_KEPT, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Whether a slug from an address could name an item: letters (any script), digits, `_` and hyphens, at most
 * 400 characters. Anything else names nothing and is answered 404 without asking the database.
 */
export function isPossibleSlug(slug: string): boolean {
  return /^[\p{L}\p{N}_-]{1,400}$/u.test(slug);
}

/** The path segment of a slug: percent-encoded, as a browser sends it. */
export const slugSegment = (slug: string) => encodeURIComponent(slug);

/** An item's two slugs, as the rows keep them. */
export interface ItemSlugs {
  en: string;
  ar: string;
}

/** An item's path in a language: `/articles/hello` or `/ar/articles/مرحبا` (encoded). */
export function itemPath(kind: "articles" | "projects", slugs: ItemSlugs, language: Language): string {
  const prefix = language === "ar" ? "/ar" : "";
  return `${prefix}/${kind}/${slugSegment(language === "ar" ? slugs.ar || slugs.en : slugs.en)}`;
}

/**
 * The English slug of a title by the spec's rule (docs/product.md §5.6), without its fallback: may be short. Runs
 * of hyphens become one and none starts or ends it, so a title in another script leaves nothing, never `----`.
 */
export function englishSlug(title: string): string {
  return title
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
}

const OTHER: Record<Language, Language> = { en: "ar", ar: "en" };

/**
 * Whether an item has a title of its own in a language: not blank, and not a copy of the other language's title
 * (saves of an earlier version copied the one written into the missing one) in a script that is not this
 * language's.
 */
export function hasOwnTitle(language: Language, titles: Record<Language, string>): boolean {
  const own = titles[language].trim();
  if (own === "") return false;
  if (own !== titles[OTHER[language]].trim()) return true;
  return language === "en" ? /[a-z]/i.test(own) : /[\u0600-\u06FF]/.test(own);
}

/**
 * The slug the owner asks for in a language: the one typed, except that a slug sent back unchanged while the
 * language gets its first title of its own is a stand-in (the other language's, or a made-up one) and a new one is
 * built from the new title (docs/product.md §5.7a); the old one then answers 301.
 */
export function wantedSlug(
  typed: string,
  current: string | undefined,
  language: Language,
  titles: { before: Record<Language, string> | undefined; after: Record<Language, string> },
): string {
  const firstTitle =
    titles.before !== undefined &&
    !hasOwnTitle(language, titles.before) &&
    hasOwnTitle(language, titles.after);
  return firstTitle && typed === current ? "" : typed;
}

/** Slugs shorter than this are not slugs: the next rule in line builds one. */
export const SLUG_MIN = 3;

/**
 * A project's slugs before uniqueness (decision 015): the owner's own (letters of either language kept), else the
 * English one from its title by the spec's rule and the Arabic one from its Arabic title; each falls back to the
 * other, and the English one at last to `project-` and the time's last 5 digits.
 */
export function projectSlugs(
  input: { title: string; title_ar: string; slug_en: string; slug_ar: string },
  timestamp: number,
): ItemSlugs {
  const ar = arabicSlug(input.slug_ar || input.title_ar || input.title);
  let en = input.slug_en ? arabicSlug(input.slug_en) : englishSlug(input.title || input.title_ar);
  if (en.length < SLUG_MIN) en = ar.length >= SLUG_MIN ? ar : `project-${String(timestamp).slice(-5)}`;
  return { en, ar: ar.length >= SLUG_MIN ? ar : en };
}
