import { data } from "react-router";
import { requestLanguage } from "#app/lib/language.ts";
import { loadProjectPage } from "#app/features/projects/load-projects.server.ts";
import { ProjectsGallery } from "#app/features/projects/projects-gallery.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { listPageHead } from "#app/lib/meta.ts";
import { languageOfPath } from "#core/localized-paths.ts";
import { requestedPage } from "#core/paging.ts";
import { sampleCategory } from "#core/projects.ts";
import { UNREACHABLE, orWhenUnreachable } from "#app/lib/unreachable.ts";
import type { Route } from "./+types/projects";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const result = await loadProjectPage(context, requestLanguage(request), {
    page: requestedPage(searchParams),
    category: searchParams.get("category"),
  });
  return data({ result }, { status: result.status });
}

/** Without the server the samples show, with the error toast (docs/product.md §4.7); each has its own image. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return orWhenUnreachable(serverLoader, () => {
    const url = new URL(request.url);
    const language = languageOfPath(url.pathname);
    const asked = url.searchParams.get("category");
    const category = asked !== null && sampleCategory(language, asked) ? asked : null;
    const { projects, categories } = sampleCategory(language, category)!;
    return {
      result: {
        status: 200 as const,
        projects,
        categories,
        category,
        page: 1,
        pages: 1,
        errorKey: UNREACHABLE,
        fallbackImage: "",
      },
    };
  });
}

export const meta: Route.MetaFunction = (args) =>
  listPageHead(args, args.loaderData?.result, {
    titleKey: "meta.projects",
    pagedTitleKey: "meta.projectsPage",
    descriptionKey: "meta.projectsDescription",
    path: "/projects",
    section: "projects",
  });

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <PageHeader title={t("projects.title")} subtitle={t("projects.subtitle")} className="mb-10" />
      <ProjectsGallery result={loaderData.result} />
    </section>
  );
}
