import type { RouterContextProvider } from "react-router";
import type { Language } from "#core/preferences.ts";
import { sampleProjects } from "#core/projects.ts";
import { getServices, readForPage } from "#app/lib/services.server.ts";
import type { ProjectsResult } from "#app/lib/projects-result.ts";

/**
 * Projects for the public pages (docs/product.md §4 "Projects page"): the database's, or the four samples when there
 * are none or the database cannot be read (then with an error for the toast).
 */
export async function loadProjects(
  context: Readonly<RouterContextProvider>,
  language: Language,
): Promise<ProjectsResult> {
  const { data: projects, errorKey } = await readForPage(context, "projects", (services) =>
    services.listProjects(),
  );
  if (projects === null) return { projects: sampleProjects(language), errorKey };
  if (projects.length === 0 && getServices(context).sampleProjects)
    return { projects: sampleProjects(language), errorKey: null };
  return { projects, errorKey: null };
}
