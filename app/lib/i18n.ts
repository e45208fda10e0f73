import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { translate, type Dictionary, type TranslateVars } from "#core/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { LOCALES } from "#core/dates.ts";
import { localizePath } from "#core/localized-paths.ts";
import { DEFAULT_LANGUAGE, directionOf, type Language } from "#core/preferences.ts";
import { publicDictionary } from "#app/i18n/public-dictionary.ts";
import type { RootData } from "./root-data.ts";

const NO_MESSAGES: Dictionary = {};

export type Translate = (key: TranslationKey, vars?: TranslateVars) => string;

/** The current language and its translator; a missing key shows the key (docs/product.md §4). */
export function useI18n(): {
  t: Translate;
  language: Language;
  dir: "rtl" | "ltr";
  /** A site path in the current language ("/about" → "/ar/about"): every internal link stays in it. */
  localPath: (path: string) => string;
  /** The locale dates and numbers are written in: the language, and the owner's Arabic region (core/locales.ts). */
  locale: string;
} {
  const data = useRouteLoaderData<RootData>("root");
  const language = data?.language ?? DEFAULT_LANGUAGE;
  const locale = data?.site.locale ?? LOCALES[language];
  const dictionary = data?.dictionary ?? publicDictionary(language) ?? NO_MESSAGES;
  const t = useCallback<Translate>(
    (key, vars) => translate(dictionary, key, vars, locale),
    [dictionary, locale],
  );
  const localPath = useCallback((path: string) => localizePath(path, language), [language]);
  return { t, language, dir: directionOf(language), localPath, locale };
}

/**
 * The attributes of an item's text on a page (decision 015): text in the page's language takes the page's language
 * and direction (its language is known: no guessing from its first letters, which a "Next.js" or a date would get
 * wrong); text shown in the other language (the page's is missing) carries that language and its direction.
 * Where it must line up with the page's text (a list), it is aligned to its end: the page's start.
 */
export function textAttributes(
  textLanguage: Language | null,
): Record<string, never> | { lang: Language; dir: "rtl" | "ltr" } {
  return textLanguage ? { lang: textLanguage, dir: directionOf(textLanguage) } : {};
}
