import { describe, expect, it } from "vitest";
import { apiErrorTexts } from "#core/api-errors.ts";
import { type Dictionary, isPluralForms, listKeys, lookupMessage } from "#core/i18n.ts";
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
  "admin.settings.fields.github",
  "admin.settings.fields.linkedin",
  "meta.home",
  "meta.article",
  "meta.project",
]);

// A key's texts: one message, or each of its plural forms joined (so the checks below see every form).
function texts(dictionary: Dictionary, key: string): string | undefined {
  const message = lookupMessage(dictionary, key);
  if (message !== undefined) return message;
  let node: unknown = dictionary;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return isPluralForms(node) ? Object.values(node).join(" | ") : undefined;
}

function pluralNodes(dictionary: Dictionary, prefix = ""): [string, Record<string, string>][] {
  return Object.entries(dictionary).flatMap(([key, value]) => {
    if (typeof value === "string") return [];
    if (isPluralForms(value)) return [[prefix + key, value] as [string, Record<string, string>]];
    return pluralNodes(value, `${prefix}${key}.`);
  });
}

const unique = (value: string | undefined, index: number, all: (string | undefined)[]) =>
  all.indexOf(value) === index;

describe("dictionaries", () => {
  it("have exactly the same keys in English and Arabic", () => {
    expect(arKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !arKeys.includes(key))).toEqual([]);
  });

  it("have real Arabic, not copies of the English", () => {
    const copied = enKeys.filter((key) => !SAME_IN_BOTH.has(key) && texts(ar, key) === texts(en, key));
    expect(copied).toEqual([]);
    const withoutArabicLetters = arKeys.filter(
      (key) => !SAME_IN_BOTH.has(key) && !/[\u0600-\u06FF]/.test(texts(ar, key) ?? ""),
    );
    expect(withoutArabicLetters).toEqual([]);
  });

  it("count in every plural form of each language (Arabic has six)", () => {
    const dictionaries = [
      ["en", en, ["one", "other"]],
      ["ar", ar, ["zero", "one", "two", "few", "many", "other"]],
      ["api en", apiErrorTexts.en as Dictionary, ["one", "other"]],
      ["api ar", apiErrorTexts.ar as Dictionary, ["zero", "one", "two", "few", "many", "other"]],
    ] as const;
    for (const [name, dictionary, categories] of dictionaries) {
      const nodes = pluralNodes(dictionary);
      expect(nodes.length, name).toBeGreaterThan(0);
      for (const [key, forms] of nodes)
        expect(Object.keys(forms).sort(), `${name} ${key}`).toEqual([...categories].sort());
    }
  });

  it("keep the same placeholders in both languages", () => {
    const placeholders = (text: string | undefined) =>
      [...(text ?? "").matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const different = enKeys.filter(
      (key) =>
        JSON.stringify(placeholders(texts(en, key)).filter(unique)) !==
        JSON.stringify(placeholders(texts(ar, key)).filter(unique)),
    );
    expect(different).toEqual([]);
  });
});
