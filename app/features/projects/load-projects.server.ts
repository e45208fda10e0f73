import type { RouterContextProvider } from "react-router";
import type { Language } from "#core/preferences.ts";
import { localizeProject, sampleProjects } from "#core/projects.ts";
import { getServices, readForPage, withImageInfo } from "#app/lib/services.server.ts";
import type { ProjectsResult } from "#app/lib/projects-result.ts";
import { siteConfig } from "#config/site.ts";

/**
 * Projects for the public pages in the page's language (docs/product.md §4 "Projects page", §5): every project in
 * the owner's order, or the home page's featured ones; the samples when there are none or the database cannot be
 * read (then with an error for the toast).
 */
export async function loadProjects(
  context: Readonly<RouterContextProvider>,
  language: Language,
  which: "all" | "home" = "all",
): Promise<ProjectsResult> {
  const { data: projects, errorKey } = await readForPage(context, "projects", ({ projects }) =>
    which === "home" ? projects.listHome() : projects.list(),
  );
  const samples = () => (which === "home" ? sampleProjects(language).slice(0, 3) : sampleProjects(language));
  const fallbackImage = siteConfig.projectFallbackImage;
  if (projects === null) return { projects: samples(), errorKey, fallbackImage };
  if (projects.length === 0 && getServices(context).site.sampleProjects)
    return { projects: samples(), errorKey: null, fallbackImage };
  const localized = projects.map((project) => localizeProject(project, language));
  return { projects: await withImageInfo(context, localized), errorKey: null, fallbackImage };
}
