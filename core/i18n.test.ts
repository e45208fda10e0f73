import { describe, expect, it, vi } from "vitest";
import { listKeys, lookupMessage, translate, type Dictionary } from "./i18n.ts";

const messages: Dictionary = {
  title: "My Projects",
  nav: { home: "Home", menu: { open: "Open menu" } },
  greeting: "Hello, {{name}}!",
  spaced: "{{ count }} projects",
  twice: "{{name}} and {{name}}",
  two: "{{from}} → {{to}}",
};

describe("translate", () => {
  it.each([
    ["title", "My Projects"],
    ["nav.home", "Home"],
    ["nav.menu.open", "Open menu"],
  ])("%s gives %j", (key, expected) => {
    expect(translate(messages, key)).toBe(expected);
  });

  // docs/product.md §4 and §8: a missing translation key shows the key itself.
  it.each([
    "missing",
    "nav.missing",
    "nav.menu.open.deeper",
    "title.deeper",
    "nav",
    "nav.menu",
    "",
    "nav.",
    "constructor",
    "toString",
    "__proto__",
  ])("shows the key %j when it names no message, and warns", (key) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(translate(messages, key)).toBe(key);
    expect(warn).toHaveBeenCalledWith(`Missing translation: "${key}" is shown as it is`);
    warn.mockRestore();
  });

  it.each([
    ["greeting", { name: "Mona" }, "Hello, Mona!"],
    ["spaced", { count: 3 }, "3 projects"],
    ["spaced", { count: 0 }, "0 projects"],
    ["twice", { name: "A" }, "A and A"],
    ["two", { from: "en", to: "ar" }, "en → ar"],
    ["greeting", { other: "x" }, "Hello, {{name}}!"],
    ["greeting", {}, "Hello, {{name}}!"],
    ["greeting", { name: "$& $1" }, "Hello, $& $1!"],
    ["title", { name: "unused" }, "My Projects"],
  ])("%s with %j gives %j", (key, vars, expected) => {
    expect(translate(messages, key, vars)).toBe(expected);
  });

  it("shows a missing key as it is even with values", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(translate(messages, "missing.key", { name: "x" })).toBe("missing.key");
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("leaves placeholders alone when no values are given", () => {
    expect(translate(messages, "greeting")).toBe("Hello, {{name}}!");
  });
});

describe("lookupMessage", () => {
  it("tells a missing key apart from a message", () => {
    expect(lookupMessage(messages, "nav.home")).toBe("Home");
    expect(lookupMessage(messages, "nav.away")).toBeUndefined();
    expect(lookupMessage(messages, "nav")).toBeUndefined();
  });
});

describe("listKeys", () => {
  it("lists every dotted key of nested dictionaries, in order", () => {
    expect(listKeys(messages)).toEqual([
      "title",
      "nav.home",
      "nav.menu.open",
      "greeting",
      "spaced",
      "twice",
      "two",
    ]);
  });

  it.each([
    [{}, []],
    [{ a: {} }, []],
    [{ a: "x" }, ["a"]],
    [{ a: { b: { c: { d: "x" } } } }, ["a.b.c.d"]],
  ] as [Dictionary, string[]][])("%j gives %j", (dictionary, keys) => {
    expect(listKeys(dictionary)).toEqual(keys);
  });
});
