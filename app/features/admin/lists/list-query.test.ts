import { describe, expect, it } from "vitest";
import { followPage, pageOf, searchWith } from "./list-query.ts";

// Where an admin list stands is its address (docs/product.md §21.2).

describe("pageOf", () => {
  it.each([
    ["", 1],
    ["?page=3", 3],
    ["?page=1000000", 1],
    ["?page=999999", 999_999],
    ["?page=0", 1],
    ["?page=-2", 1],
    ["?page=1.5", 1],
    ["?page=abc", 1],
    ["?page=03", 1],
  ])("%s is page %d", (search, page) => {
    expect(pageOf(new URL(`http://site.test/admin/messages${search}`))).toBe(page);
  });
});

describe("searchWith", () => {
  it.each([
    ["", { page: "2" }, "?page=2"],
    ["?page=2&unread=1", { page: "1" }, "?unread=1"],
    ["?q=a+b&page=4", { q: null, page: null }, ""],
    ["?status=draft", { status: "" }, ""],
    ["?unread=1", { q: "ahmad & co" }, "?unread=1&q=ahmad+%26+co"],
  ] as const)("%s with %o is %s", (search, changes, expected) => {
    expect(searchWith(search, changes)).toBe(expected);
  });
});

describe("followPage", () => {
  it("leaves the address alone when the answer is the page asked for", () => {
    expect(() => followPage(new URL("http://site.test/a/projects?page=2"), { page: 2 })).not.toThrow();
  });

  it("moves the address to the last page the server answered", () => {
    let thrown: unknown;
    try {
      followPage(new URL("http://site.test/a/messages?page=9&unread=1"), { page: 4 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/a/messages?page=4&unread=1");
  });
});
