import { describe, expect, it } from "vitest";
import { contentToHtml } from "./content-html.ts";

describe("contentToHtml", () => {
  it.each([
    ["empty content", "", ""],
    ["only whitespace", "  \n\t\n  ", ""],
    ["one line", "Hello", "<p>Hello</p>"],
    ["surrounding blank lines", "\n\nHello\n\n", "<p>Hello</p>"],
    ["a blank line between paragraphs", "First\n\nSecond", "<p>First</p>\n<p>Second</p>"],
    ["several blank lines", "First\n\n\n\nSecond", "<p>First</p>\n<p>Second</p>"],
    ["a single newline", "Line one\nLine two", "<p>Line one<br>Line two</p>"],
    ["both", "a\nb\n\nc", "<p>a<br>b</p>\n<p>c</p>"],
    ["Windows newlines", "a\r\nb\r\n\r\nc", "<p>a<br>b</p>\n<p>c</p>"],
    ["old Mac newlines", "a\rb\r\rc", "<p>a<br>b</p>\n<p>c</p>"],
    ["a blank line holding spaces", "First\n   \nSecond", "<p>First</p>\n<p>Second</p>"],
    ["a blank line holding tabs and spaces", "First\n \t \n\t\nSecond", "<p>First</p>\n<p>Second</p>"],
    ["indented paragraphs", "  First\n\n  Second  ", "<p>First</p>\n<p>Second</p>"],
    ["Arabic text", "مرحبا\nبالعالم\n\nفقرة", "<p>مرحبا<br>بالعالم</p>\n<p>فقرة</p>"],
    ["inline HTML in text", "Some <strong>bold</strong> text", "<p>Some <strong>bold</strong> text</p>"],
  ])("%s", (_case, content, html) => {
    expect(contentToHtml(content)).toBe(html);
  });

  // Content from the rich-text editor already is block HTML and must not be wrapped again.
  it.each([
    ["paragraphs", "<p>One</p>\n<p>Two</p>", "<p>One</p>\n<p>Two</p>"],
    ["a heading then text", "<h2>Title</h2>\n\nText", "<h2>Title</h2>\n<p>Text</p>"],
    ["a list", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>"],
    ["an image", '<img src="/a.png" alt="">', '<img src="/a.png" alt="">'],
    ["a paragraph with attributes", '<p dir="auto">x</p>', '<p dir="auto">x</p>'],
    ["upper-case tags", "<P>x</P>", "<P>x</P>"],
    [
      "a code sample with blank lines",
      '<pre class="language-javascript"><code>const a = 1;\n\nconst b = 2;</code></pre>',
      '<pre class="language-javascript"><code>const a = 1;\n\nconst b = 2;</code></pre>',
    ],
    [
      "text around a code sample",
      "Before\n\n<pre><code>x\n\n\ny</code></pre>\n\nAfter",
      "<p>Before</p>\n<pre><code>x\n\n\ny</code></pre>\n<p>After</p>",
    ],
    [
      "a block whose closing tag follows a blank line",
      "<blockquote>\n<p>Quote</p>\n\n</blockquote>",
      "<blockquote>\n<p>Quote</p>\n</blockquote>",
    ],
  ])("keeps %s", (_case, content, html) => {
    expect(contentToHtml(content)).toBe(html);
  });

  it("does not mistake a tag that merely starts like a block tag for one", () => {
    expect(contentToHtml("<preview>x</preview>")).toBe("<p><preview>x</preview></p>");
    expect(contentToHtml("<pa>x</pa>")).toBe("<p><pa>x</pa></p>");
  });
});
