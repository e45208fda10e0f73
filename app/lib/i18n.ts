import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { translate, type Messages, type TranslateVars } from "#core/i18n.ts";
import { DEFAULT_LANGUAGE, directionOf, type Language } from "#core/preferences.ts";
import type { RootData } from "./root-data.ts";

const NO_MESSAGES: Messages = {};

export type Translate = (key: string, vars?: TranslateVars) => string;

/** The current language and its translator; a missing key shows the key (spec §4). */
export function useI18n(): { t: Translate; language: Language; dir: "rtl" | "ltr" } {
  const data = useRouteLoaderData<RootData>("root");
  const messages = data?.messages ?? NO_MESSAGES;
  const language = data?.language ?? DEFAULT_LANGUAGE;
  const t = useCallback<Translate>((key, vars) => translate(messages, key, vars), [messages]);
  return { t, language, dir: directionOf(language) };
}
