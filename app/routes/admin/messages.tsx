import { requireOwner } from "#app/features/admin/api/session.ts";
import { inboxAction, loadInbox } from "#app/features/admin/inbox/inbox-data.ts";
import { InboxView } from "#app/features/admin/inbox/inbox-view.tsx";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import type { Route } from "./+types/messages";

// …/messages?page=N&unread=1&q=…: the contact messages (docs/product.md §12, §21).

export async function clientLoader({ request, context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return loadInbox(request);
}

export const clientAction = ({ request }: Route.ClientActionArgs) => inboxAction(request);

export default function MessagesRoute({ loaderData }: Route.ComponentProps) {
  return <InboxView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.fetchMessages" />;
}
