import { useState } from "react";
import {
  ALL_CATEGORIES,
  filterProjects,
  projectCategories,
  shouldShowCategoryFilter,
} from "#core/projects.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
import { ProjectCard } from "#app/components/project-card.tsx";
import type { ProjectsResult } from "#app/lib/projects-result.ts";

export function ProjectsGallery({ result }: { result: ProjectsResult }) {
  const { t } = useI18n();
  const [category, setCategory] = useState(ALL_CATEGORIES);
  useErrorToast("errors.fetchProjects", result.errorKey);
  const { projects } = result;

  if (projects.length === 0) {
    return <p className="py-16 text-center text-lg text-muted-foreground">{t("projects.empty")}</p>;
  }
  const visible = filterProjects(projects, category);
  return (
    <>
      {shouldShowCategoryFilter(projects) ? (
        <div
          role="group"
          aria-label={t("projects.filterLabel")}
          className="mb-10 flex flex-wrap justify-center gap-2"
        >
          {projectCategories(projects).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={name === category}
              onClick={() => setCategory(name)}
              className={`rounded-full border px-4 py-2 text-sm font-medium transition-colors ${
                name === category
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-card hover:border-primary hover:text-primary"
              }`}
            >
              <span dir="auto">{name === ALL_CATEGORIES ? t("projects.all") : name}</span>
            </button>
          ))}
        </div>
      ) : null}
      {visible.length === 0 ? (
        <p className="py-16 text-center text-lg text-muted-foreground">{t("projects.noMatch")}</p>
      ) : (
        <div key={category} className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {visible.map((project, index) => (
            <ProjectCard
              key={project.id}
              project={project}
              fallbackImage={result.fallbackImage}
              index={index}
              headingLevel="h2"
              priority={index === 0}
            />
          ))}
        </div>
      )}
    </>
  );
}
