import { z } from "zod";
import type { ApiErrorKey } from "#core/api-errors.ts";
import { ADMIN_PAGE_SIZE, MAX_PAGE_NUMBER, MAX_PAGE_SIZE, pageCount, type ListPage } from "#core/paging.ts";

// The query parameters every paged list of the admin takes, and reading one page of rows (docs/product.md §21);
// the numbers and shapes of a page are core/paging.ts.
// A parameter that is not what it should be answers 400 in the visitor's language (queryParams in validate.ts).

/** A whole number from 1 to `max` written in digits, or `fallback` when the parameter is absent. */
function wholeNumberParam(key: ApiErrorKey, max: number, fallback: number) {
  // Anything else, a repeated parameter (an array) too, gets the one message naming the range.
  return z
    .custom<string>(
      (value) => typeof value === "string" && /^\d{1,9}$/.test(value) && +value >= 1 && +value <= max,
      { error: key, params: { max } },
    )
    .optional()
    .transform((value) => (value === undefined ? fallback : Number(value)));
}

/** `?page=`: a whole number from 1 to `max`, 1 when absent. */
export const pageParam = (max: number) => wholeNumberParam("pageInvalid", max, 1);

/** `?page=` (from 1; past the last page answers the last) and `?perPage=` (1 to 100, 25 when absent). */
export const PagingQuerySchema = z.object({
  page: pageParam(MAX_PAGE_NUMBER),
  perPage: wholeNumberParam("perPageInvalid", MAX_PAGE_SIZE, ADMIN_PAGE_SIZE),
});

export type PagingQuery = z.output<typeof PagingQuerySchema>;

/** The longest filter of an owner's list, in characters. */
export const MAX_LIST_FILTER_LENGTH = 200;

/**
 * `?q=`: words an owner's list is narrowed to, matched as the site's search matches (searchTooLong past
 * MAX_LIST_FILTER_LENGTH; no control character, which PostgreSQL's text does not take); "" when absent.
 */
export const listFilterParam = z
  .string({ error: "searchInvalid" })
  .max(MAX_LIST_FILTER_LENGTH, { error: "searchTooLong" })
  .refine((value) => ![...value].some((character) => character < " " || character === "\u007f"), {
    error: "searchInvalid",
  })
  .optional()
  .transform((value) => value?.trim() ?? "");

/**
 * One page of rows and how many match in all. A page past the last answers the last one (after a delete emptied
 * the page the admin was on), and says which page it is.
 */
export async function readPage<T>(
  query: PagingQuery,
  countRows: () => Promise<number>,
  readRows: (limit: number, offset: number) => Promise<T[]>,
): Promise<ListPage<T>> {
  const { page, perPage } = query;
  const [total, rows] = await Promise.all([countRows(), readRows(perPage, (page - 1) * perPage)]);
  const last = pageCount(total, perPage);
  if (page <= last) return { items: rows, total, page, perPage };
  return { items: await readRows(perPage, (last - 1) * perPage), total, page: last, perPage };
}
