import { ExternalLink } from "lucide-react";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import type { PublicProject } from "#core/projects.ts";
import { GithubIcon } from "./brand-icons.tsx";
import { IconLink } from "./icon-link.tsx";
import { ResponsiveImage } from "./responsive-image.tsx";
import { TagList } from "./tag-list.tsx";
import { textAttributes, useI18n } from "#app/lib/i18n.ts";

/** A project card (docs/product.md §2 "Projects"): image or fallback, title, description, tags, links, category. */
export function ProjectCard({
  project,
  fallbackImage,
  index,
  headingLevel,
  priority = false,
}: {
  project: PublicProject;
  /** What a project without an image shows (config/site.ts, through the page's loader). */
  fallbackImage: string;
  index: number;
  /** The first card of the projects page, near the top: fetched first. Below the fold elsewhere. */
  priority?: boolean;
  /** h2 on the projects page, h3 under a section heading. */
  headingLevel: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const { t } = useI18n();
  const image = project.image_url || fallbackImage;
  // The sample images ship a 600-pixel copy beside them (public/images/) for phones.
  const small = /^\/images\/(sample-project-\d+|project-fallback)\.webp$/.test(image)
    ? { url: image.replace(/\.webp$/, "-600.webp"), width: 600, fullWidth: 1200 }
    : null;
  return (
    <article
      className="stagger-item flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md"
      style={{ "--stagger-index": index } as CSSProperties}
    >
      <ResponsiveImage
        src={image}
        info={project.image_url ? project.image_info : null}
        small={small}
        sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"
        alt={
          project.image_url
            ? project.image_alt || t("projects.imageAlt", { title: project.title })
            : t("projects.fallbackImageAlt", { title: project.title })
        }
        width={1200}
        height={750}
        priority={priority}
        className="aspect-[8/5] w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <Heading
            {...textAttributes(project.fallback?.title ?? null)}
            className={`text-lg font-semibold ${project.fallback?.title ? "text-end" : ""}`}
          >
            {/* The case study (docs/product.md §28); the samples have none. */}
            {project.path ? (
              <Link to={project.path} className="hover:text-primary hover:underline">
                {project.title}
              </Link>
            ) : (
              project.title
            )}
          </Heading>
          <div className="flex shrink-0 items-center gap-1">
            {project.github_link ? (
              <IconLink
                href={project.github_link}
                label={t("projects.repository", { title: project.title })}
                icon={GithubIcon}
                className="size-9 rounded-md hover:bg-muted"
              />
            ) : null}
            {project.live_link ? (
              <IconLink
                href={project.live_link}
                label={t("projects.live", { title: project.title })}
                icon={ExternalLink}
                className="size-9 rounded-md hover:bg-muted"
              />
            ) : null}
          </div>
        </div>
        {/* The owner's line breaks stay (docs/product.md §5). */}
        <p
          {...textAttributes(project.fallback?.description ?? null)}
          className={`flex-1 whitespace-pre-line text-muted-foreground ${project.fallback?.description ? "text-end" : ""}`}
        >
          {project.description}
        </p>
        {project.tags.length > 0 ? <TagList tags={project.tags} /> : null}
        {project.category ? (
          <p className="text-sm font-medium text-muted-foreground">
            <bdi lang={project.fallback?.category}>{project.category}</bdi>
          </p>
        ) : null}
      </div>
    </article>
  );
}
