import type { Language } from "./preferences.ts";

// The site's Arabic is the owner's (docs/product.md §17.1): the owner picks the region their Arabic speaks to, and
// every date, count, page number and chart axis shown in Arabic follows it. CLDR, through the platform's Intl,
// decides what each region writes; a region is only the locale that asks it:
//   egypt    ar-EG  Arabic-Indic digits (٠١٢٣), يناير فبراير … (what the site has always written)
//   gulf     ar-SA  Arabic-Indic digits, يناير فبراير …; the Gregorian calendar asked for by name, as some
//                   platforms (Apple's) make the Islamic calendar Saudi Arabia's default
//   levant   ar-SY  Arabic-Indic digits, كانون الثاني شباط …
//   maghreb  ar-MA  Western digits (0123), Morocco's month names (يناير … ماي، غشت، نونبر), a 24-hour clock
// English is always en-US.

export const ARABIC_REGIONS = ["egypt", "gulf", "levant", "maghreb"] as const;
export type ArabicRegion = (typeof ARABIC_REGIONS)[number];
export const DEFAULT_ARABIC_REGION: ArabicRegion = "egypt";

export const ENGLISH_LOCALE = "en-US";

/** The BCP 47 locale of each Arabic region. */
export const ARABIC_LOCALES: Record<ArabicRegion, string> = {
  egypt: "ar-EG",
  gulf: "ar-SA-u-ca-gregory",
  levant: "ar-SY",
  maghreb: "ar-MA",
};

/**
 * The locale dates and numbers are written in, for a text in `language` on a site whose Arabic speaks to `region`.
 * The one place a language becomes a locale: server and browser both ask it, with the region from the loader's data,
 * so a page hydrates with the very digits it was rendered with.
 */
export function localeOf(language: Language, region: ArabicRegion = DEFAULT_ARABIC_REGION): string {
  return language === "ar" ? ARABIC_LOCALES[region] : ENGLISH_LOCALE;
}

/** Whether a locale of localeOf is Arabic. */
export function isArabicLocale(locale: string): boolean {
  return locale === "ar" || locale.startsWith("ar-");
}
