import type { Language } from "./preferences.ts";

/** The locale each language formats dates and numbers in (Arabic with Arabic-Indic digits). */
export const LOCALES: Record<Language, string> = { en: "en-US", ar: "ar-EG" };

function toDate(value: string | Date | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The long localised date of the article pages (docs/product.md §2), e.g. "November 22, 2026" / "٢٢ نوفمبر ٢٠٢٦". */
export function formatLongDate(value: string | Date, language: Language, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeZone }).format(date);
}

/** Arabic day periods (docs/product.md §9): evening from 17, afternoon from 12, morning from 4, otherwise night. */
export function arabicDayPeriod(hour: number): string {
  if (hour >= 17) return "مساءً";
  if (hour >= 12) return "بعد الظهر";
  if (hour >= 4) return "صباحًا";
  return "ليلًا";
}

function hourIn(date: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone }).format(date);
  return Number(hour) % 24;
}

/** Long date with the time of day, shown as the full publication time (title of the date). */
export function formatLongDateTime(value: string | Date, language: Language, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  const day = formatLongDate(date, language, timeZone);
  if (language === "ar") {
    const time = new Intl.DateTimeFormat(LOCALES.ar, {
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
  const time = new Intl.DateTimeFormat(LOCALES.en, { timeStyle: "short", timeZone }).format(date);
  return `${day} at ${time}`;
}

/** A short date, as lists show it: "Nov 20, 2026" / "٢٠ نوفمبر ٢٠٢٦". */
export function formatShortDate(value: string | Date | number, language: Language, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "medium", timeZone }).format(date);
}

/** A short date with the time: "Nov 20, 2026, 11:00 AM". */
export function formatShortDateTime(
  value: string | Date | number,
  language: Language,
  timeZone: string,
): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(date);
}

/** The time of day: "11:00 AM" / "١١:٠٠ ص". */
export function formatTime(value: string | Date | number, language: Language, timeZone: string): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LOCALES[language], { timeStyle: "short", timeZone }).format(date);
}

/** A machine-readable date for <time dateTime>. */
export function isoDate(value: string | Date): string {
  return toDate(value)?.toISOString() ?? "";
}
