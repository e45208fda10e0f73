import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { GithubIcon } from "#app/components/brand-icons.tsx";
import { BackToList, type ItemKind } from "#app/components/missing-item.tsx";
import { CoverImage } from "#app/components/responsive-image.tsx";
import { TagList } from "#app/components/tag-list.tsx";
import { TestimonialQuote } from "#app/components/testimonial-quote.tsx";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { directionOf } from "#core/preferences.ts";
import type { LocalText } from "#core/projects.ts";
import { CaseStudyGallery } from "./case-study-gallery.tsx";
import type { CaseStudyView } from "./load-case-study.server.ts";

// A project's case study as visitors read it (docs/product.md §28): cover, title, summary, the facts, key results,
// problem, approach and outcome, links and the gallery. The owner's preview renders the same. Every text carries
// the language it is in: on an Arabic page, English standing in is marked `lang="en"` and reads left to right.

/** Projects' list and missing-project screens. */
export const PROJECT_KIND: ItemKind = {
  listPath: "/projects",
  back: "caseStudy.back",
  notFoundTitle: "caseStudy.notFoundTitle",
  notFound: "caseStudy.notFound",
  unavailableTitle: "errors.fetchProjects",
  goneTitle: "caseStudy.goneTitle",
  gone: "caseStudy.gone",
};

/**
 * A text in the language it is written in, with that language's direction: an Arabic period of digits only
 * ("٢٠٢٤ – ٢٠٢٥") still reads from the right. With `besideLabel`, a text standing in from the other language sits
 * on the side its label reads from.
 */
function Local({
  value,
  as: Tag = "span",
  className = "",
  besideLabel = false,
}: {
  value: LocalText;
  as?: "span" | "p" | "h1" | "dd";
  className?: string;
  besideLabel?: boolean;
}) {
  const { language } = useI18n();
  const across = besideLabel && value.lang !== language ? " text-end" : "";
  return (
    <Tag lang={value.lang} dir={directionOf(value.lang)} className={className + across}>
      {value.text}
    </Tag>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="mb-4 text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const STORY = [
  ["problem", "caseStudy.problem"],
  ["approach", "caseStudy.approach"],
  ["outcome", "caseStudy.outcome"],
] as const satisfies readonly (readonly [keyof CaseStudyView, TranslationKey])[];

export function CaseStudyBody({ project }: { project: CaseStudyView }) {
  const { t, language } = useI18n();
  const facts = (
    [
      ["caseStudy.client", project.client],
      ["caseStudy.role", project.role],
      ["caseStudy.period", project.period],
    ] as const
  ).filter(([, value]) => value.text !== "");
  return (
    <article>
      {project.image_url ? (
        <CoverImage src={project.image_url} info={project.image_info} alt={project.image_alt} />
      ) : null}
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <BackToList kind={PROJECT_KIND} />
        <Local
          value={project.title}
          as="h1"
          className="mt-8 block text-4xl font-extrabold leading-tight tracking-tight"
        />
        {project.summary.text ? (
          <Local
            value={project.summary}
            as="p"
            className="mt-4 whitespace-pre-line text-lg text-muted-foreground"
          />
        ) : null}
        {facts.length > 0 || project.tags.length > 0 ? (
          <dl className="mt-8 grid gap-4 rounded-xl border border-border bg-muted/40 p-5 sm:grid-cols-2">
            {facts.map(([key, value]) => (
              <div key={key}>
                <dt className="text-sm font-semibold text-muted-foreground">{t(key)}</dt>
                <Local value={value} as="dd" className="mt-1 block font-medium" besideLabel />
              </div>
            ))}
            {project.tags.length > 0 ? (
              <div className="sm:col-span-2">
                <dt className="text-sm font-semibold text-muted-foreground">{t("caseStudy.stack")}</dt>
                <dd className="mt-2">
                  <TagList tags={project.tags} />
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {project.live_link || project.github_link ? (
          <p className="mt-6 flex flex-wrap gap-3">
            {project.live_link ? (
              <a
                href={project.live_link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:bg-primary/90"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                {t("caseStudy.live")}
              </a>
            ) : null}
            {project.github_link ? (
              <a
                href={project.github_link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-md border border-border px-4 py-2 font-medium hover:bg-muted"
              >
                <GithubIcon aria-hidden="true" className="size-4" />
                {t("caseStudy.code")}
              </a>
            ) : null}
          </p>
        ) : null}
        {project.results.items.length > 0 ? (
          <Section id="case-results" title={t("caseStudy.results")}>
            {/* The grid follows the page, as its heading does; each result reads in its own language. */}
            <ul lang={project.results.lang} className="grid gap-3 sm:grid-cols-2">
              {project.results.items.map((result, index) => (
                <li
                  key={index}
                  dir={directionOf(project.results.lang)}
                  className={`rounded-xl border border-border bg-card p-4 text-lg font-bold text-primary ${
                    project.results.lang === language ? "" : "text-end"
                  }`}
                >
                  {result}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {STORY.map(([name, key]) =>
          project[name].text ? (
            <Section key={name} id={`case-${name}`} title={t(key)}>
              <div
                lang={project[name].lang}
                dir={directionOf(project[name].lang)}
                className="prose-article"
                dangerouslySetInnerHTML={{ __html: project[name].text }}
              />
            </Section>
          ) : null,
        )}
        {project.testimonials.length > 0 ? (
          <Section id="case-testimonials" title={t("testimonials.heading")}>
            <ul className="grid gap-4">
              {project.testimonials.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialQuote testimonial={testimonial} />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {project.gallery.length > 0 ? (
          <Section id="case-gallery" title={t("caseStudy.gallery")}>
            <CaseStudyGallery images={project.gallery} title={project.title.text} />
          </Section>
        ) : null}
      </div>
    </article>
  );
}
