import { requireOwner } from "#app/features/admin/api/session.ts";
import { loadProject, saveProject } from "#app/features/admin/content/project-data.ts";
import { ProjectForm } from "#app/features/admin/content/project-form.tsx";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import type { Route } from "./+types/project-editor";

// …/projects/new and …/projects/:id: the add and edit dialogs over the list (docs/product.md §2.10).

export async function clientLoader({ params, context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return { project: params.id ? await loadProject(params.id) : undefined };
}

export const clientAction = ({ request, params }: Route.ClientActionArgs) => saveProject(request, params.id);

export default function ProjectEditorRoute({ loaderData }: Route.ComponentProps) {
  // A form per project: another one's values and draft never carry over.
  return <ProjectForm key={loaderData.project?.id ?? "new"} project={loaderData.project} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.fetchProjects" />;
}
