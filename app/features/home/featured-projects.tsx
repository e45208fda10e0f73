import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.ts";
import { useErrorToast } from "../../lib/use-error-toast.ts";
import { ProjectCard } from "../../components/project-card.tsx";
import type { ProjectsResult } from "../../lib/projects-result.ts";
import { SectionHeading } from "./section-heading.tsx";

export default function FeaturedProjects({ featured }: { featured: ProjectsResult }) {
  const { t } = useI18n();
  const { projects, errorKey } = featured;
  useErrorToast("errors.fetchProjects", errorKey);
  return (
    <section aria-labelledby="featured-title" className="bg-muted/40 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="featured-title"
          title={t("home.featuredTitle")}
          subtitle={t("home.featuredSubtitle")}
        />
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {projects.map((project, index) => (
            <ProjectCard key={project.id} project={project} index={index} headingLevel="h3" />
          ))}
        </div>
        <div className="mt-10 flex justify-center">
          <Link
            to="/projects"
            prefetch="intent"
            className="inline-flex items-center gap-2 font-semibold text-primary hover:underline"
          >
            {t("home.allProjects")}
            <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </Link>
        </div>
      </div>
    </section>
  );
}
