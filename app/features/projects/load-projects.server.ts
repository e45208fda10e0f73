import type { RouterContextProvider } from "react-router";
import { PROJECTS_PER_PAGE, pageCount } from "#core/paging.ts";
import type { Language } from "#core/preferences.ts";
import { localizeProject, sampleCategory, sampleProjects } from "#core/projects.ts";
import { getServices, readForPage, withImageInfo } from "#app/lib/services.server.ts";
import type { ProjectPageResult, ProjectsResult } from "#app/lib/projects-result.ts";
import { siteConfig } from "#config/site.ts";

/**
 * The home page's projects in the page's language (docs/product.md §4, §5): the featured ones, or the newest; the
 * samples when there are none or the database cannot be read (then with an error for the toast).
 */
export async function loadHomeProjects(
  context: Readonly<RouterContextProvider>,
  language: Language,
): Promise<ProjectsResult> {
  const { data: projects, errorKey } = await readForPage(context, "projects", ({ projects }) =>
    projects.listHome(),
  );
  const samples = () => sampleProjects(language).slice(0, 3);
  const fallbackImage = siteConfig.projectFallbackImage;
  if (projects === null) return { projects: samples(), errorKey, fallbackImage };
  if (projects.length === 0 && getServices(context).site.sampleProjects)
    return { projects: samples(), errorKey: null, fallbackImage };
  const localized = projects.map((project) => localizeProject(project, language));
  return { projects: await withImageInfo(context, localized), errorKey: null, fallbackImage };
}

/**
 * One page of the projects page (docs/product.md §2.5) in the page's language, in the owner's order: of one
 * category when `category` names one, else of all. The samples stand in while there are no projects and when the
 * database cannot be read (then with an error for the toast). A page past the last, a category no project has
 * and a page number that is no number are the list's 404, the same for every such address (it is kept once).
 */
export async function loadProjectPage(
  context: Readonly<RouterContextProvider>,
  language: Language,
  options: { page: number | null; category: string | null },
): Promise<ProjectPageResult> {
  const fallbackImage = siteConfig.projectFallbackImage;
  const page = options.page ?? 0;
  const category = options.category ?? undefined;
  const { data, errorKey } = await readForPage(context, "projects", async ({ projects }) => {
    const [categories, listed] = await Promise.all([
      projects.categories(language),
      projects.publicPage({ page: Math.max(page, 1), perPage: PROJECTS_PER_PAGE, language, category }),
    ]);
    // Whether there is any project at all, when neither answer says so.
    const empty =
      categories.length === 0 && listed.total === 0 && (await projects.countPublic(language)) === 0;
    return { categories, ...listed, empty };
  });
  const notFound = (categories: string[]): ProjectPageResult => ({
    status: 404,
    projects: [],
    categories,
    category: null,
    page: 1,
    pages: 1,
    errorKey: null,
    fallbackImage,
  });
  // The samples: when the database cannot be read, or while there are no projects.
  if (data === null || (data.empty && getServices(context).site.sampleProjects)) {
    const samples = sampleCategory(language, options.category);
    const categories = sampleCategory(language, null)!.categories;
    if (page !== 1 || !samples) return { ...notFound(categories), errorKey };
    const { projects } = samples;
    return {
      status: 200,
      projects,
      categories,
      category: options.category,
      page,
      pages: 1,
      errorKey,
      fallbackImage,
    };
  }
  const pages = pageCount(data.total, PROJECTS_PER_PAGE);
  if (page < 1 || page > pages || (category !== undefined && !data.categories.includes(category)))
    return notFound(data.categories);
  const localized = data.items.map((project) => localizeProject(project, language));
  return {
    status: 200,
    projects: await withImageInfo(context, localized),
    categories: data.categories,
    category: category ?? null,
    page,
    pages,
    errorKey: null,
    fallbackImage,
  };
}
