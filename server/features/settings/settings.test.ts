import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SiteSettings } from "#core/site-settings.ts";
import { defaultSettings } from "#core/site-view.ts";
import { siteConfig } from "#config/site.ts";
import { siteSettings } from "#db/schema.ts";
import { createPageCache } from "#server/ssr/page-cache.ts";
import { standInPages } from "#tests/helpers/pages.ts";
import { jsonRequest, makeApp, ownerRequests, signIn, storeImageFile } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";

// The site's settings through the API (docs/product.md §17): the whole document in and out, every field rule with
// its message in the visitor's language, atomic saves, resets per section, the portrait and about image, on
// both databases.

const DEFAULTS = defaultSettings(siteConfig);
describe.each(backends)("the site settings API on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const pageCache = createPageCache({ ttlMs: 60_000 });
    const made = makeApp(database(), {}, { pageCache, ssr: standInPages().ssr });
    const cookie = await signIn(made.app, database());
    const send = ownerRequests(made.app, () => cookie);
    const storeSiteImage = (name: string) => storeImageFile(made.dataDir, "site", name);
    return { ...made, send, pageCache, storeSiteImage };
  }

  const changed = (change: Partial<SiteSettings>): SiteSettings => ({
    ...structuredClone(DEFAULTS),
    ...change,
  });

  it("refuses to read or write without the owner's session", async () => {
    const { app } = await owner();
    expect((await app.request("/api/settings")).status).toBe(401);
    expect((await app.request("/api/settings", jsonRequest("PUT", DEFAULTS))).status).toBe(401);
    expect((await app.request("/api/settings/hero", jsonRequest("DELETE", undefined))).status).toBe(401);
  });

  it("answers config/site.ts on a fresh site", async () => {
    const { send } = await owner();
    const response = await send("GET", "/api/settings");
    expect(response.status).toBe(200);
    expect(response.body).toEqual(DEFAULTS);
  });

  it("saves the document it gave, with texts changed, stores only what differs, and forgets rendered pages", async () => {
    const { app, send, pageCache } = await owner();
    await app.request("/");
    expect(pageCache.size).toBe(1);
    const document = (await send("GET", "/api/settings")).body as unknown as SiteSettings;
    document.heroTitle = { en: "  Websites that sell  ", ar: "مواقع تبيع" };
    document.services[2]!.title = { en: "Interfaces", ar: "واجهات" };
    const saved = await send("PUT", "/api/settings", document);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ heroTitle: { en: "Websites that sell", ar: "مواقع تبيع" } });
    expect(pageCache.size).toBe(0);
    const again = (await send("GET", "/api/settings")).body as unknown as SiteSettings;
    expect(again.heroTitle).toEqual({ en: "Websites that sell", ar: "مواقع تبيع" });
    expect(again.services[2]!.title).toEqual({ en: "Interfaces", ar: "واجهات" });
    expect(again.name).toEqual(DEFAULTS.name);
    const [row] = await database().db.select().from(siteSettings);
    expect(Object.keys(row!.overrides as object).sort()).toEqual(["heroTitle", "services"]);
  });

  it("keeps the language of the e-mails to the owner, English until the owner chooses (docs/product.md §25)", async () => {
    const { send } = await owner();
    const document = (await send("GET", "/api/settings")).body as unknown as SiteSettings;
    expect(document.emailLanguage).toBe("en");
    expect((await send("PUT", "/api/settings", { ...document, emailLanguage: "ar" })).status).toBe(200);
    expect((await send("GET", "/api/settings")).body).toMatchObject({ emailLanguage: "ar" });
  });

  it("keeps the Arabic region the site speaks to, Egypt until the owner chooses (docs/product.md §17.1)", async () => {
    const { send } = await owner();
    const document = (await send("GET", "/api/settings")).body as unknown as SiteSettings;
    expect(document.arabicRegion).toBe("egypt");
    for (const region of ["maghreb", "levant", "gulf"] as const) {
      expect((await send("PUT", "/api/settings", { ...document, arabicRegion: region })).status).toBe(200);
      expect((await send("GET", "/api/settings")).body).toMatchObject({ arabicRegion: region });
    }
    const [row] = await database().db.select().from(siteSettings);
    expect(row!.overrides).toMatchObject({ arabicRegion: "gulf" });
    // Its section's reset puts Egypt back.
    expect((await send("DELETE", "/api/settings/contact")).status).toBe(200);
    expect((await send("GET", "/api/settings")).body).toMatchObject({ arabicRegion: "egypt" });
  });

  it.each([
    ["a bad e-mail", { email: "me@" }, "email", "Enter a valid e-mail address, such as name@example.com."],
    [
      "a link that is not a web address",
      { links: { ...DEFAULTS.links, github: "github.com/me" } },
      "links.github",
      "Enter a full web address that starts with http:// or https://.",
    ],
    [
      "a headline too long",
      { heroTitle: { en: "x".repeat(161), ar: "ع" } },
      "heroTitle.en",
      "At most 160 characters.",
    ],
    ["a name without Arabic", { name: { en: "Sam", ar: "  " } }, "name.ar", "Write this in Arabic too."],
    ["a role without English", { role: { en: "", ar: "مطور" } }, "role.en", "Write this in English too."],
    ["four initials", { initials: "ABCD" }, "initials", "Use 1 to 3 letters."],
    ["no skills", { skills: [] }, "skills", "Keep between 1 and 30 entries."],
    [
      "five service cards",
      { services: DEFAULTS.services.slice(0, 5) },
      "services",
      "Keep exactly 6 entries.",
    ],
    [
      "an unknown time zone",
      { timeZone: "Mars/Olympus" },
      "timeZone",
      "Choose a time zone from the list, such as Africa/Cairo.",
    ],
    ["a phone of letters", { phone: "call me" }, "phone", "Enter a phone number such as +20 100 000 0000."],
    [
      "e-mails in French",
      { emailLanguage: "fr" as SiteSettings["emailLanguage"] },
      "emailLanguage",
      "Choose English or Arabic.",
    ],
    [
      "an Arabic region the site does not know",
      { arabicRegion: "ar-EG" as SiteSettings["arabicRegion"] },
      "arabicRegion",
      "Choose Egypt, the Gulf, the Levant or the Maghreb.",
    ],
    [
      "a portrait from another site",
      { portrait: { ...DEFAULTS.portrait, url: "https://cdn.example.com/me.png" } },
      "portrait.url",
      "Choose an image uploaded to this site, or one of the site's own images.",
    ],
    [
      "a portrait without its Arabic description",
      { portrait: { ...DEFAULTS.portrait, alt: { en: "Me", ar: "" } } },
      "portrait.alt.ar",
      "Describe what the image shows, in Arabic.",
    ],
  ])("refuses %s with 422 naming the field, and changes nothing", async (_case, change, field, message) => {
    const { send } = await owner();
    const response = await send(
      "PUT",
      "/api/settings",
      changed({ ...change, footerText: { en: "Changed", ar: "تغيّر" } }),
    );
    expect(response.status).toBe(422);
    expect(response.body!.issues).toContainEqual({ path: field, message });
    // Nothing of the document was saved, the valid footer included.
    expect((await send("GET", "/api/settings")).body).toEqual(DEFAULTS);
  });

  it("says what is wrong in Arabic to an Arabic owner, with Arabic numerals and plural", async () => {
    const { send } = await owner();
    const response = await send(
      "PUT",
      "/api/settings",
      changed({ heroTitle: { en: "Fine", ar: "ع".repeat(161) }, email: "x" }),
      "ar",
    );
    expect(response.body!.issues).toEqual([
      { path: "heroTitle.ar", message: "١٦٠ حرفًا على الأكثر." },
      { path: "email", message: "أدخل بريدًا إلكترونيًا صحيحًا، مثل name@example.com." },
    ]);
  });

  it("hides a link left empty, and refuses a body that is not the document", async () => {
    const { send } = await owner();
    const empty = await send(
      "PUT",
      "/api/settings",
      changed({ links: { ...DEFAULTS.links, instagram: "" } }),
    );
    expect(empty.status).toBe(200);
    expect((empty.body as unknown as SiteSettings).links.instagram).toBe("");
    const broken = await send("PUT", "/api/settings", { name: "Sam" });
    expect(broken.status).toBe(422);
  });

  it("puts one section back to the defaults and leaves the others", async () => {
    const { send } = await owner();
    await send(
      "PUT",
      "/api/settings",
      changed({ heroTitle: { en: "Mine", ar: "لي" }, footerText: { en: "Bye", ar: "وداعًا" } }),
    );
    const reset = await send("DELETE", "/api/settings/hero");
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      heroTitle: DEFAULTS.heroTitle,
      footerText: { en: "Bye", ar: "وداعًا" },
    });
    expect((await send("DELETE", "/api/settings/nothing")).status).toBe(404);
    expect((await send("DELETE", "/api/settings/constructor")).status).toBe(404);
  });

  it("takes an uploaded portrait with its descriptions, keeps it while in use, and removes it once replaced", async () => {
    const { send, storeSiteImage, dataDir } = await owner();
    const first = storeSiteImage("1700000000000_me.png");
    const portrait = { url: first, alt: { en: "Sam smiling", ar: "سام مبتسمًا" } };
    const saved = await send("PUT", "/api/settings", changed({ portrait }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ portrait });
    // An upload in use by the settings cannot be deleted.
    expect((await send("DELETE", "/api/uploads/site/1700000000000_me.png")).status).toBe(409);

    const missing = await send(
      "PUT",
      "/api/settings",
      changed({ portrait: { ...portrait, url: "/storage/portfolio_images/site/1_gone.png" } }),
    );
    expect(missing.status).toBe(422);
    expect(missing.body!.issues).toEqual([
      { path: "portrait.url", message: "The image is not stored on this site. Upload it again." },
    ]);

    const second = storeSiteImage("1700000000001_me.png");
    await send("PUT", "/api/settings", changed({ portrait: { ...portrait, url: second } }));
    const file = (url: string) => path.join(dataDir, "storage", url.replace("/storage/", ""));
    expect(existsSync(file(first))).toBe(false);
    expect(existsSync(file(second))).toBe(true);
    // Back to the default portrait: the upload goes too.
    await send("DELETE", "/api/settings/images");
    expect(existsSync(file(second))).toBe(false);
  });

  it("falls back to the default for a stored field that is no longer valid", async () => {
    const { send } = await owner();
    await database()
      .db.insert(siteSettings)
      .values({ id: 1, overrides: { email: "not an e-mail", initials: "XY" } });
    const body = (await send("GET", "/api/settings")).body as unknown as SiteSettings;
    expect(body.email).toBe(DEFAULTS.email);
    expect(body.initials).toBe("XY");
  });
});
