import { useI18n } from "#app/lib/i18n.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
import { LoadFailed } from "#app/components/load-failed.tsx";
import { ProjectCard } from "#app/components/project-card.tsx";
import type { ProjectsResult } from "#app/lib/projects-result.ts";
import { SectionHeading, SectionLink } from "./section-heading.tsx";

export default function FeaturedProjects({ featured }: { featured: ProjectsResult }) {
  const { t, localPath } = useI18n();
  const { projects, errorKey, fallbackImage } = featured;
  useErrorToast("errors.fetchProjects", errorKey);
  return (
    <section aria-labelledby="featured-title" className="bg-muted/40 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="featured-title"
          title={t("home.featuredTitle")}
          subtitle={t("home.featuredSubtitle")}
        />
        {/* Unread projects: the samples stand in, with the toast (docs/product.md §4.7); failed and none to show: say so. */}
        {errorKey && projects.length === 0 ? (
          <LoadFailed titleKey="errors.fetchProjects" descriptionKey={errorKey} />
        ) : projects.length === 0 ? (
          // No projects and no samples (SAMPLE_PROJECTS=off): say so rather than show a blank area.
          <p className="py-10 text-center text-lg text-muted-foreground">{t("projects.empty")}</p>
        ) : (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {projects.map((project, index) => (
              <ProjectCard
                key={project.id}
                project={project}
                fallbackImage={fallbackImage}
                index={index}
                headingLevel="h3"
              />
            ))}
          </div>
        )}
        <SectionLink to={localPath("/projects")}>{t("home.allProjects")}</SectionLink>
      </div>
    </section>
  );
}
