import { readPreferences } from "#core/preferences.ts";
import { loadProjects } from "#app/features/projects/load-projects.server.ts";
import { ProjectsGallery } from "#app/features/projects/projects-gallery.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/projects";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = readPreferences(request.headers.get("Cookie"));
  return { result: await loadProjects(context, language) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "meta.projects", "meta.projectsDescription");

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <header className="mb-10 flex flex-col items-center gap-3 text-center">
        <h1 className="text-4xl font-bold tracking-tight">{t("projects.title")}</h1>
        <p className="text-lg text-muted-foreground">{t("projects.subtitle")}</p>
      </header>
      <ProjectsGallery result={loaderData.result} />
    </section>
  );
}
