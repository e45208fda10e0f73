import type { ImageInfo } from "./images.ts";
import { localeOf, type ArabicRegion } from "./locales.ts";
import type { Language } from "./preferences.ts";
import type { SiteConfig, SiteSettings } from "./site-settings.ts";

// The site's settings as pages use them (docs/product.md §17). Apart from core/site-settings.ts, whose schema (zod)
// and messages only the server and the admin need: public pages import this and stay small.

/** The settings part of config/site.ts: all of it but the drawn images that are not edited in the admin. */
/** The keys of config/site.ts that are not settings. */
const ASSETS: readonly string[] = [
  "portraitSmall",
  "aboutImageSmall",
  "projectFallbackImage",
  "shareImage",
] satisfies (keyof SiteConfig)[];

export function defaultSettings(config: SiteConfig): SiteSettings {
  return Object.fromEntries(Object.entries(config).filter(([key]) => !ASSETS.includes(key))) as SiteSettings;
}

export interface ServiceText {
  title: string;
  text: string;
}

/** The settings in one language: what every public page is sent through the root loader. */
export interface PublicSite {
  name: string;
  initials: string;
  role: string;
  heroGreeting: string;
  heroTitle: string;
  heroSubtitle: string;
  heroDescription: string;
  bio: string;
  philosophy: string;
  skills: string[];
  city: string;
  location: string;
  email: string;
  phone: string;
  /** Only the links that are set. */
  links: Partial<Record<keyof SiteSettings["links"], string>>;
  footerText: string;
  servicesOverview: ServiceText[];
  services: ServiceText[];
  whyText: string;
  whyBullets: string[];
  /** `info`: an uploaded image's responsive variants, added by the server's readSite. */
  portrait: { url: string; small: string | null; alt: string; info?: ImageInfo | null };
  aboutImage: { url: string; small: string | null; alt: string; info?: ImageInfo | null };
  timeZone: string;
  /** The Arabic region whose digits and month names the site's Arabic writes (core/locales.ts). */
  arabicRegion: ArabicRegion;
  /** The locale the page writes dates and numbers in: localeOf its language and arabicRegion. */
  locale: string;
  /** Whether page views are counted: the footer says so (docs/product.md §27). */
  countVisits: boolean;
}

export function localizeSettings(settings: SiteSettings, language: Language, config: SiteConfig): PublicSite {
  const pick = (text: { en: string; ar: string }) => text[language];
  const services = (items: SiteSettings["services"]) =>
    items.map((item) => ({ title: pick(item.title), text: pick(item.text) }));
  return {
    name: pick(settings.name),
    initials: settings.initials,
    role: pick(settings.role),
    heroGreeting: pick(settings.heroGreeting),
    heroTitle: pick(settings.heroTitle),
    heroSubtitle: pick(settings.heroSubtitle),
    heroDescription: pick(settings.heroDescription),
    bio: pick(settings.bio),
    philosophy: pick(settings.philosophy),
    skills: settings.skills.map(pick),
    city: pick(settings.city),
    location: pick(settings.location),
    email: settings.email,
    phone: settings.phone,
    links: Object.fromEntries(Object.entries(settings.links).filter(([, url]) => url !== "")),
    footerText: pick(settings.footerText),
    countVisits: settings.countVisits,
    servicesOverview: services(settings.servicesOverview),
    services: services(settings.services),
    whyText: pick(settings.whyText),
    whyBullets: settings.whyBullets.map(pick),
    portrait: {
      url: settings.portrait.url,
      // The drawn portrait has a 320-pixel copy for phones; an uploaded one is served as it is.
      small: settings.portrait.url === config.portrait.url ? config.portraitSmall : null,
      alt: pick(settings.portrait.alt),
    },
    aboutImage: {
      url: settings.aboutImage.url,
      // The drawn about image has an 800-pixel copy for phones.
      small: settings.aboutImage.url === config.aboutImage.url ? config.aboutImageSmall : null,
      alt: pick(settings.aboutImage.alt),
    },
    timeZone: settings.timeZone,
    arabicRegion: settings.arabicRegion,
    locale: localeOf(language, settings.arabicRegion),
  };
}
