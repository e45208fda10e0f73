// Checked by `tsc` in `npm test` (this file runs nothing): if one of the lines marked @ts-expect-error ever
// compiles, the type check fails with "Unused '@ts-expect-error' directive".
import type { Translate } from "#app/lib/i18n.ts";
import type { EnglishDictionary, TranslationKey } from "./keys.ts";
import en from "./en.json";

export const known: TranslationKey = "nav.home";
// @ts-expect-error a key the English dictionary does not have
export const unknown: TranslationKey = "no.such.key";
// @ts-expect-error a section is not a message
export const section: TranslationKey = "nav";

export function callers(t: Translate) {
  // @ts-expect-error the translator takes keys of the dictionary only
  t("no.such.key");
  return t("articles.title");
}

const { nav, ...withoutNav } = en;
export const complete: EnglishDictionary = { ...withoutNav, nav };
// @ts-expect-error an Arabic (or any) dictionary missing a section of the English one does not compile
export const incomplete: EnglishDictionary = withoutNav;
