import type { RouterContextProvider } from "react-router";
import type { Language } from "#core/preferences.ts";
import { getPageRequest, readForPage } from "#app/lib/services.server.ts";

/** The CV page's data (docs/product.md §32): the CV in the page's language, as the PDF shows it too. */
export async function loadCv(context: Readonly<RouterContextProvider>, language: Language) {
  const { origin } = getPageRequest(context);
  const { data, errorKey } = await readForPage(context, "cv", ({ cv }) => cv.view(language, origin));
  return { cv: data, errorKey };
}
