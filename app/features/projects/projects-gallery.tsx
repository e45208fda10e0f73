import { Link } from "react-router";
import { useI18n } from "#app/lib/i18n.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
import { LoadFailed } from "#app/components/load-failed.tsx";
import { Pagination, pageHref } from "#app/components/pagination.tsx";
import { ProjectCard } from "#app/components/project-card.tsx";
import type { ProjectPageResult } from "#app/lib/projects-result.ts";

/**
 * The projects page's grid, a page at a time, with its category filter (docs/product.md §2.5): a link per
 * category, served by the server, so it works without JavaScript too.
 */
export function ProjectsGallery({ result }: { result: ProjectPageResult }) {
  const { t, localPath } = useI18n();
  useErrorToast("errors.fetchProjects", result.errorKey);
  const path = localPath("/projects");
  const filter = result.category === null ? undefined : { category: result.category };
  const { projects } = result;

  // Unread projects: the samples stand in, with the toast (docs/product.md §4.7); failed and none to show: say so.
  if (result.errorKey && projects.length === 0)
    return <LoadFailed titleKey="errors.fetchProjects" descriptionKey={result.errorKey} />;
  if (result.status === 200 && projects.length === 0) {
    return <p className="py-16 text-center text-lg text-muted-foreground">{t("projects.empty")}</p>;
  }
  return (
    <>
      {result.categories.length > 1 ? (
        <nav aria-label={t("projects.filterLabel")} className="mb-10">
          <ul className="flex flex-wrap justify-center gap-2">
            {[null, ...result.categories].map((name) => {
              const current = result.status === 200 && name === result.category;
              return (
                <li key={name ?? ""}>
                  <Link
                    to={pageHref(path, 1, name === null ? undefined : { category: name })}
                    aria-current={current ? "page" : undefined}
                    className={`inline-block rounded-full border px-4 py-2 text-sm font-medium transition-colors ${
                      current
                        ? "border-primary bg-primary text-primary-foreground"
                        : "border-border bg-card hover:border-primary hover:text-primary"
                    }`}
                  >
                    <span dir="auto">{name ?? t("projects.all")}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      {projects.length === 0 ? (
        <p className="py-16 text-center text-lg text-muted-foreground">{t("projects.noMatch")}</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {projects.map((project, index) => (
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
      <Pagination
        path={path}
        page={result.page}
        pages={result.pages}
        filter={filter}
        label="projects.pagination"
      />
    </>
  );
}
