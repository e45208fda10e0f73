import { describe, expect, it } from "vitest";
import { alternatePaths, languageOfPath, localizePath, pathWithoutLanguage } from "./localized-paths.ts";

describe("languageOfPath", () => {
  it.each([
    ["/", "en"],
    ["/about", "en"],
    ["/articles/hello", "en"],
    ["/arabic-food", "en"],
    ["/ar", "ar"],
    ["/ar/", "ar"],
    ["/ar/about", "ar"],
    ["/ar/articles/hello", "ar"],
    ["/ar.data", "ar"],
    ["/ar/about.data", "ar"],
    ["/_root.data", "en"],
    ["/art", "en"],
  ] as const)("%s is %s", (path, language) => {
    expect(languageOfPath(path)).toBe(language);
  });
});

describe("pathWithoutLanguage", () => {
  it.each([
    ["/ar", "/"],
    ["/ar/", "/"],
    ["/ar/about", "/about"],
    ["/ar/articles/x", "/articles/x"],
    ["/about", "/about"],
    ["/", "/"],
    ["/ar.data", "/"],
  ])("%s → %s", (path, expected) => {
    expect(pathWithoutLanguage(path)).toBe(expected);
  });
});

describe("localizePath", () => {
  it.each([
    ["/", "ar", "/ar"],
    ["/about", "ar", "/ar/about"],
    ["/articles/a-b?page=2#top", "ar", "/ar/articles/a-b?page=2#top"],
    ["/ar/about", "en", "/about"],
    ["/ar", "en", "/"],
    ["/ar/contact?sent=1", "ar", "/ar/contact?sent=1"],
    ["/about", "en", "/about"],
    ["?page=2", "ar", "/ar?page=2"],
  ] as const)("%s in %s is %s", (path, language, expected) => {
    expect(localizePath(path, language)).toBe(expected);
  });

  it("gives each page both addresses", () => {
    expect(alternatePaths("/ar/projects")).toEqual({ en: "/projects", ar: "/ar/projects" });
    expect(alternatePaths("/")).toEqual({ en: "/", ar: "/ar" });
  });
});
