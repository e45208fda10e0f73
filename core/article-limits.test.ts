import { describe, expect, it } from "vitest";
import {
  MAX_ARTICLE_HTML_BYTES,
  MAX_EMBEDDED_IMAGE_BYTES,
  largestEmbeddedImageBytes,
} from "./article-limits.ts";

describe("article limits", () => {
  it("allow 2 MiB per embedded image and 8 MiB of HTML", () => {
    expect(MAX_EMBEDDED_IMAGE_BYTES).toBe(2_097_152);
    expect(MAX_ARTICLE_HTML_BYTES).toBe(8_388_608);
    // A largest image, base64-encoded, fits several times in an article.
    expect(Math.ceil(MAX_EMBEDDED_IMAGE_BYTES / 3) * 4).toBeLessThan(MAX_ARTICLE_HTML_BYTES / 2);
  });
});

describe("largestEmbeddedImageBytes", () => {
  const dataUrl = (bytes: number, type = "png") =>
    `data:image/${type};base64,${Buffer.alloc(bytes, 7).toString("base64")}`;
  it.each([
    ["no images", "<p>Text</p>", 0],
    ["one image", `<img src="${dataUrl(1000)}">`, 1000],
    [
      "the largest of several",
      `<img src="${dataUrl(10)}"><p>x</p><img src="${dataUrl(2999, "jpeg")}">`,
      2999,
    ],
    ["padding counted right", `<img src="${dataUrl(1001)}"><img src="${dataUrl(1002)}">`, 1002],
    ["line breaks inside the base64", `<img src="data:image/gif;base64,R0lG\nODlh">`, 6],
    ["an image linked by URL", '<img src="/storage/portfolio_images/articles/1_a.png">', 0],
  ])("%s → %i bytes", (_case, html, expected) => {
    expect(largestEmbeddedImageBytes(html)).toBe(expected);
  });
});
