import { describe, expect, it } from "vitest";
import { visitSource } from "./visits.ts";

describe("the source of an arrival", () => {
  it("names a referring host's kind by the service it belongs to, never by a look-alike", () => {
    const sources = Object.fromEntries(
      [
        "google.com",
        "news.google.co.uk",
        "www.google.com.eg",
        "search.brave.com",
        "facebook.com",
        "m.facebook.com",
        "t.co",
        "news.ycombinator.com",
        "ycombinator.com",
        "feedly.com",
        "cloud.feedly.com",
        "notfacebook.com",
        "at.co",
        "googleusercontent.example",
        "example.org",
      ].map((host) => [host, visitSource(host)]),
    );
    expect(sources).toEqual({
      "google.com": "search",
      "news.google.co.uk": "search",
      "www.google.com.eg": "search",
      "search.brave.com": "search",
      "facebook.com": "social",
      "m.facebook.com": "social",
      "t.co": "social",
      "news.ycombinator.com": "social",
      "ycombinator.com": "site",
      "feedly.com": "feed",
      "cloud.feedly.com": "feed",
      "notfacebook.com": "site",
      "at.co": "site",
      "googleusercontent.example": "site",
      "example.org": "site",
    });
    expect(visitSource(null)).toBe("direct");
  });
});
