import { requestLanguage } from "#app/lib/language.ts";
import { loadProjects } from "#app/features/projects/load-projects.server.ts";
import { ProjectsGallery } from "#app/features/projects/projects-gallery.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { metaText, pageHead } from "#app/lib/meta.ts";
import type { Route } from "./+types/projects";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  return { result: await loadProjects(context, language) };
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
