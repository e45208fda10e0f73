import { describe, expect, it } from "vitest";
import { MAX_ARTICLE_HTML_BYTES, MAX_EMBEDDED_IMAGE_BYTES, sniffImageType } from "./article-limits.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...part].map((char) => char.charCodeAt(0)) : part)),
  );

describe("sniffImageType", () => {
  it.each([
    ["a PNG", bytes([0x89], "PNG\r\n\x1a\n", [0, 0, 0, 13], "IHDR"), "png"],
    ["a JPEG (JFIF)", bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF"), "jpeg"],
    ["a JPEG (Exif)", bytes([0xff, 0xd8, 0xff, 0xe1], "Exif"), "jpeg"],
    ["a GIF 89a", bytes("GIF89a", [1, 0, 1, 0]), "gif"],
    ["a GIF 87a", bytes("GIF87a", [1, 0, 1, 0]), "gif"],
    ["a WebP", bytes("RIFF", [0x1a, 0, 0, 0], "WEBPVP8 "), "webp"],
    ["a WAV (RIFF but not WebP)", bytes("RIFF", [0x1a, 0, 0, 0], "WAVEfmt "), null],
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg">'), null],
    ["an SVG with an XML prolog", bytes('<?xml version="1.0"?><svg>'), null],
    ["an HTML page", bytes("<!doctype html><script>"), null],
    ["a PDF", bytes("%PDF-1.7\n"), null],
    ["a BMP", bytes("BM", [0, 0, 0, 0]), null],
    ["a PNG cut short", bytes([0x89], "PNG"), null],
    ["a JPEG cut short", bytes([0xff, 0xd8]), null],
    ["a GIF of an unknown version", bytes("GIF88a"), null],
    ["text naming a type", bytes("image/png"), null],
    ["nothing", bytes(), null],
  ])("%s → %s", (_case, input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });
});

describe("article limits", () => {
  it("allow 2 MiB per embedded image and 8 MiB of HTML", () => {
    expect(MAX_EMBEDDED_IMAGE_BYTES).toBe(2_097_152);
    expect(MAX_ARTICLE_HTML_BYTES).toBe(8_388_608);
    // A largest image, base64-encoded, fits several times in an article.
    expect(Math.ceil(MAX_EMBEDDED_IMAGE_BYTES / 3) * 4).toBeLessThan(MAX_ARTICLE_HTML_BYTES / 2);
  });
});
