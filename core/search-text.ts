// The site's search (docs/product.md §30): what a query and an indexed text become before PostgreSQL's Snowball
// stemmers (`arabic`, `english`) see them. One function for both sides, so that a spelling a visitor types and the
// spelling the owner wrote meet in one form.

/** The longest query, in characters, that is searched; the rest is ignored (a query's cost stays bounded). */
export const MAX_QUERY_LENGTH = 200;

/** The longest query that is kept among the searches that found nothing (docs/product.md §27). */
export const MAX_LOGGED_QUERY_LENGTH = 100;

const ARABIC_LETTERS = /[\u0621-\u064A]+/g;

// Marks that carry no letter: tashkeel (harakat, tanwin, shadda, sukun, dagger alef), Quranic annotation signs,
// the tatweel that stretches a line.
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

// Characters that change nothing a person reads but would split or hide words: bidi controls, zero-width ones,
// the byte-order mark. Control characters (NUL included) become spaces.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u00AD]/g;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;

const LETTER_FORMS: Record<string, string> = {
  // The forms of alef with hamza or madda, and alef wasla, are a bare alef.
  "\u0623": "\u0627",
  "\u0625": "\u0627",
  "\u0622": "\u0627",
  "\u0671": "\u0627",
  // Alef maqsura is written for yaa and the other way round; Persian yeh and keheh are typed on Persian keyboards.
  "\u0649": "\u064A",
  "\u06CC": "\u064A",
  "\u06A9": "\u0643",
};

/** Arabic-Indic (U+0660…) and Persian (U+06F0…) digits as Western digits. */
function westernDigit(character: string): string {
  const code = character.charCodeAt(0);
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
}

// The attached prefixes people write before a word: the article with a conjunction or preposition before it
// (وال، فال، بال، كال، لل …), the article alone, then a conjunction with a preposition, then one letter. Longest
// first. Each is removed only when enough of the word remains that it is not the word's own letters: "الله",
// "التي", "وصف", "كريم" stay as they are.
const ARTICLE_PREFIXES = [
  "وبال",
  "وكال",
  "فبال",
  "فكال",
  "ولل",
  "فلل",
  "وال",
  "فال",
  "بال",
  "كال",
  "لل",
  "ال",
];
// Of the letters alone, و، ف and ل: Snowball's stemmer removes ب and ك itself, where they are prefixes.
const LETTER_PREFIXES = ["ول", "فل", "و", "ف", "ل"];
/** Letters that must remain after the article (with or without what precedes it). */
const AFTER_ARTICLE = 3;
/** Letters that must remain after a conjunction or preposition alone, which many words begin with. */
const AFTER_LETTER = 4;

/** An Arabic word without the prefixes attached to it, a sound feminine plural as its singular (already normalised: see normalizeSearchText). */
export function stripArabicPrefixes(word: string): string {
  // Twice at most: what remains is stripped by the same rules, so "الليمون" and "ليمون" end alike.
  let result = word;
  for (let round = 0; round < 2; round++) {
    const prefix =
      ARTICLE_PREFIXES.find((p) => result.startsWith(p) && result.length - p.length >= AFTER_ARTICLE) ??
      LETTER_PREFIXES.find((p) => result.startsWith(p) && result.length - p.length >= AFTER_LETTER);
    if (!prefix) break;
    result = result.slice(prefix.length);
  }
  // The sound feminine plural as its singular: the stemmer leaves "مقالات" apart from "مقالة" (its alef stays).
  if (result.length >= 5 && result.endsWith("ات")) result = `${result.slice(0, -2)}ة`;
  return result;
}

// Technical names a tokenizer would cut: "C#", "F#", "C++" keep their sign as letters; "Next.js", "Node.js" and
// "i18n" PostgreSQL's parser already keeps whole.
const SHARP = /(^|[^\p{L}\p{N}])([\p{L}][\p{L}\p{N}]*)#(?=$|[^\p{L}\p{N}#])/gu;
const PLUS_PLUS = /(^|[^\p{L}\p{N}])([\p{L}][\p{L}\p{N}]*)\+\+(?=$|[^\p{L}\p{N}+])/gu;
const DOT_NET = /(^|[^\p{L}\p{N}.])\.net(?=$|[^\p{L}\p{N}])/gu;

/**
 * A text as the search compares it: invisible characters gone, Latin letters lower case without accents, Arabic
 * letters in one form each (alef, yaa), without marks or tatweel, Arabic-Indic and Persian digits as Western
 * digits, attached prefixes removed, technical names whole. Taa marbuta stays: the Arabic stemmer handles it.
 * Word for word: each word of the result is the word at the same place in `text`.
 */
export function normalizeSearchText(text: string): string {
  let result = text.normalize("NFC").replace(CONTROLS, " ").replace(INVISIBLE, "");
  result = result.replace(ARABIC_MARKS, "");
  result = result.replace(/[\u0623\u0625\u0622\u0671\u0649\u06CC\u06A9]/g, (c) => LETTER_FORMS[c] ?? c);
  result = result.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, westernDigit);
  // Accents of Latin letters only: decomposing Arabic would take the hamza off waw and yaa.
  result = result.replace(/[\p{Script=Latin}]+/gu, (word) =>
    word
      .normalize("NFD")
      .replace(/[\u0300-\u036F]/g, "")
      .toLowerCase(),
  );
  result = result
    .replace(SHARP, (_, before: string, name: string) => `${before}${name}sharp`)
    .replace(PLUS_PLUS, (_, before: string, name: string) => `${before}${name}plusplus`)
    .replace(DOT_NET, (_, before: string) => `${before}dotnet`);
  return result.replace(ARABIC_LETTERS, stripArabicPrefixes).replace(/\s+/g, " ").trim();
}

/** What a visitor typed, as it is searched: at most MAX_QUERY_LENGTH characters, normalised. */
export function searchQueryText(query: string): string {
  return normalizeSearchText(
    Array.from(query)
      .slice(0, MAX_QUERY_LENGTH * 2)
      .join(""),
  ).slice(0, MAX_QUERY_LENGTH);
}

/** The words of a text, each with where it starts and ends, for marking the ones a search matched. */
export function searchWords(text: string): { start: number; end: number; word: string }[] {
  const words: { start: number; end: number; word: string }[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}][\p{L}\p{N}\p{M}.#+'’_-]*/gu)) {
    const raw = match[0].replace(/[.'’_-]+$/, "");
    words.push({ start: match.index, end: match.index + raw.length, word: raw });
  }
  return words;
}

/**
 * Whether a word of a text is one a search found, given the stems its query became (PostgreSQL's lexemes): the
 * normalised word begins with a stem. Snowball's stems are the start of the word they come from once its prefixes
 * are gone, which is what normalizeSearchText removes; only for marking, the search itself is PostgreSQL's.
 */
export function isMatchedWord(word: string, stems: readonly string[]): boolean {
  const normal = normalizeSearchText(word);
  if (normal === "") return false;
  return stems.some(
    (stem) => stem.length > 0 && (normal === stem || (stem.length >= 2 && normal.startsWith(stem))),
  );
}
