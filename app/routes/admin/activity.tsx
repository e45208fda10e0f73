import { requireOwner } from "#app/features/admin/api/session.ts";
import { loadActivity } from "#app/features/admin/activity/activity-data.ts";
import { ActivityView } from "#app/features/admin/activity/activity-view.tsx";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import type { Route } from "./+types/activity";

// …/activity?page=N&action=…: the audit log (docs/product.md §26.4).

export async function clientLoader({ request, context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return loadActivity(request);
}

export default function ActivityRoute({ loaderData }: Route.ComponentProps) {
  return <ActivityView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.fetchActivity" />;
}
