import { openSearchDescription } from "#app/features/search/opensearch.server.ts";
import { requestLanguage } from "#app/lib/language.ts";
import type { Route } from "./+types/opensearch";

export function loader({ context, request }: Route.LoaderArgs) {
  return openSearchDescription(context, request, requestLanguage(request));
}
