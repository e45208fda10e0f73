import { siteOrigin, sitemapFile } from "#app/features/discovery/discovery.server.ts";
import type { Route } from "./+types/sitemap-file";

export function loader({ context, request, params }: Route.LoaderArgs) {
  return sitemapFile(context, siteOrigin(context, request), params.file);
}
