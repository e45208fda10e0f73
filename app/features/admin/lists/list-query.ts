import { startTransition, useOptimistic } from "react";
import { replace, useLocation, useNavigate, useNavigation } from "react-router";
import type { ListPage } from "#core/paging.ts";

// Where an admin list stands is in its address (docs/product.md §21.2): `?page=3`, `?page=2&status=draft`,
// `?unread=1&q=…`. Reload, Back and a shared link show the same page; each list's loader reads it from there.

/** The page an address asks for: a whole number from 1 (a page of 1 to 1,000,000), else 1. */
export function pageOf(url: URL): number {
  const value = url.searchParams.get("page");
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** The search part of an address with `changes` made; null, "" and a page of "1" remove their parameter. */
export function searchWith(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "" || (name === "page" && value === "1")) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * A page past the last one answers the last (the server's rule, decision 009): the address follows it, in place,
 * so it never names a page the list does not show (after deleting the last items of the last page).
 */
export function followPage(url: URL, answer: Pick<ListPage<unknown>, "page">): void {
  if (answer.page !== pageOf(url))
    throw replace(`${url.pathname}${searchWith(url.search, { page: String(answer.page) })}`);
}

/**
 * The parameters of the address a list is going to: the one being loaded while a filter changes, so the filter
 * shows the owner's choice at once, else the current one.
 */
export function useListParams(): URLSearchParams {
  const pending = useNavigation().location;
  const current = useLocation();
  return new URLSearchParams((pending?.pathname === current.pathname ? pending : current).search);
}

/**
 * A filter the address holds (`?status=`, `?unread=1`, `?action=`), from its first page: the control shows the
 * owner's choice at once and keeps it while the filtered page loads (React's optimistic state lasts as long as the
 * navigation's transition), then the address says it. `shown` is the value the address holds now.
 */
export function useAddressFilter(name: string, shown: string): [string, (value: string | null) => void] {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [value, show] = useOptimistic(shown);
  const change = (next: string | null) =>
    startTransition(async () => {
      show(next ?? "");
      await navigate(
        { search: searchWith(search, { [name]: next, page: null }) },
        { preventScrollReset: true },
      );
    });
  return [value, change];
}
