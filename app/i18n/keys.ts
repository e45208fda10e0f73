import type en from "./en.json";

// Every translation key, typed from the English dictionary: `t("no.such.key")` does not compile. The Arabic
// dictionary must have the same keys (app/i18n/dictionaries.server.ts checks it at compile time, a test both
// ways).

/** Plural forms (core/i18n.ts): a message that counts, not a section of more keys. */
type PluralNode = { other: string };

type Leaves<Node, Prefix extends string = ""> = {
  [Key in keyof Node & string]: Node[Key] extends string | PluralNode
    ? `${Prefix}${Key}`
    : Leaves<Node[Key], `${Prefix}${Key}.`>;
}[keyof Node & string];

export type EnglishDictionary = typeof en;
export type TranslationKey = Leaves<EnglishDictionary>;
