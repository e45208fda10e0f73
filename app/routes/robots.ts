import { robots, siteOrigin } from "#app/features/discovery/discovery.server.ts";
import type { Route } from "./+types/robots";

export function loader({ context, request }: Route.LoaderArgs) {
  return robots(siteOrigin(context, request));
}
