import type { RouterContextProvider } from "react-router";
import { formatLongDate } from "#core/dates.ts";
import { localeOf } from "#core/locales.ts";
import { pageCount } from "#core/paging.ts";
import type { Language } from "#core/preferences.ts";
import { localizePath } from "#core/localized-paths.ts";
import { itemPath } from "#core/slugs.ts";
import { getPageRequest, readForPage, readSite } from "#app/lib/services.server.ts";
import type { SearchHit } from "#server/features/search/service.ts";
import { MAX_SEARCH_INPUT, type SearchPage, type SearchResult } from "./search-result.ts";

// The search page's data (docs/product.md §30): a page of results, or the latest items when there are none; a 400
// for a query too long to be meant, a 429 for an address searching faster than a person does.

export async function loadSearchPage(
  context: Readonly<RouterContextProvider>,
  language: Language,
  request: Request,
): Promise<SearchPage> {
  const url = new URL(request.url);
  const query = url.searchParams.get("q") ?? "";
  const page = Math.min(Number(/^[1-9]\d{0,5}$/.exec(url.searchParams.get("page") ?? "")?.[0] ?? 1), 100_000);
  const base: SearchPage = {
    status: 200,
    query: query.slice(0, MAX_SEARCH_INPUT),
    problem: null,
    errorKey: null,
    items: [],
    total: 0,
    ownTotal: 0,
    page: 1,
    pages: 1,
    latest: [],
  };
  if (query.trim() === "") return base;
  if (query.length > MAX_SEARCH_INPUT) return { ...base, status: 400, problem: "tooLong", query: "" };
  const [site, english, arabic] = await Promise.all([
    readSite(context, language),
    readSite(context, "en"),
    readSite(context, "ar"),
  ]);
  const { timeZone, arabicRegion } = site;
  const services = english.services.map((service, index) => ({
    number: index + 1,
    en: service,
    ar: arabic.services[index] ?? service,
  }));
  const pathOf = (hit: SearchHit): string => {
    if (hit.kind === "service") return `${localizePath("/services", hit.language)}#service-${hit.slug}`;
    if (hit.kind === "tag") return localizePath(`/articles/tag/${hit.slug}`, hit.language);
    const section = hit.kind === "article" ? "articles" : "projects";
    return itemPath(section, { en: hit.slug, ar: hit.slug }, hit.language);
  };
  const shown = (hit: SearchHit): SearchResult => ({
    ...hit,
    path: pathOf(hit),
    dateText: hit.date ? formatLongDate(hit.date, localeOf(hit.language, arabicRegion), timeZone) : "",
  });
  const read = await readForPage(context, "search", async ({ search, visits }) => {
    const wait = await search.waitFor(getPageRequest(context).address);
    if (wait > 0) return { wait };
    const results = await search.find({ query, language, page, services });
    const latest = results.total === 0 ? await search.latest(language) : [];
    // Counted for the owner's Visits (docs/product.md §27): how many, and what found nothing; never who.
    if (page === 1) visits.search(request, language, query, results.total > 0);
    return { wait: 0, results, latest };
  });
  if (!read.data) return { ...base, errorKey: read.errorKey };
  if (read.data.wait > 0 || !read.data.results) return { ...base, status: 429, problem: "tooMany" };
  const { results, latest } = read.data;
  return {
    ...base,
    items: results.items.map(shown),
    total: results.total,
    ownTotal: results.ownTotal,
    page: results.page,
    pages: pageCount(results.pagedTotal, results.perPage),
    latest: (latest ?? []).map(shown),
  };
}
