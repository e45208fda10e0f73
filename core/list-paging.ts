// The admin's long lists (docs/product.md §21): the inbox and the owner's projects and articles are read one page
// at a time, and the inbox is searched. Shared by the server (queries) and the admin page (its page controls).

/** How many rows a page of the admin holds, unless the request names another size. */
export const ADMIN_PAGE_SIZE = 25;
/** The largest page a request may ask for. */
export const MAX_PAGE_SIZE = 100;
/** The highest page number a request may name (a later page than the last answers the last). */
export const MAX_PAGE_NUMBER = 1_000_000;
/** The longest search, in characters. */
export const MAX_SEARCH_LENGTH = 200;
/** How many messages one bulk action may name (a page at most). */
export const MAX_BULK_IDS = MAX_PAGE_SIZE;

/** How many pages `total` rows fill: at least one, even when there are none. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** A LIKE pattern's wildcards (`%`, `_`) and escape character (`\`) as literal characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * What a search ignores in Arabic: the forms of alef with hamza or madda are a bare alef, alef maqsura is yaa, taa
 * marbuta is haa, and the short vowels, shadda, sukun and the tatweel do not count, so "احمد" finds "أحمد" and
 * "مدرسه" finds "مَدْرَسَة". A character of FROM past the end of TO is dropped (as PostgreSQL's translate() does).
 */
export const ARABIC_FOLD_FROM = "أإآٱىة\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0670\u0640";
export const ARABIC_FOLD_TO = "اااايه";

/** `text` folded as ARABIC_FOLD_FROM/TO say. */
export function foldArabic(text: string): string {
  let folded = "";
  for (const character of text) {
    const index = ARABIC_FOLD_FROM.indexOf(character);
    if (index === -1) folded += character;
    else if (index < ARABIC_FOLD_TO.length) folded += ARABIC_FOLD_TO[index];
  }
  return folded;
}

/** Each folded letter and the letters that fold into it. */
const FOLDED_INTO: Record<string, string> = { ا: "اأإآٱ", ي: "يى", ه: "هة" };
/** The marks a search skips: any number of them may stand between two letters. */
const MARKS = `[${ARABIC_FOLD_FROM.slice(ARABIC_FOLD_TO.length)}]*`;

/**
 * A search holding Arabic letters as a PostgreSQL regular expression (for `~*`) that matches the text however it is
 * spelt (see foldArabic), or null for a search without Arabic letters (then a LIKE pattern does: escapeLike). Every
 * character but letters and digits is escaped, so nothing typed is an operator.
 */
export function arabicSearchPattern(text: string): string | null {
  if (!/[\u0600-\u06FF]/.test(text)) return null;
  return [...foldArabic(text)]
    .map((character) => {
      const forms = FOLDED_INTO[character];
      if (forms) return `[${forms}]`;
      return /[\p{L}\p{N}]/u.test(character) ? character : `\\${character}`;
    })
    .join(MARKS);
}
