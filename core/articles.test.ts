import { describe, expect, it } from "vitest";
import { pickLocalized, titleLanguage } from "./articles.ts";

describe("pickLocalized", () => {
  // docs/product.md §3: the current language's text, else the other language's when the current one is empty.
  it.each([
    ["own language", { title_en: "Hello", title_ar: "مرحبا" }, "en", "Hello"],
    ["own language (ar)", { title_en: "Hello", title_ar: "مرحبا" }, "ar", "مرحبا"],
    ["English falls back to Arabic", { title_en: "", title_ar: "مرحبا" }, "en", "مرحبا"],
    ["Arabic falls back to English", { title_en: "Hello", title_ar: "" }, "ar", "Hello"],
    ["whitespace-only English counts as empty", { title_en: "  \n\t", title_ar: "مرحبا" }, "en", "مرحبا"],
    ["whitespace-only Arabic counts as empty", { title_en: "Hello", title_ar: "   " }, "ar", "Hello"],
    ["a missing field counts as empty", { title_ar: "مرحبا" }, "en", "مرحبا"],
    ["a null field counts as empty", { title_en: null, title_ar: "مرحبا" }, "en", "مرحبا"],
    [
      "both empty: the plain field",
      { title: "Legacy title", title_en: "", title_ar: " " },
      "ar",
      "Legacy title",
    ],
    ["both empty and no plain field", { title_en: "", title_ar: "" }, "en", ""],
    ["nothing at all", {}, "ar", ""],
    ["text is returned untrimmed", { title_en: "  Hello  " }, "en", "  Hello  "],
  ] as const)("%s", (_case, row, language, expected) => {
    expect(pickLocalized(row, "title", language)).toBe(expected);
  });

  it.each([
    ["excerpt", "en", "Arabic excerpt"],
    ["content", "ar", "English content"],
  ] as const)("applies the same fallback to %s (%s)", (field, language, expected) => {
    const row = {
      excerpt_en: "",
      excerpt_ar: "Arabic excerpt",
      content_en: "English content",
      content_ar: "",
    };
    expect(pickLocalized(row, field, language)).toBe(expected);
  });

  it("does not borrow another field's text", () => {
    const row: Record<string, string> = { title_en: "Title", content_en: "" };
    expect(pickLocalized(row, "content", "en")).toBe("");
  });
});

describe("titleLanguage", () => {
  it.each([
    [{ title_en: "Hello", title_ar: "مرحبا" }, "en", "en"],
    [{ title_en: "Hello", title_ar: "مرحبا" }, "ar", "ar"],
    [{ title_en: "", title_ar: "مرحبا" }, "en", "ar"],
    [{ title_en: "Hello", title_ar: "" }, "ar", "en"],
    // A copy an earlier version made of the other language's title is in that language.
    [{ title_en: "مرحبا", title_ar: "مرحبا" }, "en", "ar"],
    [{ title_en: "Hello", title_ar: "Hello" }, "ar", "en"],
  ] as const)("%j in %s → %s", (row, language, expected) => {
    expect(titleLanguage(row, language)).toBe(expected);
  });
});
