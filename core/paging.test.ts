import { describe, expect, it } from "vitest";
import { listSearch, requestedPage, visiblePages } from "./paging.ts";

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

describe("listSearch", () => {
  it.each([
    [1, undefined, ""],
    [2, undefined, "?page=2"],
    [1, { category: "React Native" }, "?category=React+Native"],
    [3, { category: "ويب" }, "?category=%D9%88%D9%8A%D8%A8&page=3"],
  ])("page %i of %j is %s, the canonical address's query", (page, filter, expected) => {
    expect(listSearch(page, filter)).toBe(expected);
  });
});

describe("requestedPage", () => {
  it.each([
    ["", 1],
    ["?page=1", 1],
    ["?page=12", 12],
    ["?page=0", null],
    ["?page=02", null],
    ["?page=abc", null],
    ["?page=1234567", null],
  ])("%s asks for page %j", (search, expected) => {
    expect(requestedPage(new URLSearchParams(search))).toBe(expected);
  });
});
