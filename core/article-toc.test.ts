import { describe, expect, it } from "vitest";
import { headingId, withHeadingIds } from "./article-toc.ts";

describe("withHeadingIds", () => {
  it("gives each heading a stable id from its text and lists three or more as a table of contents", () => {
    const { html, toc } = withHeadingIds(
      '<h2>Why cache?</h2><p>x</p><h3 id="evil">The <em>hot</em> path</h3><h2>Why cache?</h2><h2>لماذا التخزين؟</h2>',
    );
    expect(html).toBe(
      '<h2 id="why-cache">Why cache?</h2><p>x</p><h3 id="the-hot-path">The <em>hot</em> path</h3>' +
        '<h2 id="why-cache-2">Why cache?</h2><h2 id="لماذا-التخزين">لماذا التخزين؟</h2>',
    );
    expect(toc).toEqual([
      { id: "why-cache", text: "Why cache?", level: 2 },
      { id: "the-hot-path", text: "The hot path", level: 3 },
      { id: "why-cache-2", text: "Why cache?", level: 2 },
      { id: "لماذا-التخزين", text: "لماذا التخزين؟", level: 2 },
    ]);
  });

  it("gives no table of contents under three headings, and leaves other elements alone", () => {
    const { html, toc } = withHeadingIds("<h2>One</h2><h4>Small</h4><h2>Two</h2>");
    expect(html).toBe('<h2 id="one">One</h2><h4>Small</h4><h2 id="two">Two</h2>');
    expect(toc).toEqual([]);
  });

  it("names a heading of punctuation only 'section'", () => {
    expect(headingId("?!")).toBe("section");
    expect(headingId("  C# & .NET  ")).toBe("c-net");
  });
});
