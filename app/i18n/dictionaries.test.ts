import { describe, expect, it } from "vitest";
import { listKeys, lookupMessage } from "#core/i18n.ts";
import ar from "./ar.json";
import en from "./en.json";

const enKeys = listKeys(en);
const arKeys = listKeys(ar);

// Every key the app uses exists in English, or the app does not compile (app/i18n/keys.ts); these tests hold
// the Arabic dictionary to the English one.

// Texts that are the same in both languages on purpose: brand names, the language names themselves, and
// title templates made only of placeholders.
const SAME_IN_BOTH = new Set([
  "nav.english",
  "nav.arabic",
  "footer.github",
  "footer.linkedin",
  "meta.home",
  "meta.article",
]);

describe("dictionaries", () => {
  it("have exactly the same keys in English and Arabic", () => {
    expect(arKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !arKeys.includes(key))).toEqual([]);
  });

  it("have real Arabic, not copies of the English", () => {
    const copied = enKeys.filter(
      (key) => !SAME_IN_BOTH.has(key) && lookupMessage(ar, key) === lookupMessage(en, key),
    );
    expect(copied).toEqual([]);
    const withoutArabicLetters = arKeys.filter(
      (key) => !SAME_IN_BOTH.has(key) && !/[\u0600-\u06FF]/.test(lookupMessage(ar, key) ?? ""),
    );
    expect(withoutArabicLetters).toEqual([]);
  });

  it("keep the same placeholders in both languages", () => {
    const placeholders = (text: string | undefined) =>
      [...(text ?? "").matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const different = enKeys.filter(
      (key) =>
        JSON.stringify(placeholders(lookupMessage(en, key))) !==
        JSON.stringify(placeholders(lookupMessage(ar, key))),
    );
    expect(different).toEqual([]);
  });
});
