// A deliberately small translator (decision 005). A missing key shows the key itself (docs/product.md §4.4) and
// warns on the console, which fails the test that caused it; the app's keys are typed from the English
// dictionary (app/i18n/keys.ts), so most such mistakes do not even compile.

export type Dictionary = { readonly [key: string]: string | Dictionary };
export type TranslateVars = Record<string, string | number>;

export function lookupMessage(dictionary: Dictionary, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function translate(dictionary: Dictionary, key: string, vars?: TranslateVars): string {
  const message = lookupMessage(dictionary, key);
  if (message === undefined) {
    console.warn(`Missing translation: "${key}" is shown as it is`);
    return key;
  }
  if (!vars) return message;
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** Every dotted key of a dictionary; the test that both languages agree uses it. */
export function listKeys(dictionary: Dictionary, prefix = ""): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === "string" ? [prefix + key] : listKeys(value, `${prefix}${key}.`),
  );
}
