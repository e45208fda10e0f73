import { requireOwner } from "#app/features/admin/api/session.ts";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import { loadVisits } from "#app/features/admin/visits/visits-data.ts";
import { VisitsView } from "#app/features/admin/visits/visits-view.tsx";
import type { Route } from "./+types/visits";

// …/visits?days=30 or ?from=&to=: visits and the pages that lead to messages (docs/product.md §27.5). Its charts'
// library is imported by this view's code only.

export async function clientLoader({ request, context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return loadVisits(request);
}

export default function VisitsRoute({ loaderData }: Route.ComponentProps) {
  return <VisitsView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.fetchVisits" />;
}
