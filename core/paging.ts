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
