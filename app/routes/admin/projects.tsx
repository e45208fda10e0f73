import type { Project } from "#db/records.ts";
import { requireOwner } from "#app/features/admin/api/session.ts";
import { ContentList } from "#app/features/admin/content/content-list.tsx";
import { loadProjects, projectsAction } from "#app/features/admin/content/project-data.ts";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import type { Route } from "./+types/projects";

// …/projects?page=N: the owner's projects in their order (docs/product.md §17.6, §21).

export async function clientLoader({ request, context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return loadProjects(request);
}

export const clientAction = ({ request }: Route.ClientActionArgs) => projectsAction(request);

const view = (project: Project) => ({
  ...project,
  details: [...new Set([project.category, ...project.tags])].filter(Boolean).join(" · "),
});

export default function ProjectsRoute({ loaderData }: Route.ComponentProps) {
  return <ContentList kind="projects" list={loaderData} view={view} movable />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.fetchProjects" />;
}
