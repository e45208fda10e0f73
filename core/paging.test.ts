import { describe, expect, it } from "vitest";
import { visiblePages } from "./paging.ts";

describe("visiblePages", () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 100, [1, 2, 3, null, 100]],
    [50, 100, [1, null, 48, 49, 50, 51, 52, null, 100]],
    [100, 100, [1, null, 98, 99, 100]],
    [4, 8, [1, 2, 3, 4, 5, 6, 7, 8]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, null, 10]],
  ])("page %i of %i shows %j", (page, pages, expected) => {
    expect(visiblePages(page, pages)).toEqual(expected);
  });
});
