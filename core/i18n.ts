// A deliberately small translator (decision 004). A missing key shows the key itself (docs/product.md §4.4) and
// warns on the console, which fails the test that caused it; the app's keys are typed from the English
// dictionary (app/i18n/keys.ts), so most such mistakes do not even compile.
//
// A message that counts something is a set of plural forms keyed by the language's plural categories
// (Intl.PluralRules: English has "one" and "other", Arabic "zero", "one", "two", "few", "many" and "other"); the
// `count` value picks the form, and is written with the language's digits.

import { formatNumber, pluralRules } from "./intl.ts";

export type PluralForms = { readonly other: string } & { readonly [category: string]: string };
export type Dictionary = { readonly [key: string]: string | Dictionary };
export type TranslateVars = Record<string, string | number>;

export const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;

/** A node of the dictionary that holds plural forms rather than more keys. */
export function isPluralForms(node: unknown): node is PluralForms {
  return (
    typeof node === "object" &&
    node !== null &&
    typeof (node as Record<string, unknown>).other === "string" &&
    Object.entries(node).every(
      ([key, value]) => typeof value === "string" && (PLURAL_CATEGORIES as readonly string[]).includes(key),
    )
  );
}

function lookupNode(dictionary: Dictionary, key: string): string | Dictionary | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

/** Whether `key` names a message: one text, or a set of plural forms. */
export function hasMessage(dictionary: Dictionary, key: string): boolean {
  const node = lookupNode(dictionary, key);
  return typeof node === "string" || isPluralForms(node);
}

export function lookupMessage(dictionary: Dictionary, key: string): string | undefined {
  const node = lookupNode(dictionary, key);
  return typeof node === "string" ? node : undefined;
}

/**
 * The message for `key` in `locale` (a BCP 47 tag: "en-US", "ar-EG"), its {{placeholders}} filled; plural forms
 * are chosen by `vars.count`.
 */
export function translate(
  dictionary: Dictionary,
  key: string,
  vars?: TranslateVars,
  locale = "en-US",
): string {
  const node = lookupNode(dictionary, key);
  let message: string | undefined;
  let values = vars;
  if (typeof node === "string") message = node;
  else if (isPluralForms(node) && typeof vars?.count === "number") {
    const category = pluralRules(locale).select(vars.count);
    message = node[category] ?? node.other;
    values = { ...vars, count: formatNumber(vars.count, locale) };
  }
  if (message === undefined) {
    console.warn(`Missing translation: "${key}" is shown as it is`);
    return key;
  }
  if (!values) return message;
  const filled = values;
  // One rule for numbers: every number a message names is written in the language's digits, as counts are.
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    if (!(name in filled)) return whole;
    const value = filled[name];
    return typeof value === "number" ? formatNumber(value, locale) : String(value);
  });
}

/** Every dotted key of a dictionary (a set of plural forms is one key); the test that both languages agree uses it. */
export function listKeys(dictionary: Dictionary, prefix = ""): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === "string" || isPluralForms(value) ? [prefix + key] : listKeys(value, `${prefix}${key}.`),
  );
}
