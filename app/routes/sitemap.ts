import { siteOrigin, sitemap } from "#app/features/discovery/discovery.server.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context, request }: Route.LoaderArgs) {
  return sitemap(context, siteOrigin(context, request));
}
