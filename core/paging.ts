// Lists a page at a time (docs/product.md §2.5, §7, §18.9, §21): the public pages' lists, the API's and the admin's. The numbers and
// shapes here are shared by the server and the browser; reading the query parameters and one page of rows is the
// server's (server/http/paging.ts).

/** Articles on a page of the public lists, the articles and a tag's (docs/product.md §18.9). */
export const ARTICLES_PER_PAGE = 10;
/** Projects on a page of the projects page (docs/product.md §2.5): full rows of 1, 2 or 3 columns. */
export const PROJECTS_PER_PAGE = 12;
/** How many rows a page of the admin, and of the public API's lists, holds, unless the request names another size. */
export const ADMIN_PAGE_SIZE = 25;
/** The largest page a request may ask for. */
export const MAX_PAGE_SIZE = 100;
/** The highest page number a request may name (a later page than the last answers the last). */
export const MAX_PAGE_NUMBER = 1_000_000;

/**
 * The page number a public list's address asks for (`?page=`): 1 when absent; null for anything that is not a
 * whole number from 1, which is the list's 404 (docs/product.md §15.1).
 */
export function requestedPage(searchParams: URLSearchParams): number | null {
  const raw = searchParams.get("page");
  if (raw === null) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

/**
 * The query of a page of a public list as its canonical address writes it (docs/product.md §15.1): the filter
 * first, then the page from 2 on; empty for page 1 of the whole list.
 */
export function listSearch(page: number, filter: Record<string, string> = {}): string {
  const params = new URLSearchParams(filter);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** A page of a list: its rows, and how many there are in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** One page of an admin list (docs/product.md §21): which page it is (from 1) and how many rows a page holds. */
export interface ListPage<T> extends Page<T> {
  page: number;
  perPage: number;
}

/** How many pages `total` rows fill: at least one, even when there are none. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The page numbers a list shows (docs/product.md §18.9): the first, the last, and two on each side of the current
 * one, with a gap (null) where pages are left out; so the links stay few however long the list grows.
 */
export function visiblePages(page: number, pages: number, around = 2): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let number = page - around; number <= page + around; number++)
    if (number >= 1 && number <= pages) shown.add(number);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((number, index) => {
    const previous = sorted[index - 1];
    if (previous === undefined || number === previous + 1) return [number];
    // One page left out is shown rather than a gap standing for it.
    return number === previous + 2 ? [previous + 1, number] : [null, number];
  });
}
