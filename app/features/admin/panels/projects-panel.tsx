import type { Project } from "#db/records.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { ContentPanel, type PanelConfig } from "./content-panel.tsx";
import { ProjectForm, projectDraftKey } from "#app/features/admin/forms/project-form.tsx";

const config: PanelConfig<Project> = {
  kind: "projects",
  load: ({ page, perPage }) =>
    call(() => api.admin.projects.$get({ query: { page: String(page), perPage: String(perPage) } })),
  remove: (project) => call(() => api.projects[":id"].$delete({ param: { id: project.id } })),
  fetchErrorKey: "errors.fetchProjects",
  deleteErrorKey: "errors.deleteProject",
  titleOf: (project) => project.title,
  details: (project) => [...new Set([project.category, ...project.tags])].filter(Boolean).join(" · "),
  renderForm: (project, onSaved) => (
    <ProjectForm key={project?.id ?? "new"} project={project} onSaved={onSaved} />
  ),
  draftKey: projectDraftKey,
  move: (project, direction, perPage) =>
    call(() =>
      api.projects[":id"].move.$post({
        param: { id: project.id },
        query: { perPage: String(perPage) },
        json: { direction },
      }),
    ),
  featured: (project) => project.featured,
};

export function ProjectsPanel() {
  return <ContentPanel config={config} />;
}
