import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { apiMessage, type ApiMessageKey } from "../../core/api-messages.ts";
import { readPreferences, type Language } from "../../core/preferences.ts";
import type { TranslateVars } from "../../core/i18n.ts";

/** The one API error shape (ARCHITECTURE "REST API"). */
export interface ApiError {
  error: string;
  issues?: { path: string; message: string }[];
}

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  issues?: ApiError["issues"],
) {
  return c.json<ApiError>(issues ? { error, issues } : { error }, status);
}

/** The visitor's language, from the preference cookie the site sets (spec §3): API errors are written in it. */
export function requestLanguage(c: Context): Language {
  return readPreferences(c.req.header("Cookie")).language;
}

/** An API error whose message comes from the catalogue, in the visitor's language. */
export function apiFail(
  c: Context,
  status: ContentfulStatusCode,
  key: ApiMessageKey,
  vars?: TranslateVars,
  issues?: ApiError["issues"],
) {
  return apiError(c, status, apiMessage(requestLanguage(c), key, vars), issues);
}
