import { describe, expect, it } from "vitest";
import { MAX_EMBEDDED_IMAGE_BYTES } from "#core/article-limits.ts";
import { embedImage } from "./embed-image.ts";

const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const png = Uint8Array.from(atob(PNG_BASE64), (char) => char.charCodeAt(0));
const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");

describe("embedImage", () => {
  it.each([
    ["a PNG", new Blob([png], { type: "image/png" }), `data:image/png;base64,${PNG_BASE64}`],
    // The declared type is ignored: the bytes say what the file is.
    [
      "a PNG declared as a JPEG",
      new Blob([png], { type: "image/jpeg" }),
      `data:image/png;base64,${PNG_BASE64}`,
    ],
    [
      "a GIF without a declared type",
      new Blob([gif]),
      `data:image/gif;base64,${btoa("GIF89a\x01\x00\x01\x00")}`,
    ],
  ])("embeds %s", async (_case, file, src) => {
    expect(await embedImage(file)).toEqual({ ok: true, src });
  });

  it.each([
    [
      "an SVG declared as a PNG",
      new Blob(['<svg onload="alert(1)"/>'], { type: "image/png" }),
      "not-allowed",
    ],
    [
      "an HTML page",
      new Blob(["<!doctype html><script>alert(1)</script>"], { type: "text/html" }),
      "not-allowed",
    ],
    ["an empty file", new Blob([], { type: "image/png" }), "not-allowed"],
    ["a PNG over 2 MiB", new Blob([png, new Uint8Array(MAX_EMBEDDED_IMAGE_BYTES)]), "too-large"],
  ])("refuses %s", async (_case, file, reason) => {
    expect(await embedImage(file)).toEqual({ ok: false, reason });
  });

  it("embeds an image of exactly 2 MiB, base64 intact", async () => {
    const bytes = new Uint8Array(MAX_EMBEDDED_IMAGE_BYTES);
    bytes.set(png);
    bytes[MAX_EMBEDDED_IMAGE_BYTES - 1] = 0xff;
    const result = await embedImage(new Blob([bytes]));
    if (!result.ok) throw new Error(result.reason);
    const decoded = Uint8Array.from(atob(result.src.split(",")[1]!), (char) => char.charCodeAt(0));
    expect(decoded).toEqual(bytes);
  });

  it("says so when the file cannot be read", async () => {
    const unreadable = new Blob([png]);
    unreadable.arrayBuffer = () => Promise.reject(new Error("NotReadableError"));
    expect(await embedImage(unreadable)).toEqual({ ok: false, reason: "unreadable" });
  });
});
