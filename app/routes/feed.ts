import { feed, siteOrigin } from "#app/features/discovery/discovery.server.ts";
import { requestLanguage } from "#app/lib/language.ts";
import type { Route } from "./+types/feed";

export function loader({ context, request }: Route.LoaderArgs) {
  return feed(context, siteOrigin(context, request), requestLanguage(request));
}
