import { z } from "./zod.ts";
import { issueText, type SchemaIssue } from "./api-errors.ts";
import { ARABIC_REGIONS } from "./locales.ts";

// The site's settings (docs/product.md §17): who the owner is, the hero, about, contact details, links, footer,
// services, the portrait and about image, and the time zone, in English and Arabic where the text is
// language-bound. config/site.ts holds the defaults; the owner's edits are stored as the fields that differ
// from them, so a field never edited follows config/site.ts. One schema checks both: config/site.ts when the
// server starts, and every save from the admin. Each message is a key of core/api-errors.ts, answered in the
// visitor's language.

/** A text in both languages, required in each, at most `max` characters. */
const bilingual = (max: number) =>
  z.object({
    en: z.string().trim().min(1, { error: "requiredEnglish" }).max(max, { error: "tooLong" }),
    ar: z.string().trim().min(1, { error: "requiredArabic" }).max(max, { error: "tooLong" }),
  });

/** A list of `min`…`max` entries. */
const list = <Item extends z.ZodType>(item: Item, min: number, max: number) =>
  z.array(item).refine((items) => items.length >= min && items.length <= max, {
    error: "listLength",
    params: { min, max },
  });

/** A list of exactly `count` entries (the service cards match the icons of their places). */
const exactly = <Item extends z.ZodType>(item: Item, count: number) =>
  z.array(item).refine((items) => items.length === count, { error: "listExact", params: { count } });

/** A link shown in the footer and on the contact page, or empty to hide it. */
const link = z
  .string()
  .trim()
  .max(500, { error: "tooLong" })
  .refine((value) => value === "" || isHttpUrl(value), { error: "invalidUrl" });

/** One of the site's own drawn images (public/images) or an upload in the "site" folder. */
export const SITE_IMAGE_URL = /^(\/images\/[\w.-]+|\/storage\/portfolio_images\/site\/[\w.-]+)$/;

const image = z.object({
  url: z.string().trim().regex(SITE_IMAGE_URL, { error: "invalidImage" }),
  alt: z.object({
    en: z.string().trim().min(1, { error: "imageAltRequiredEn" }).max(300, { error: "tooLong" }),
    ar: z.string().trim().min(1, { error: "imageAltRequiredAr" }).max(300, { error: "tooLong" }),
  }),
});

const service = z.object({ title: bilingual(80), text: bilingual(400) });

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone.trim() !== "";
  } catch {
    return false;
  }
}

export const SiteSettingsSchema = z
  .object({
    name: bilingual(80),
    initials: z.string().trim().min(1, { error: "initialsLength" }).max(3, { error: "initialsLength" }),
    role: bilingual(100),
    heroGreeting: bilingual(60),
    heroTitle: bilingual(160),
    heroSubtitle: bilingual(160),
    heroDescription: bilingual(400),
    bio: bilingual(2000),
    philosophy: bilingual(1000),
    skills: list(bilingual(60), 1, 30),
    city: bilingual(80),
    location: bilingual(160),
    email: z
      .string()
      .trim()
      .max(254, { error: "tooLong" })
      .pipe(z.email({ error: "invalidEmail" })),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{6,20}$/, { error: "invalidPhone" }),
    links: z.object({ github: link, linkedin: link, twitter: link, instagram: link }).strip(),
    footerText: bilingual(300),
    servicesOverview: exactly(service, 3),
    services: exactly(service, 6),
    whyText: bilingual(600),
    whyBullets: list(bilingual(160), 1, 8),
    portrait: image,
    aboutImage: image,
    timeZone: z.string().trim().refine(isTimeZone, { error: "invalidTimeZone" }),
    /** The language of the e-mails the site sends the owner (docs/product.md §25). */
    emailLanguage: z.enum(["en", "ar"], { error: "invalidEmailLanguage" }),
    /** The Arabic region whose digits and month names the site's Arabic writes (docs/product.md §17.1). */
    arabicRegion: z.enum(ARABIC_REGIONS, { error: "invalidArabicRegion" }),
    /** Whether public page views are counted (docs/product.md §27). */
    countVisits: z.boolean({ error: "invalidInput" }),
  })
  .strip();

export type SiteSettings = z.output<typeof SiteSettingsSchema>;
export type SettingsField = keyof SiteSettings;

/** config/site.ts: the default settings, and the drawn images that are not edited in the admin. */
export const SiteConfigSchema = SiteSettingsSchema.extend({
  portraitSmall: z.string().regex(/^\/images\/[\w.-]+$/),
  aboutImageSmall: z.string().regex(/^\/images\/[\w.-]+$/),
  projectFallbackImage: z.string().regex(/^\/images\/[\w.-]+$/),
  shareImage: z.string().regex(/^\/images\/[\w.-]+$/),
});

export type SiteConfig = z.output<typeof SiteConfigSchema>;

/** The Settings tab's sections, each with its own "reset to default" (docs/product.md §17). */
export const SETTINGS_SECTIONS = {
  identity: ["name", "initials", "role"],
  hero: ["heroGreeting", "heroTitle", "heroSubtitle", "heroDescription"],
  about: ["bio", "philosophy", "skills"],
  images: ["portrait", "aboutImage"],
  contact: ["email", "phone", "city", "location", "timeZone", "arabicRegion", "emailLanguage"],
  links: ["links"],
  footer: ["footerText"],
  visits: ["countVisits"],
  services: ["servicesOverview", "services", "whyText", "whyBullets"],
} as const satisfies Record<string, readonly SettingsField[]>;

export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

export function isSettingsSection(value: string): value is SettingsSection {
  return Object.hasOwn(SETTINGS_SECTIONS, value);
}

const FIELDS = Object.keys(SiteSettingsSchema.shape) as SettingsField[];

/**
 * The settings a visitor sees: each stored field that is still valid, else the default. A field stored by an
 * older version that no longer passes the schema falls back rather than breaking the site.
 */
export function mergeSettings(defaults: SiteSettings, overrides: unknown): SiteSettings {
  const stored =
    typeof overrides === "object" && overrides !== null ? (overrides as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const parsed = Object.hasOwn(stored, field)
      ? SiteSettingsSchema.shape[field].safeParse(stored[field])
      : undefined;
    merged[field] = parsed?.success ? parsed.data : defaults[field];
  }
  return merged as SiteSettings;
}

/** What is stored for a saved document: the fields that differ from the defaults. */
export function settingsOverrides(defaults: SiteSettings, settings: SiteSettings): Partial<SiteSettings> {
  return Object.fromEntries(
    FIELDS.filter((field) => JSON.stringify(settings[field]) !== JSON.stringify(defaults[field])).map(
      (field) => [field, settings[field]],
    ),
  );
}

/** Checks config/site.ts when the server starts: a broken default stops it with each wrong field named. */
export function checkSiteConfig(config: unknown): SiteConfig {
  const result = SiteConfigSchema.safeParse(config);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `  - ${issue.path.join(".")}: ${issueText("en", issue as SchemaIssue)}`,
  );
  throw new Error(`config/site.ts is not valid:\n${problems.join("\n")}`);
}
