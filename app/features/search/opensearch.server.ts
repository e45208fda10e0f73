import type { RouterContextProvider } from "react-router";
import { translate } from "#core/i18n.ts";
import { LOCALES } from "#core/dates.ts";
import { localizePath } from "#core/localized-paths.ts";
import type { Language } from "#core/preferences.ts";
import { dictionaries } from "#app/i18n/dictionaries.server.ts";
import { getServices, readSite } from "#app/lib/services.server.ts";

// The OpenSearch description of the site's search in a language (docs/product.md §30): a browser that finds it
// through a page's <link rel="search"> can add the site's search to its own field.

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);

export async function openSearchDescription(
  context: Readonly<RouterContextProvider>,
  request: Request,
  language: Language,
): Promise<Response> {
  const origin = getServices(context).site.origin ?? new URL(request.url).origin;
  const site = await readSite(context, language);
  const text = (key: "search.openSearchName" | "search.description") =>
    translate(dictionaries[language], key, { name: site.name }, LOCALES[language]);
  const template = `${origin}${localizePath("/search", language)}?q={searchTerms}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
  <ShortName>${escapeXml(text("search.openSearchName").slice(0, 16))}</ShortName>
  <Description>${escapeXml(text("search.description"))}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Language>${language}</Language>
  <Image width="16" height="16" type="image/x-icon">${escapeXml(origin)}/favicon.ico</Image>
  <Url type="text/html" method="get" template="${escapeXml(template)}"/>
  <moz:SearchForm>${escapeXml(origin + localizePath("/search", language))}</moz:SearchForm>
</OpenSearchDescription>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/opensearchdescription+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
