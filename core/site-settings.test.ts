import { describe, expect, it } from "vitest";
import { siteConfig } from "#config/site.ts";
import {
  checkSiteConfig,
  mergeSettings,
  SETTINGS_SECTIONS,
  SiteSettingsSchema,
  settingsOverrides,
} from "./site-settings.ts";
import { defaultSettings, localizeSettings } from "./site-view.ts";

const DEFAULTS = defaultSettings(siteConfig);

describe("the site's default settings (config/site.ts)", () => {
  it("are valid as shipped", () => {
    expect(checkSiteConfig(siteConfig)).toEqual(siteConfig);
  });

  it.each([
    [{ email: "not-an-email" }, "email: Enter a valid e-mail address"],
    [{ name: { en: "Sam", ar: " " } }, "name.ar: Write this in Arabic too."],
    [{ links: { ...siteConfig.links, github: "github.com/me" } }, "links.github: Enter a full web address"],
    [
      { portrait: { ...siteConfig.portrait, url: "https://cdn.example.com/me.png" } },
      "portrait.url: Choose an image",
    ],
    [{ timeZone: "Mars/Olympus" }, "timeZone: Choose a time zone"],
    [{ phone: "call me" }, "phone: Enter a phone number"],
    [{ skills: [] }, "skills: Keep between 1 and 30 entries."],
  ])("stop the start naming the field that is wrong: %j", (change, message) => {
    expect(() => checkSiteConfig({ ...siteConfig, ...change })).toThrow(message);
  });

  it("put every editable field in exactly one section", () => {
    const inSections = Object.values(SETTINGS_SECTIONS).flat().sort();
    expect(inSections).toEqual(Object.keys(SiteSettingsSchema.shape).sort());
  });
});

describe("stored settings", () => {
  it("keep only the fields that differ from the defaults, and merge back to the same document", () => {
    const edited = { ...DEFAULTS, heroTitle: { en: "Mine", ar: "لي" }, initials: "SA" };
    const overrides = settingsOverrides(DEFAULTS, edited);
    expect(Object.keys(overrides).sort()).toEqual(["heroTitle", "initials"]);
    expect(mergeSettings(DEFAULTS, overrides)).toEqual(edited);
  });

  it("follow the defaults for a field never edited, and for one stored in a shape no longer valid", () => {
    expect(mergeSettings(DEFAULTS, null)).toEqual(DEFAULTS);
    expect(mergeSettings(DEFAULTS, { name: "just a string", bio: { en: "Me", ar: "أنا" } })).toEqual({
      ...DEFAULTS,
      bio: { en: "Me", ar: "أنا" },
    });
  });
});

describe("localizeSettings", () => {
  it("gives one language's texts, only the links that are set, and the phone copy of the drawn portrait", () => {
    const settings = { ...DEFAULTS, links: { ...DEFAULTS.links, twitter: "" } };
    const arabic = localizeSettings(settings, "ar", siteConfig);
    expect(arabic.name).toBe(DEFAULTS.name.ar);
    expect(arabic.skills).toEqual(DEFAULTS.skills.map((skill) => skill.ar));
    expect(arabic.services[0]).toEqual({
      title: DEFAULTS.services[0]!.title.ar,
      text: DEFAULTS.services[0]!.text.ar,
    });
    expect(Object.keys(arabic.links)).toEqual(["github", "linkedin", "instagram"]);
    expect(arabic.portrait).toEqual({
      url: DEFAULTS.portrait.url,
      small: siteConfig.portraitSmall,
      alt: DEFAULTS.portrait.alt.ar,
    });
    const uploaded = localizeSettings(
      { ...settings, portrait: { ...settings.portrait, url: "/storage/portfolio_images/site/1_me.png" } },
      "en",
      siteConfig,
    );
    expect(uploaded.portrait.small).toBeNull();
  });
});
