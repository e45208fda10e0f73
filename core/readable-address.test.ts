import { describe, expect, it } from "vitest";
import { readableAddress } from "./readable-address.ts";

describe("readableAddress", () => {
  const arabic = encodeURIComponent("مرحبا-بالعالم");
  it.each([
    [`/ar/articles/${arabic}`, "/ar/articles/مرحبا-بالعالم"],
    [
      `https://example.com/ar/articles/${arabic}?page=2#top`,
      "https://example.com/ar/articles/مرحبا-بالعالم?page=2#top",
    ],
    ["/articles/hello-world", "/articles/hello-world"],
    // Encoded ASCII stays encoded: a space, a slash and a percent sign would change the address.
    ["/a%20b%2Fc%25d", "/a%20b%2Fc%25d"],
    [`/ar/${encodeURIComponent("مرحبا بالعالم")}`, "/ar/مرحبا%20بالعالم"],
    // Marks that reorder or hide text stay encoded.
    [`/ar/${encodeURIComponent("\u202Eabc")}`, "/ar/%E2%80%AEabc"],
    [`/${encodeURIComponent("\u200F")}`, "/%E2%80%8F"],
    // Not UTF-8: left as it was.
    ["/bad/%D8", "/bad/%D8"],
    ["/bad/%FF%FE", "/bad/%FF%FE"],
  ])("%s → %s", (address, expected) => {
    expect(readableAddress(address)).toBe(expected);
  });

  it("gives back the same address when encoded again", () => {
    const address = `/ar/articles/${arabic}`;
    expect(encodeURI(readableAddress(address))).toBe(address);
  });
});
