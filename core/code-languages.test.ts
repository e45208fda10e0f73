import { describe, expect, it } from "vitest";
import {
  CODE_LANGUAGES,
  codeLanguageFromClass,
  createCodeLowlight,
  toCodeLanguage,
} from "./code-languages.ts";

describe("CODE_LANGUAGES (docs/product.md §10)", () => {
  it("are the product's ten, in its order (docs/product.md §10.3)", () => {
    expect(CODE_LANGUAGES.map((language) => language.label)).toEqual([
      "HTML/XML",
      "JavaScript",
      "CSS",
      "PHP",
      "Ruby",
      "Python",
      "Java",
      "C",
      "C#",
      "C++",
    ]);
  });

  it("are exactly what the highlighter knows", () => {
    expect(createCodeLowlight().listLanguages().sort()).toEqual(CODE_LANGUAGES.map((l) => l.id).sort());
  });
});

describe("toCodeLanguage", () => {
  it.each([
    ["javascript", "javascript"],
    ["JavaScript", "javascript"],
    [" python ", "python"],
    ["csharp", "csharp"],
    ["markup", "xml"],
    ["html", "xml"],
    ["js", "javascript"],
    ["cs", "csharp"],
    ["c#", "csharp"],
    ["c++", "cpp"],
    ["rb", "ruby"],
    ["typescript", null],
    ["bash", null],
    ["", null],
    [null, null],
    [undefined, null],
    ["constructor", null],
    ["__proto__", null],
  ])("%j → %j", (name, expected) => {
    expect(toCodeLanguage(name)).toBe(expected);
  });
});

describe("codeLanguageFromClass", () => {
  it.each([
    ["language-php", "php"],
    ["language-markup", "xml"],
    ["line-numbers language-java", "java"],
    ["LANGUAGE-CSS", "css"],
    ["language-typescript language-javascript", "javascript"],
    ["language-typescript", null],
    ["lang-php", null],
    ["php", null],
    ["", null],
    [null, null],
  ])("%j → %j", (className, expected) => {
    expect(codeLanguageFromClass(className)).toBe(expected);
  });
});
