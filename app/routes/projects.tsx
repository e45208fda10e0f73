import { requestLanguage } from "#app/lib/language.ts";
import { loadProjects } from "#app/features/projects/load-projects.server.ts";
import { ProjectsGallery } from "#app/features/projects/projects-gallery.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { metaText, pageHead } from "#app/lib/meta.ts";
import { languageOfPath } from "#core/localized-paths.ts";
import { sampleProjects } from "#core/projects.ts";
import { UNREACHABLE, orWhenUnreachable } from "#app/lib/unreachable.ts";
import type { Route } from "./+types/projects";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  return { result: await loadProjects(context, language) };
}

/** Without the server the samples show, with the error toast (docs/product.md §4.7); each has its own image. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return orWhenUnreachable(serverLoader, () => ({
    result: {
      projects: sampleProjects(languageOfPath(new URL(request.url).pathname)),
      errorKey: UNREACHABLE,
      fallbackImage: "",
    },
  }));
}

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, {
    titleKey: "meta.projects",
    descriptionKey: "meta.projectsDescription",
    breadcrumbs: [[metaText(args).text("nav.projects"), "/projects"]],
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
