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

  it("writes every number a message names in the language's digits, not only counts", () => {
    expect(translate(messages, "greeting", { name: 12 }, "ar-EG")).toBe("Hello, ١٢!");
    expect(translate(messages, "greeting", { name: 2026 }, "en-US")).toBe("Hello, 2,026!");
    expect(translate(messages, "greeting", { name: "12" }, "ar-EG")).toBe("Hello, 12!");
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

describe("translate with plural forms", () => {
  const arabic: Dictionary = {
    days: {
      zero: "لا أيام",
      one: "يوم واحد",
      two: "يومان",
      few: "{{count}} أيام",
      many: "{{count}} يومًا",
      other: "{{count}} يوم",
    },
  };
  const english: Dictionary = { days: { one: "{{count}} day", other: "{{count}} days" } };

  // Intl.PluralRules for Arabic: 0 zero, 1 one, 2 two, 3–10 few, 11–99 many, 100–102 other.
  it.each([
    [0, "لا أيام"],
    [1, "يوم واحد"],
    [2, "يومان"],
    [3, "٣ أيام"],
    [10, "١٠ أيام"],
    [11, "١١ يومًا"],
    [99, "٩٩ يومًا"],
    [100, "١٠٠ يوم"],
    [102, "١٠٢ يوم"],
    [103, "١٠٣ أيام"],
  ])("Arabic %i gives %j", (count, expected) => {
    expect(translate(arabic, "days", { count }, "ar-EG")).toBe(expected);
  });

  it.each([
    [0, "0 days"],
    [1, "1 day"],
    [2, "2 days"],
    [1500, "1,500 days"],
  ])("English %i gives %j", (count, expected) => {
    expect(translate(english, "days", { count }, "en-US")).toBe(expected);
  });

  it("falls back to the other form when a category is missing", () => {
    expect(translate(english, "days", { count: 2 }, "ar-EG")).toBe("٢ days");
  });

  it("treats plural forms without a count as a missing message", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(translate(english, "days")).toBe("days");
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("lists a set of plural forms as one key", () => {
    expect(listKeys({ a: { b: english.days as Dictionary }, c: "x" })).toEqual(["a.b", "c"]);
  });
});
