// A deliberately small translator (decision 005): a missing key shows the key itself (spec §4).

export type Messages = { readonly [key: string]: string | Messages };
export type TranslateVars = Record<string, string | number>;

export function lookupMessage(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function translate(messages: Messages, key: string, vars?: TranslateVars): string {
  const message = lookupMessage(messages, key);
  if (message === undefined) return key;
  if (!vars) return message;
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** Every dotted key of a dictionary; the test that both languages agree uses it. */
export function listKeys(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string" ? [prefix + key] : listKeys(value, `${prefix}${key}.`),
  );
}
