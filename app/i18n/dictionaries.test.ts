import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listKeys, lookupMessage } from "#core/i18n.ts";
import ar from "./ar.json";
import en from "./en.json";

const enKeys = listKeys(en);
const arKeys = listKeys(ar);

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

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|ts)$/.test(name) && !name.endsWith(".test.ts") ? [full] : [];
  });
}

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

  it("contain every key the app asks for by name", () => {
    const appDir = path.resolve(import.meta.dirname, "..");
    const used = new Set<string>();
    for (const file of sourceFiles(appDir)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(
        /["'`]((?:nav|footer|common|home|about|services|projects|articles|editor|contact|imageField|admin|errors|notFound|errorPage|meta)(?:\.[A-Za-z0-9]+)+)["'`]/g,
      )) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !enKeys.includes(key))).toEqual([]);
  });
});
