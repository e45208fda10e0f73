import { siteOrigin, sitemapIndex } from "#app/features/discovery/discovery.server.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context, request }: Route.LoaderArgs) {
  return sitemapIndex(context, siteOrigin(context, request));
}
