import { useRouteLoaderData } from "react-router";
import { defaultSettings, localizeSettings, type PublicSite } from "#core/site-view.ts";
import { siteConfig } from "#config/site.ts";
import type { RootData } from "./root-data.ts";

/**
 * The site's settings in the page's language (docs/product.md §17) as the root loader read them; before the
 * root loader has data (the error screen of a failed root), the defaults of config/site.ts.
 */
export function siteOf(data: RootData | undefined): PublicSite {
  return data?.site ?? localizeSettings(defaultSettings(siteConfig), data?.language ?? "en", siteConfig);
}

/** The site's settings for a component: who the owner is, the hero, services, links… */
export function useSite(): PublicSite {
  return siteOf(useRouteLoaderData<RootData>("root"));
}
