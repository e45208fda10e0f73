import { readFileSync } from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { renderArticleHtml, safeStyle, sanitizeHtml } from "./sanitize.ts";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const SVG = "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+";

describe("sanitizeHtml", () => {
  it.each([
    ["a script element", "<p>Hi</p><script>alert(1)</script>", "<p>Hi</p>"],
    ["a script hidden in an SVG", "<svg><script>alert(1)</script></svg><p>ok</p>", "<p>ok</p>"],
    ["an onerror handler", '<img src="/a.png" onerror="alert(1)">', '<img src="/a.png">'],
    ["an onclick handler", '<p onclick="steal()">Text</p>', "<p>Text</p>"],
    ["an onmouseover handler", '<a href="/x" onmouseover="x()">x</a>', '<a href="/x">x</a>'],
    ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["a javascript: link in disguise", '<a href=" JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ["an encoded javascript: link", '<a href="&#106;avascript:alert(1)">x</a>', "<a>x</a>"],
    ["an iframe", '<iframe src="https://evil.example"></iframe><p>a</p>', "<p>a</p>"],
    ["an object", '<object data="x.swf"></object><p>a</p>', "<p>a</p>"],
    ["a style element", "<style>body{display:none}</style><p>a</p>", "<p>a</p>"],
    ["a form", '<form action="https://evil.example"><input name="password"><button>Go</button></form>', "Go"],
    ["an SVG data image", `<img src="${SVG}">`, "<img>"],
    ["an HTML data URL on an image", '<img src="data:text/html;base64,PHNjcmlwdD4=">', "<img>"],
    ["an HTML data link", '<a href="data:text/html,<script>alert(1)</script>">x</a>', "<a>x</a>"],
    ["a PNG data URL on a link", `<a href="${PNG}">x</a>`, "<a>x</a>"],
  ])("removes %s", async (_case, html, expected) => {
    expect(await sanitizeHtml(html)).toBe(expected);
  });

  it.each([
    ["paragraphs and line breaks", "<p>One<br>two</p><p>Three</p>"],
    ["headings", "<h2>Title</h2><h3>Sub</h3>"],
    ["emphasis", "<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>gone</s> <code>x</code></p>"],
    ["lists", "<ul><li>a</li></ul><ol><li>b</li></ol>"],
    ["a quote", "<blockquote><p>Quoted</p></blockquote>"],
    ["a code sample", '<pre class="language-javascript"><code>const a = 1;\n\nconst b = 2;</code></pre>'],
    ["an ordinary link", '<a href="https://example.com/page?x=1&amp;y=2">link</a>'],
    ["a relative link", '<a href="/articles/hello">hello</a>'],
    ["an image with alt text", '<img src="https://cdn.example.com/a.webp" alt="A cat" width="300">'],
    ["a PNG data image", `<img src="${PNG}" alt="">`],
    ["a table", "<table><tbody><tr><td>1</td></tr></tbody></table>"],
    ["Arabic text with its direction", '<p dir="rtl">مرحبا بالعالم</p>'],
  ])("keeps %s", async (_case, html) => {
    expect(await sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ["jpeg", "data:image/jpeg;base64,/9j/4AAQSkZJRg=="],
    ["gif", "data:image/gif;base64,R0lGODlhAQABAAAAACw="],
    ["webp", "data:image/webp;base64,UklGRhoAAABXRUJQ"],
  ])("keeps a %s data image", async (_type, src) => {
    expect(await sanitizeHtml(`<img src="${src}">`)).toBe(`<img src="${src}">`);
  });

  it("makes links that open a new tab unable to reach back to the article", async () => {
    expect(await sanitizeHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(await sanitizeHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("leaves links that stay in the tab without rel", async () => {
    expect(await sanitizeHtml('<a href="/about">x</a>')).toBe('<a href="/about">x</a>');
  });

  it.each(["", "   ", "\n\t"])("gives an empty string for %j", async (html) => {
    expect(await sanitizeHtml(html)).toBe("");
  });

  it("escapes text that only looks like markup", async () => {
    expect(await sanitizeHtml("<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>")).toBe(
      "<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>",
    );
  });
});

// Inline styles (docs/product.md §24): public lists of CSS vectors, each sanitised on its own.
const payloadDir = path.resolve(import.meta.dirname, "../../../tests/fixtures/css-payloads");
const cssPayloads = ["payloads-all-the-things.txt", "sira.txt"].flatMap((file) =>
  readFileSync(path.join(payloadDir, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== ""),
);

/** What is left in sanitised HTML that could load or run something through CSS. */
function cssLeftovers(html: string): string[] {
  const body = new JSDOM(`<body>${html}</body>`).window.document.body;
  const found: string[] = [];
  for (const element of body.querySelectorAll("*")) {
    const style = element.getAttribute("style");
    if (style !== null && !/^text-align: (start|end|left|right|center|justify)$/.test(style))
      found.push(`style="${style}"`);
    if (element.hasAttribute("background")) found.push(`background="${element.getAttribute("background")}"`);
    if (["STYLE", "LINK"].includes(element.tagName.toUpperCase())) found.push(element.outerHTML);
  }
  return found;
}

describe("inline styles", () => {
  it("has a list of payloads to try", () => {
    expect(cssPayloads.length).toBeGreaterThan(120);
  });

  it.each(cssPayloads.map((payload, index) => [index + 1, payload]))(
    "payload %i keeps no CSS that loads or runs anything",
    async (_index, payload) => {
      expect(cssLeftovers(await sanitizeHtml(payload))).toEqual([]);
      expect(cssLeftovers(await renderArticleHtml(payload))).toEqual([]);
    },
  );

  it.each([
    ["text-align: center", "text-align: center"],
    ["TEXT-ALIGN:Right;", "text-align: right"],
    ["text-align: justify; text-align: start", "text-align: justify; text-align: start"],
    ["text-align: center; background: url(https://tracker.example/a.png)", "text-align: center"],
    ["color: red; text-align: end", "text-align: end"],
  ])("keeps the alignment of %j", (style, expected) => {
    expect(safeStyle(style)).toBe(expected);
  });

  it.each([
    "background-image: url(https://tracker.example/a.png)",
    "background-image: \\75 rl(https://tracker.example/a.png)",
    "text-align: \\63 enter",
    "text-align: cen/**/ter",
    "text-align: center !important",
    "text-align: center url(x)",
    "text-align: inherit",
    "width: expression(alert(1))",
    "behavior: url(x.htc)",
    "-o-link: 'javascript:alert(1)'",
    "color: red",
  ])("drops %j", (style) => {
    expect(safeStyle(style)).toBe("");
  });

  it("keeps an aligned paragraph aligned and drops the attribute when nothing is left", async () => {
    expect(await sanitizeHtml('<p style="text-align: center">a</p>')).toBe(
      '<p style="text-align: center">a</p>',
    );
    expect(await sanitizeHtml('<p style="background: url(https://tracker.example/a.png)">a</p>')).toBe(
      "<p>a</p>",
    );
  });
});
