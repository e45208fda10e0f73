import { describe, expect, it } from "vitest";
import {
  directionOf,
  parseLanguage,
  parseTheme,
  preferenceCookie,
  readCookie,
  readPreferences,
} from "./preferences.ts";

describe("parseLanguage", () => {
  it.each([
    ["en", "en"],
    ["ar", "ar"],
    ["fr", "en"],
    ["AR", "en"],
    [" ar", "en"],
    ["", "en"],
    [undefined, "en"],
    [null, "en"],
    [1, "en"],
    [["ar"], "en"],
    ['"ar"', "en"],
  ])("%j gives %s", (value, expected) => {
    expect(parseLanguage(value)).toBe(expected);
  });
});

describe("parseTheme", () => {
  it.each([
    ["light", "light"],
    ["dark", "dark"],
    ["Dark", "light"],
    ["system", "light"],
    ["", "light"],
    [undefined, "light"],
    [null, "light"],
    [true, "light"],
    ["dark; ", "light"],
  ])("%j gives %s", (value, expected) => {
    expect(parseTheme(value)).toBe(expected);
  });
});

describe("readCookie", () => {
  it.each([
    ["theme=dark", "dark"],
    ["language=ar; theme=dark", "dark"],
    ["language=ar;theme=dark", "dark"],
    ["  theme = dark  ", "dark"],
    ["theme=dark; theme=light", "dark"],
    ["theme=", ""],
    ["theme=%64ark", "dark"],
    ["theme=a%20b%3Bc", "a b;c"],
    ["theme=a=b", "a=b"],
    ["xtheme=dark", undefined],
    ["theme_old=dark", undefined],
    ["theme", undefined],
    ["language=ar", undefined],
    ["", undefined],
    [null, undefined],
    [undefined, undefined],
  ])("%j gives %j", (header, expected) => {
    expect(readCookie(header, "theme")).toBe(expected);
  });

  it.each(["theme=%E0%A4%A", "theme=%", "theme=100%", "theme=%ZZ"])(
    "treats the malformed encoding in %j as absent instead of throwing",
    (header) => {
      expect(readCookie(header, "theme")).toBeUndefined();
    },
  );

  it("reads a cookie that follows one with a malformed encoding", () => {
    expect(readCookie("other=%E0%A4%A; theme=dark", "theme")).toBe("dark");
  });
});

describe("readPreferences", () => {
  it.each([
    [undefined, { language: "en", theme: "light" }],
    ["", { language: "en", theme: "light" }],
    ["language=ar; theme=dark", { language: "ar", theme: "dark" }],
    ["theme=dark", { language: "en", theme: "dark" }],
    ["language=ar", { language: "ar", theme: "light" }],
    ["language=de; theme=blue", { language: "en", theme: "light" }],
    ["language=%E0%A4%A; theme=dark", { language: "en", theme: "dark" }],
    ["session=abc; language=ar; other=1", { language: "ar", theme: "light" }],
  ])("%j gives %j", (header, expected) => {
    expect(readPreferences(header)).toEqual(expected);
  });
});

describe("directionOf", () => {
  it.each([
    ["ar", "rtl"],
    ["en", "ltr"],
  ] as const)("%s is written %s", (language, direction) => {
    expect(directionOf(language)).toBe(direction);
  });
});

describe("preferenceCookie", () => {
  it("is site-wide, lasts a year and is sent on top-level navigations", () => {
    expect(preferenceCookie("theme", "dark")).toBe("theme=dark; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it.each([
    ["theme", "dark"],
    ["language", "ar"],
    ["language", "a b;c=d"],
    ["theme", "عربي"],
  ] as const)("writes %s=%j so that readCookie reads the same value back", (name, value) => {
    const [pair] = preferenceCookie(name, value).split("; ");
    expect(pair).not.toMatch(/[ ;]/);
    expect(readCookie(pair, name)).toBe(value);
  });

  it("round-trips through readPreferences", () => {
    const header = [preferenceCookie("language", "ar"), preferenceCookie("theme", "dark")]
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    expect(readPreferences(header)).toEqual({ language: "ar", theme: "dark" });
  });
});
