import { describe, expect, it } from "vitest";
import {
  arabicDayPeriod,
  fromZonedInput,
  toZonedInput,
  formatLongDate,
  formatLongDateTime,
  isoDate,
  formatShortDate,
  formatShortDateTime,
  formatTime,
  LOCALES,
} from "./dates.ts";
import { ARABIC_REGIONS, localeOf, type ArabicRegion } from "./locales.ts";

// ICU may separate the time from AM/PM with a narrow no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("formatLongDate", () => {
  it.each([
    ["2026-11-22T10:00:00Z", "en", "UTC", "November 22, 2026"],
    ["2026-11-22T10:00:00Z", "ar", "UTC", "٢٢ نوفمبر ٢٠٢٦"],
    ["2026-11-22T10:00:00Z", "en", "Africa/Cairo", "November 22, 2026"],
    ["2026-11-22T10:00:00Z", "ar", "Africa/Cairo", "٢٢ نوفمبر ٢٠٢٦"],
    // 23:30 UTC is already the next day in Cairo (UTC+2).
    ["2026-11-21T23:30:00Z", "en", "UTC", "November 21, 2026"],
    ["2026-11-21T23:30:00Z", "en", "Africa/Cairo", "November 22, 2026"],
    ["2026-11-21T23:30:00Z", "ar", "UTC", "٢١ نوفمبر ٢٠٢٦"],
    ["2026-11-21T23:30:00Z", "ar", "Africa/Cairo", "٢٢ نوفمبر ٢٠٢٦"],
    ["2025-01-05T00:00:00.000Z", "en", "UTC", "January 5, 2025"],
  ] as const)("%s in %s (%s) is %s", (value, language, timeZone, expected) => {
    expect(formatLongDate(value, LOCALES[language], timeZone)).toBe(expected);
  });

  it("accepts a Date", () => {
    expect(formatLongDate(new Date(Date.UTC(2026, 2, 1, 12)), LOCALES.en, "UTC")).toBe("March 1, 2026");
  });

  it.each(["", "not a date", "2026-13-45", new Date(Number.NaN)])("gives an empty string for %j", (value) => {
    expect(formatLongDate(value, LOCALES.en, "UTC")).toBe("");
    expect(formatLongDate(value, LOCALES.ar, "Africa/Cairo")).toBe("");
  });
});

describe("arabicDayPeriod", () => {
  // docs/product.md §9: evening from 17, afternoon from 12, morning from 4, otherwise night.
  const NIGHT = "ليلًا";
  const MORNING = "صباحًا";
  const AFTERNOON = "بعد الظهر";
  const EVENING = "مساءً";
  const periods = [
    ...Array<string>(4).fill(NIGHT), // 0–3
    ...Array<string>(8).fill(MORNING), // 4–11
    ...Array<string>(5).fill(AFTERNOON), // 12–16
    ...Array<string>(7).fill(EVENING), // 17–23
  ];

  it.each(periods.map((period, hour) => [hour, period] as const))("hour %i is %s", (hour, period) => {
    expect(arabicDayPeriod(hour)).toBe(period);
  });
});

describe("formatLongDateTime", () => {
  it.each([
    ["2026-11-22T10:05:00Z", "en", "UTC", "November 22, 2026 at 10:05 AM"],
    ["2026-11-22T10:05:00Z", "en", "Africa/Cairo", "November 22, 2026 at 12:05 PM"],
    ["2026-11-21T23:30:00Z", "en", "Africa/Cairo", "November 22, 2026 at 1:30 AM"],
    ["2026-11-22T10:05:00Z", "ar", "UTC", "٢٢ نوفمبر ٢٠٢٦، ١٠:٠٥ صباحًا"],
    ["2026-11-22T00:30:00Z", "ar", "UTC", "٢٢ نوفمبر ٢٠٢٦، ١٢:٣٠ ليلًا"],
    ["2026-11-22T12:00:00Z", "ar", "UTC", "٢٢ نوفمبر ٢٠٢٦، ١٢:٠٠ بعد الظهر"],
    ["2026-11-22T15:30:00Z", "ar", "UTC", "٢٢ نوفمبر ٢٠٢٦، ٣:٣٠ بعد الظهر"],
    // The day period follows the hour in the given time zone, not UTC: 15:30 UTC is 17:30 in Cairo.
    ["2026-11-22T15:30:00Z", "ar", "Africa/Cairo", "٢٢ نوفمبر ٢٠٢٦، ٥:٣٠ مساءً"],
    ["2026-11-22T02:00:00Z", "ar", "Africa/Cairo", "٢٢ نوفمبر ٢٠٢٦، ٤:٠٠ صباحًا"],
    ["2026-11-21T22:15:00Z", "ar", "Africa/Cairo", "٢٢ نوفمبر ٢٠٢٦، ١٢:١٥ ليلًا"],
  ] as const)("%s in %s (%s) is %s", (value, language, timeZone, expected) => {
    expect(plain(formatLongDateTime(value, LOCALES[language], timeZone))).toBe(expected);
  });

  it.each(["", "yesterday", new Date(Number.NaN)])("gives an empty string for %j", (value) => {
    expect(formatLongDateTime(value, LOCALES.en, "UTC")).toBe("");
    expect(formatLongDateTime(value, LOCALES.ar, "UTC")).toBe("");
  });
});

describe("isoDate", () => {
  it.each([
    ["2026-11-22T10:05:00Z", "2026-11-22T10:05:00.000Z"],
    ["2026-11-22T12:05:00+02:00", "2026-11-22T10:05:00.000Z"],
    [new Date(Date.UTC(2026, 0, 2)), "2026-01-02T00:00:00.000Z"],
    ["garbage", ""],
  ])("%j gives %j", (value, expected) => {
    expect(isoDate(value)).toBe(expected);
  });
});

describe("the short forms the admin page shows", () => {
  const at = "2026-11-20T09:00:00Z";
  it.each([
    ["en", formatShortDate, "Nov 20, 2026"],
    ["ar", formatShortDate, "٢٠‏/١١‏/٢٠٢٦"],
    ["en", formatShortDateTime, "Nov 20, 2026, 11:00 AM"],
    ["en", formatTime, "11:00 AM"],
  ] as const)("%s %o", (language, format, expected) => {
    expect(format(at, LOCALES[language], "Africa/Cairo")).toBe(expected);
  });

  it("gives nothing for a date that is not one", () => {
    expect(formatShortDate("not a date", LOCALES.en, "Africa/Cairo")).toBe("");
  });
});

describe("the owner's wall clock", () => {
  it.each([
    ["2026-12-01T09:30", "Africa/Cairo", "2026-12-01T07:30:00.000Z"],
    ["2026-07-01T09:30", "Africa/Cairo", "2026-07-01T06:30:00.000Z"],
    ["2026-03-29T02:30", "Europe/Berlin", "2026-03-29T01:30:00.000Z"],
    ["2026-11-01T01:30", "America/New_York", "2026-11-01T05:30:00.000Z"],
    ["2026-12-31T23:59", "UTC", "2026-12-31T23:59:00.000Z"],
  ])("reads %s in %s as %s, and shows it back the same", (input, zone, iso) => {
    const instant = fromZonedInput(input, zone)!;
    expect(instant.toISOString()).toBe(iso);
    if (!(zone === "Europe/Berlin")) expect(toZonedInput(instant, zone)).toBe(input);
  });

  it("refuses what is not a date and time", () => {
    expect(fromZonedInput("tomorrow", "UTC")).toBeNull();
    expect(fromZonedInput("", "UTC")).toBeNull();
  });
});

describe("the owner's Arabic region (docs/product.md §17.1)", () => {
  // CLDR's, through Intl: Egypt and the Gulf write Arabic-Indic digits and يناير…, the Levant كانون الثاني…, the
  // Maghreb Western digits; English is the same whatever the region.
  const january = "2026-01-15T10:05:00Z";
  const written: Record<ArabicRegion, { long: string; dateTime: string; short: string }> = {
    egypt: { long: "١٥ يناير ٢٠٢٦", dateTime: "١٥ يناير ٢٠٢٦، ١٠:٠٥ صباحًا", short: "١٥‏/٠١‏/٢٠٢٦" },
    gulf: { long: "١٥ يناير ٢٠٢٦", dateTime: "١٥ يناير ٢٠٢٦، ١٠:٠٥ صباحًا", short: "١٥‏/٠١‏/٢٠٢٦" },
    levant: {
      long: "١٥ كانون الثاني ٢٠٢٦",
      dateTime: "١٥ كانون الثاني ٢٠٢٦، ١٠:٠٥ صباحًا",
      short: "١٥‏/٠١‏/٢٠٢٦",
    },
    maghreb: { long: "15 يناير 2026", dateTime: "15 يناير 2026، 10:05 صباحًا", short: "15‏/01‏/2026" },
  };

  it.each(ARABIC_REGIONS)("%s", (region) => {
    const locale = localeOf("ar", region);
    expect(formatLongDate(january, locale, "UTC")).toBe(written[region].long);
    expect(plain(formatLongDateTime(january, locale, "UTC"))).toBe(written[region].dateTime);
    expect(formatShortDate(january, locale, "UTC")).toBe(written[region].short);
    expect(formatLongDate(january, localeOf("en", region), "UTC")).toBe("January 15, 2026");
  });

  it("writes the Levant's month names all year, and the Maghreb's Western digits in the time of day", () => {
    const levant = localeOf("ar", "levant");
    const months = Array.from({ length: 12 }, (_, month) =>
      formatLongDate(new Date(Date.UTC(2026, month, 10, 12)), levant, "UTC")
        .replace(/[٠-٩]+/g, "")
        .trim(),
    );
    expect(months).toEqual([
      "كانون الثاني",
      "شباط",
      "آذار",
      "نيسان",
      "أيار",
      "حزيران",
      "تموز",
      "آب",
      "أيلول",
      "تشرين الأول",
      "تشرين الثاني",
      "كانون الأول",
    ]);
    expect(plain(formatTime(january, localeOf("ar", "maghreb"), "UTC"))).toMatch(/^10:05/);
  });

  it("keeps the default region's locale where no region is known", () => {
    expect(LOCALES).toEqual({ en: "en-US", ar: "ar-EG" });
    expect(localeOf("ar")).toBe("ar-EG");
  });
});
