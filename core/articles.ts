import type { Language } from "./preferences.ts";

const OTHER: Record<Language, Language> = { en: "ar", ar: "en" };

/** A localised field with the spec's fallback (§3): the other language when the current one is empty. */
export function pickLocalized(
  row: Record<string, unknown>,
  field: "title" | "excerpt" | "content",
  language: Language,
): string {
  const own = row[`${field}_${language}`];
  if (typeof own === "string" && own.trim() !== "") return own;
  const other = row[`${field}_${OTHER[language]}`];
  if (typeof other === "string" && other.trim() !== "") return other;
  const plain = row[field];
  return typeof plain === "string" ? plain : "";
}
