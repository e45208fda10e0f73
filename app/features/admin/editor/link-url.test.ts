import { describe, expect, it } from "vitest";
import { isAllowedLinkUrl, toLinkHref } from "./link-url.ts";

describe("toLinkHref", () => {
  it.each([
    ["https://example.com/a?b=1#c", "https://example.com/a?b=1#c"],
    ["  http://example.com  ", "http://example.com"],
    ["HTTPS://EXAMPLE.COM", "HTTPS://EXAMPLE.COM"],
    ["mailto:owner@example.com", "mailto:owner@example.com"],
    ["mailto:owner@example.com?subject=Hi", "mailto:owner@example.com?subject=Hi"],
    ["/articles/hello", "/articles/hello"],
    ["#section-2", "#section-2"],
    ["?page=2", "?page=2"],
    ["./notes", "./notes"],
    ["../notes", "../notes"],
    ["example.com", "https://example.com"],
    ["www.example.com/page?x=1", "https://www.example.com/page?x=1"],
    ["sub.example.co.uk:8080/x", "https://sub.example.co.uk:8080/x"],
    ["owner@example.com", "mailto:owner@example.com"],
  ])("%j → %j", (input, expected) => {
    expect(toLinkHref(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com/file",
    "tel:+201234567",
    "//evil.example/path",
    "https://",
    "http:///path",
    "https://exa mple.com",
    "/path with spaces",
    "/tab\tinside",
    "mailto:",
    "about",
    "localhost:3000",
    "مرحبا",
  ])("refuses %j", (input) => {
    expect(toLinkHref(input)).toBeNull();
  });
});

describe("isAllowedLinkUrl", () => {
  it.each([
    ["https://example.com", true],
    ["mailto:a@b.c", true],
    ["/about", true],
    ["example.com", false],
    ["javascript:alert(1)", false],
    ["", false],
    [null, false],
    [undefined, false],
  ])("%j → %j", (href, expected) => {
    expect(isAllowedLinkUrl(href)).toBe(expected);
  });
});
