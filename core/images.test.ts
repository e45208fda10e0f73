import { describe, expect, it } from "vitest";
import {
  imageFormatOfName,
  isStoredImageName,
  parseImageUrl,
  sanitizeFileName,
  sniffImageType,
  storedImageName,
} from "./images.ts";

describe("sanitizeFileName", () => {
  it.each([
    ["photo-1_final.PNG", "photo-1_final.PNG"],
    ["my photo (2).png", "my_photo__2_.png"],
    ["../../etc/passwd", ".._.._etc_passwd"],
    ["صورة.png", "____.png"],
    ["📷.png", "_.png"],
    ["a\u202Eb", "a_b"],
    ["a\u0000b", "a_b"],
  ])("%j becomes %j", (name, expected) => {
    expect(sanitizeFileName(name)).toBe(expected);
  });
});

describe("storedImageName", () => {
  it.each([
    ["photo.png", "png", "1700000000000_photo.png"],
    ["photo.png", "jpeg", "1700000000000_photo.jpg"],
    ["Photo.JPEG", "jpeg", "1700000000000_Photo.jpg"],
    ["anim.gif", "webp", "1700000000000_anim.webp"],
    ["notes", "gif", "1700000000000_notes.gif"],
    [".png", "png", "1700000000000_image.png"],
  ] as const)("%j stored as %s is %j", (name, format, expected) => {
    expect(storedImageName(name, 1_700_000_000_000, format)).toBe(expected);
  });

  it("keeps the end of a very long name and stays a name it could have stored", () => {
    const name = storedImageName(`${"a".repeat(400)}-end.png`, 1_700_000_000_000, "png");
    expect(name).toMatch(/^1700000000000_a+-end\.png$/);
    expect(isStoredImageName(name)).toBe(true);
  });
});

describe("isStoredImageName", () => {
  it.each([
    ["1700000000000_photo.png", true],
    ["1_a.webp", true],
    ["photo.png", false],
    ["1_photo.svg", false],
    ["1_../x.png", false],
    ["1_a/b.png", false],
    ["1_a\u0000.png", false],
    [`1_${"a".repeat(140)}.png`, false],
  ])("%j → %s", (name, expected) => {
    expect(isStoredImageName(name)).toBe(expected);
  });
});

describe("parseImageUrl", () => {
  it.each([
    ["/storage/portfolio_images/projects/1_a.png", { folder: "projects", name: "1_a.png" }],
    ["/storage/portfolio_images/articles/1_a.jpg", { folder: "articles", name: "1_a.jpg" }],
    ["/storage/portfolio_images/avatars/1_a.png", null],
    ["/storage/portfolio_images/projects/x/1_a.png", null],
    ["https://example.com/storage/portfolio_images/projects/1_a.png", null],
    [null, null],
  ])("%j → %j", (url, expected) => {
    expect(parseImageUrl(url)).toEqual(expected);
  });
});

describe("imageFormatOfName", () => {
  it.each([
    ["1_a.png", "png"],
    ["1_a.jpg", "jpeg"],
    ["1_a.webp", "webp"],
    ["1_a.gif", "gif"],
    ["1_a.jpeg", null],
    ["1_a.svg", null],
    ["png", null],
  ])("%j → %j", (name, expected) => {
    expect(imageFormatOfName(name)).toBe(expected);
  });
});

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
