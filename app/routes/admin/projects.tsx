import type { Project } from "#db/records.ts";
import { useI18n } from "#app/lib/i18n.ts";
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

export default function ProjectsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const view = (project: Project) => ({
    ...project,
    // An Arabic-only project is named by its Arabic title (docs/product.md §5.1).
    title: project.title || project.title_ar,
    titleLanguage: project.title ? ("en" as const) : ("ar" as const),
    details: [...new Set([project.category, ...project.tags])].filter(Boolean).join(" · "),
    badge: project.published ? undefined : (
      <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
        {t("admin.projects.draftBadge")}
      </span>
    ),
    // The case study as visitors will see it, draft or not (docs/product.md §28.2).
    link: {
      href: `/preview/projects/${project.id}`,
      label: t("admin.projects.previewItem", { title: project.title || project.title_ar }),
    },
  });
  return <ContentList kind="projects" list={loaderData.list} q={loaderData.q} view={view} movable />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.fetchProjects" />;
}
