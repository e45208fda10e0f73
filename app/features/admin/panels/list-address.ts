// Where the admin's lists stand (docs/product.md §21) is kept in the address's query (`?inbox=3&q=…`), replaced in
// place rather than pushed: leaving the admin and coming back with the browser's Back button, or reloading, shows
// the same page, filter and search. React Router's own entry (history.state) is kept as it is.

/** A parameter of the admin's address, or null. */
export function readListParam(name: string): string | null {
  if (typeof window === "undefined") return null;
  return new URLSearchParams(window.location.search).get(name);
}

/** A page number from the address: a whole number from 1, else 1. */
export function readPageParam(name: string): number {
  const value = readListParam(name);
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** Sets (or, for null and the defaults "" and "1", removes) parameters of the admin's address. */
export function writeListParams(params: Record<string, string | null>) {
  if (typeof window === "undefined") return;
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === "" || value === "1") url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
}
