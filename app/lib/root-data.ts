import type { Dictionary } from "#core/i18n.ts";
import type { Language } from "#core/preferences.ts";
import type { PublicSite } from "#core/site-view.ts";

/** What the root loader hands every page: the language of the address, its dictionary, the origin. */
export interface RootData {
  language: Language;
  /** The admin page's whole dictionary; public pages load theirs as a module (app/i18n/public-dictionary.ts). */
  dictionary: Dictionary | null;
  nonce: string;
  /** The site's absolute origin (SITE_URL, or the request's): canonical and share addresses start with it. */
  origin: string;
  /** This is the admin page, whose language is the owner's choice rather than its address's. */
  adminPage: boolean;
  /** The site's settings in this language (docs/product.md §17). */
  site: PublicSite;
}
