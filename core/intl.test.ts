import { describe, expect, it } from "vitest";
import {
  dateTimeFormat,
  formatDigits,
  formatNumber,
  keptFormatterCount,
  numberFormat,
  pluralRules,
} from "./intl.ts";
import { ARABIC_LOCALES, ENGLISH_LOCALE } from "./locales.ts";

/** Every locale the site writes in: English and each Arabic region's (core/locales.ts). */
const SITE_LOCALES = [ENGLISH_LOCALE, ...Object.values(ARABIC_LOCALES)];

describe("kept Intl formatters", () => {
  it("makes each formatter once and gives the same one back", () => {
    expect(pluralRules("ar-EG")).toBe(pluralRules("ar-EG"));
    expect(numberFormat("ar-EG")).toBe(numberFormat("ar-EG"));
    const options = { dateStyle: "medium", timeZone: "Asia/Riyadh" } as const;
    expect(dateTimeFormat("ar-EG", options)).toBe(dateTimeFormat("ar-EG", { ...options }));
  });

  it("keeps formatters of different locales and options apart", () => {
    expect(pluralRules("ar-EG").select(3)).toBe("few");
    expect(pluralRules("en-US").select(3)).toBe("other");
    expect(numberFormat("ar-EG").format(12)).toBe("١٢");
    expect(numberFormat("en-US").format(12)).toBe("12");
    const date = new Date("2026-11-20T23:30:00Z");
    expect(dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(date)).toBe(
      "Nov 20, 2026",
    );
    expect(dateTimeFormat("en-US", { dateStyle: "medium", timeZone: "Asia/Riyadh" }).format(date)).toBe(
      "Nov 21, 2026",
    );
  });

  it("throws for an unknown time zone, as Intl does, and keeps nothing for it", () => {
    const before = keptFormatterCount();
    expect(() => dateTimeFormat("en-US", { timeZone: "Mars/Olympus" })).toThrow(RangeError);
    expect(keptFormatterCount()).toBe(before);
  });

  it("keeps at most 64, however many distinct ones are asked for", () => {
    for (let minutes = 0; minutes < 200; minutes++) {
      const zone = `${minutes % 2 ? "+" : "-"}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      dateTimeFormat("en-US", { timeZone: zone });
      expect(keptFormatterCount()).toBeLessThanOrEqual(64);
    }
  });
});

describe("formatNumber", () => {
  const sample = [
    ...Array.from({ length: 2_000 }, (_, index) => index),
    ...Array.from({ length: 16 }, (_, power) => 10 ** power),
    ...Array.from({ length: 16 }, (_, power) => 10 ** power - 1),
    12_345,
    987_654_321,
    Number.MAX_SAFE_INTEGER,
  ];

  it.each(SITE_LOCALES)("writes whole numbers as Intl.NumberFormat does in %s", (locale) => {
    const intl = new Intl.NumberFormat(locale);
    for (const value of sample) expect(formatNumber(value, locale)).toBe(intl.format(value));
  });

  it("writes Arabic-Indic digits and the Arabic thousands separator in Arabic", () => {
    expect(formatNumber(1_234_567, "ar-EG")).toBe("١٬٢٣٤٬٥٦٧");
    expect(formatNumber(1_234_567, "en-US")).toBe("1,234,567");
    expect(formatNumber(1_234_567, ARABIC_LOCALES.levant)).toBe("١٬٢٣٤٬٥٦٧");
  });

  it("writes Western digits, grouped by a full stop, in the Maghreb's Arabic", () => {
    expect(formatNumber(1_234_567, ARABIC_LOCALES.maghreb)).toBe("1.234.567");
    expect(formatDigits(2026, ARABIC_LOCALES.maghreb)).toBe("2026");
  });

  it("leaves fractions, negatives and other locales to Intl", () => {
    for (const [value, locale] of [
      [1.5, "ar-EG"],
      [-5, "ar-EG"],
      [-1234, "en-US"],
      [1234.25, "en-US"],
      [1234, "de-DE"],
    ] as const) {
      expect(formatNumber(value, locale)).toBe(new Intl.NumberFormat(locale).format(value));
    }
    expect(formatNumber(1.5, "ar-EG")).toBe("١٫٥");
  });
});

describe("formatDigits", () => {
  it.each(SITE_LOCALES)("writes whole numbers as ungrouped Intl.NumberFormat does in %s", (locale) => {
    const intl = new Intl.NumberFormat(locale, { useGrouping: false });
    for (const value of [...Array.from({ length: 12_000 }, (_, index) => index), Number.MAX_SAFE_INTEGER])
      expect(formatDigits(value, locale)).toBe(intl.format(value));
    expect(formatDigits(-5, locale)).toBe(intl.format(-5));
  });

  it.each(SITE_LOCALES)("writes a year as the dates of %s do", (locale) => {
    const year = new Intl.DateTimeFormat(locale, { year: "numeric", timeZone: "UTC" });
    for (let value = 1970; value <= 2200; value++)
      expect(formatDigits(value, locale)).toBe(year.format(Date.UTC(value, 5, 1)));
    expect(formatDigits(2026, "ar-EG")).toBe("٢٠٢٦");
  });
});
