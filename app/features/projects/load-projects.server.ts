import type { RouterContextProvider } from "react-router";
import type { Language } from "#core/preferences.ts";
import { sampleProjects } from "#core/projects.ts";
import { getServices } from "#app/lib/services.server.ts";
import type { ProjectsResult } from "#app/lib/projects-result.ts";

/**
 * Projects for the public pages (spec §4 "Projects page"): the database's, or the four samples when there
 * are none or the database cannot be read (then with an error for the toast).
 */
export async function loadProjects(
  context: Readonly<RouterContextProvider>,
  language: Language,
): Promise<ProjectsResult> {
  const services = getServices(context);
  try {
    const projects = await services.listProjects();
    if (projects.length === 0 && services.sampleProjects)
      return { projects: sampleProjects(language), errorKey: null };
    return { projects, errorKey: null };
  } catch (error) {
    services.logError("projects could not be read", { error: String(error) });
    return { projects: sampleProjects(language), errorKey: "errors.databaseUnavailable" };
  }
}
