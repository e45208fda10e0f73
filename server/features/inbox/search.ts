import { sql, type SQL } from "drizzle-orm";
import { messages } from "#db/schema.ts";

// The inbox's search (docs/product.md §21): what the owner types, as a condition on the messages' text.

/** The longest search, in characters. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * Messages whose name, e-mail, subject or text holds `text`, ignoring case, and in Arabic its spelling variants
 * (arabicSearchPattern below). The four fields are searched as one text, a line break between them (no search holds one),
 * which costs one scan of each message rather than four: about 0.1 s for 10,000 messages on PGlite (decision 009).
 */
export function matching(text: string): SQL {
  const fields = sql`(${messages.name} || E'\\n' || ${messages.email} || E'\\n' || ${messages.subject} || E'\\n' || ${messages.message})`;
  const arabic = arabicSearchPattern(text);
  if (arabic) return sql`${fields} ~* ${arabic}`;
  return sql`${fields} ilike ${`%${escapeLike(text)}%`} escape '\\'`;
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
