import { describe, expect, it } from "vitest";
import { buildArticleTitles, buildExcerpt, buildSlug, buildUniqueSlug } from "./article-rules.ts";

describe("buildArticleTitles (docs/product.md §5)", () => {
  it.each([
    [
      { title_en: "Hello", title_ar: "مرحبا" },
      { title: "Hello", title_en: "Hello", title_ar: "مرحبا" },
    ],
    [
      { title_en: "  Hello  ", title_ar: "" },
      { title: "Hello", title_en: "Hello", title_ar: "" },
    ],
    [
      { title_en: " ", title_ar: "مرحبا" },
      { title: "مرحبا", title_en: "", title_ar: "مرحبا" },
    ],
    [{ title_ar: "مرحبا" }, { title: "مرحبا", title_en: "", title_ar: "مرحبا" }],
    [{ title_en: "   ", title_ar: "\n\t" }, null],
    [{}, null],
  ])("%j → %j", (input, expected) => {
    expect(buildArticleTitles(input)).toEqual(expected);
  });
});

describe("buildSlug (docs/product.md §5)", () => {
  const now = 1_763_800_012_345;
  it.each([
    ["Hello World", "hello-world"],
    ["  Many   spaces\there  ", "many-spaces-here"],
    ["React & Node.js: a guide!", "react-nodejs-a-guide"],
    ["Under_score and-hyphen", "under_score-and-hyphen"],
    ["ABC", "abc"],
    ["Ab", "article-12345"],
    ["!!", "article-12345"],
    ["", "article-12345"],
    ["مرحبا بالعالم", "article-12345"],
    // Five Arabic words once made "----": a run of hyphens is no address.
    ["هذا عنوان من خمس كلمات", "article-12345"],
    ["- - -", "article-12345"],
    ["Hello مرحبا", "hello"],
  ])("%j → %j", (title, expected) => {
    expect(buildSlug(title, now)).toBe(expected);
  });

  it("pads the timestamp digits", () => {
    expect(buildSlug("", 42)).toBe("article-00042");
  });
});

describe("buildUniqueSlug (docs/product.md §5)", () => {
  const now = 1_763_800_012_345;
  const takenOf = (taken: string[]) => (slug: string) => Promise.resolve(taken.includes(slug));

  it.each([
    ["hello", [], "hello"],
    ["hello", ["hello"], "hello-1"],
    ["hello", ["hello", "hello-1", "hello-2"], "hello-3"],
    ["hello", ["hello-1"], "hello"],
    ["ab", [], "untitled-article-12345"],
    ["ab", ["untitled-article-12345"], "untitled-article-12345-1"],
  ])("%j with %j taken → %j", async (candidate, taken, expected) => {
    expect(await buildUniqueSlug(candidate, takenOf(taken), now)).toBe(expected);
  });

  it("gets 4 timestamp digits when the check itself fails", async () => {
    const failing = () => Promise.reject(new Error("database unavailable"));
    expect(await buildUniqueSlug("hello", failing, now)).toBe("hello-2345");
  });

  it("leaves the edited article out through the check it is given", async () => {
    const ownId = "a1";
    const rows = [{ id: "a1", slug: "hello" }];
    const isTaken = (slug: string) =>
      Promise.resolve(rows.some((row) => row.slug === slug && row.id !== ownId));
    expect(await buildUniqueSlug("hello", isTaken, now)).toBe("hello");
  });
});

describe("buildExcerpt (docs/product.md §5)", () => {
  it.each([
    ["Short text.", "Short text."],
    ["x".repeat(150), "x".repeat(150)],
    ["x".repeat(151), `${"x".repeat(150)}...`],
    ["<p>Hello <strong>world</strong></p>\n<p>again</p>", "Hello world again"],
    ["نص عربي قصير", "نص عربي قصير"],
    ["", ""],
    [
      "<p>Fish &amp; chips &lt;3 &quot;yum&quot; &#39;ok&#39; &#x1F600; a&nbsp;b</p>",
      `Fish & chips <3 "yum" 'ok' 😀 a b`,
    ],
    ["<p>Unknown &bogus; stays</p>", "Unknown &bogus; stays"],
    ['<p>Before</p><pre><code class="language-js">const x = 1;</code></pre>', "Before const x = 1;"],
    [`<p>Pic <img src="data:image/png;base64,${"A".repeat(400)}"> here</p>`, "Pic here"],
  ])("%j → %j", (content, expected) => {
    expect(buildExcerpt(content)).toBe(expected);
  });
});
