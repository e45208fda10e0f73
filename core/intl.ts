// Intl's formatters are slow to make and quick to use: the first of a locale loads its data (about 5 ms here for a
// date format, more on a phone), each later one still costs a fraction of a millisecond, and a page of article cards
// made dozens of them while hydrating (decision 037). Each distinct
// formatter is made once and kept. The keys come from our own call sites (a locale, fixed options, the site's time
// zone), so there are few; the cap only guards against a caller that passes something unbounded.

import { ARABIC_LOCALES, ENGLISH_LOCALE } from "./locales.ts";

const MAX_FORMATTERS = 64;
const formatters = new Map<string, Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>();

function kept<T extends Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T {
  const found = formatters.get(key);
  if (found) return found as T;
  const made = make();
  if (formatters.size >= MAX_FORMATTERS) formatters.clear();
  formatters.set(key, made);
  return made;
}

/** The plural rules of `locale` (a BCP 47 tag such as "ar-EG"). */
export function pluralRules(locale: string): Intl.PluralRules {
  return kept(`plural ${locale}`, () => new Intl.PluralRules(locale));
}

/** The number format of `locale` with its default options (Arabic-Indic digits for "ar-EG"). */
export function numberFormat(locale: string): Intl.NumberFormat {
  return kept(`number ${locale}`, () => new Intl.NumberFormat(locale));
}

const ARABIC_INDIC = { digits: "٠١٢٣٤٥٦٧٨٩", thousands: "\u066c" };

/**
 * The digits and thousands separator of each locale the site speaks (core/locales.ts), as Intl.NumberFormat writes
 * them; the test compares every one with Intl's.
 */
const WHOLE_NUMBER_STYLE: Record<string, { digits: string; thousands: string }> = {
  [ENGLISH_LOCALE]: { digits: "0123456789", thousands: "," },
  [ARABIC_LOCALES.egypt]: ARABIC_INDIC,
  [ARABIC_LOCALES.gulf]: ARABIC_INDIC,
  [ARABIC_LOCALES.levant]: ARABIC_INDIC,
  [ARABIC_LOCALES.maghreb]: { digits: "0123456789", thousands: "." },
};

/**
 * A number as `Intl.NumberFormat(locale)` writes it ("1,234" / "١٬٢٣٤" / "1.234"). The first NumberFormat a page
 * makes costs 15–35 ms here (V8 lists every locale ICU has for it), more than anything else in a hydration turn, for
 * the counts and page numbers a public page shows: a whole, non-negative number in a locale of the site is written here instead
 * (the test compares it with Intl's for a range of numbers); anything else goes to Intl.
 */
export function formatNumber(value: number, locale: string): string {
  const style = WHOLE_NUMBER_STYLE[locale];
  if (!style || !Number.isSafeInteger(value) || value < 0) return numberFormat(locale).format(value);
  return withDigits(String(value).replace(/\B(?=(\d{3})+$)/g, style.thousands), style.digits);
}

/**
 * A whole number without grouping, as `Intl.NumberFormat(locale, { useGrouping: false })` and a date's year write it
 * ("2026" / "٢٠٢٦"), by the same rule and for the same reason as formatNumber.
 */
export function formatDigits(value: number, locale: string): string {
  const style = WHOLE_NUMBER_STYLE[locale];
  if (!style || !Number.isSafeInteger(value) || value < 0)
    return kept(`digits ${locale}`, () => new Intl.NumberFormat(locale, { useGrouping: false })).format(
      value,
    );
  return withDigits(String(value), style.digits);
}

function withDigits(text: string, digits: string): string {
  return text.replace(/\d/g, (digit) => digits[Number(digit)] ?? digit);
}

/** A date format; an unknown time zone throws, as `new Intl.DateTimeFormat` does, and is not kept. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** How many formatters are kept (for the test of the cap). */
export function keptFormatterCount(): number {
  return formatters.size;
}
