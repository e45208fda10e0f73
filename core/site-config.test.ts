import { describe, expect, it } from "vitest";
import { siteConfig } from "#config/site.ts";
import { checkSiteConfig } from "./site-config.ts";

describe("the owner's site config", () => {
  it("is valid as shipped", () => {
    expect(checkSiteConfig(siteConfig)).toEqual(siteConfig);
  });

  it.each([
    [{ email: "not-an-email" }, "email: must be an e-mail address"],
    [{ name: { en: "Sam", ar: " " } }, "name.ar: needs Arabic text"],
    [
      { links: { ...siteConfig.links, github: "github.com/me" } },
      "links.github: must be an absolute http(s) URL",
    ],
    [{ portrait: "https://cdn.example.com/me.png" }, "portrait: must be a file in public/images"],
    [{ timeZone: "Mars/Olympus" }, "timeZone: must be an IANA time zone"],
    [{ phone: "call me" }, "phone: must be a phone number"],
  ])("names the field that is wrong: %j", (change, message) => {
    expect(() => checkSiteConfig({ ...siteConfig, ...change })).toThrow(message);
  });
});
