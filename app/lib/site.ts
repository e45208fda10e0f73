import { useRouteLoaderData } from "react-router";
import type { PublicSite } from "#core/site-view.ts";
import type { RootData } from "./root-data.ts";

/**
 * The site's settings in the page's language (docs/product.md §17) as the root loader read them: who the owner is,
 * the hero, services, links… Everything that shows them renders inside the site layout, under the root's data.
 */
export function useSite(): PublicSite {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("No site settings: the root loader failed");
  return data.site;
}
