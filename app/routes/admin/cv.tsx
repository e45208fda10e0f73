import { requireOwner } from "#app/features/admin/api/session.ts";
import { cvAction, loadCvEditor } from "#app/features/admin/cv/cv-data.ts";
import { CvEditor } from "#app/features/admin/cv/cv-editor.tsx";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import type { Route } from "./+types/cv";

// …/cv: the owner's CV, its own sections and what appears on it (docs/product.md §32).

export async function clientLoader({ context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return loadCvEditor();
}

export const clientAction = ({ request }: Route.ClientActionArgs) => cvAction(request);

export default function CvRoute({ loaderData }: Route.ComponentProps) {
  return <CvEditor {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="cv.fetchFailed" />;
}
