import { replace } from "react-router";
import { requestLanguage } from "#app/lib/language.ts";
import { localizePath } from "#core/localized-paths.ts";
import type { Route } from "./+types/dashboard";

// docs/product.md §2: /dashboard redirects to / and replaces the history entry (an HTTP redirect for a document request).
export function loader({ request }: Route.LoaderArgs) {
  return replace(localizePath("/", requestLanguage(request)));
}
