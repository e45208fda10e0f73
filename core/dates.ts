import { dateTimeFormat } from "./intl.ts";
import { isArabicLocale, localeOf } from "./locales.ts";
import type { Language } from "./preferences.ts";

// Every function here takes the locale to write in (core/locales.ts localeOf: the language and the owner's Arabic
// region), never a language alone, so a date follows the region wherever it is shown.

/**
 * The locale of each language where the owner's region is not known (an API error's text): the default region's.
 * Whatever shows the site's dates and counts asks localeOf with the site's region instead.
 */
export const LOCALES: Record<Language, string> = { en: localeOf("en"), ar: localeOf("ar") };

function toDate(value: string | Date | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The long localised date of the article pages (docs/product.md §2), e.g. "November 22, 2026" / "٢٢ نوفمبر ٢٠٢٦". */
export function formatLongDate(value: string | Date, locale: string, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  return dateTimeFormat(locale, { dateStyle: "long", timeZone }).format(date);
}

/** Arabic day periods (docs/product.md §9): evening from 17, afternoon from 12, morning from 4, otherwise night. */
export function arabicDayPeriod(hour: number): string {
  if (hour >= 17) return "مساءً";
  if (hour >= 12) return "بعد الظهر";
  if (hour >= 4) return "صباحًا";
  return "ليلًا";
}

function hourIn(date: Date, timeZone: string): number {
  const hour = dateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone }).format(date);
  return Number(hour) % 24;
}

/** Long date with the time of day, shown as the full publication time (title of the date). */
export function formatLongDateTime(value: string | Date, locale: string, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  const day = formatLongDate(date, locale, timeZone);
  if (isArabicLocale(locale)) {
    const time = dateTimeFormat(locale, {
      hour: "numeric",
      minute: "2-digit",
      hourCycle: "h12",
      timeZone,
    })
      .formatToParts(date)
      .filter((part) => part.type !== "dayPeriod")
      .map((part) => part.value)
      .join("")
      .trim();
    return `${day}، ${time} ${arabicDayPeriod(hourIn(date, timeZone))}`;
  }
  const time = dateTimeFormat(locale, { timeStyle: "short", timeZone }).format(date);
  return `${day} at ${time}`;
}

/** A short date, as lists show it: "Nov 20, 2026" / "٢٠ نوفمبر ٢٠٢٦". */
export function formatShortDate(value: string | Date | number, locale: string, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  return dateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(date);
}

/** A short date with the time: "Nov 20, 2026, 11:00 AM". */
export function formatShortDateTime(value: string | Date | number, locale: string, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  return dateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(date);
}

/** The time of day: "11:00 AM" / "١١:٠٠ ص". */
export function formatTime(value: string | Date | number, locale: string, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  return dateTimeFormat(locale, { timeStyle: "short", timeZone }).format(date);
}

/** A machine-readable date for <time dateTime>. */
export function isoDate(value: string | Date): string {
  return toDate(value)?.toISOString() ?? "";
}

/** The wall-clock parts of an instant in a time zone. */
function wallClock(date: Date, timeZone: string) {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour") % 24,
    minute: part("minute"),
    second: part("second"),
  };
}

/** An instant as a `datetime-local` value ("2026-12-01T09:30") on the wall clock of `timeZone`. */
export function toZonedInput(value: string | Date, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  const wall = wallClock(date, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * The instant a `datetime-local` value means on the wall clock of `timeZone` (the owner's, docs/product.md §18), or
 * null when it is not a date and time. A wall time skipped by a daylight-saving change is read as the next valid one.
 */
export function fromZonedInput(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at that moment, found from the wall clock it shows; twice, for a change between the two.
  let instant = asUtc;
  for (let round = 0; round < 2; round++) {
    const wall = wallClock(new Date(instant), timeZone);
    const shown = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
    instant = asUtc - (shown - instant);
  }
  return new Date(instant);
}
