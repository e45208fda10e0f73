import { languageOfPath } from "#core/localized-paths.ts";
import type { Language } from "#core/preferences.ts";

/** The language of the page a request is for: its address says it (docs/product.md §16). */
export function requestLanguage(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}
