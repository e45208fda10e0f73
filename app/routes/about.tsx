import { Link } from "react-router";
import { useI18n } from "#app/lib/i18n.ts";
import { metaText, pageHead } from "#app/lib/meta.ts";
import { siteConfig } from "#config/site.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, {
    titleKey: "meta.about",
    descriptionKey: "meta.aboutDescription",
    breadcrumbs: [[metaText(args).text("nav.about"), "/about"]],
  });

export default function About() {
  const { t, language, localPath } = useI18n();
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-16 sm:px-6">
      <h1 className="text-center text-4xl font-bold tracking-tight">{t("about.title")}</h1>
      <img
        src={siteConfig.aboutImage}
        alt={t("about.imageAlt")}
        width={1600}
        height={700}
        fetchPriority="high"
        className="aspect-[16/7] w-full rounded-2xl bg-muted object-cover shadow-lg"
      />
      <p className="text-lg leading-8 text-foreground/90">{siteConfig.bio[language]}</p>
      <div className="flex flex-col gap-4">
        <h2 className="text-2xl font-bold">{t("about.skillsTitle")}</h2>
        <ul className="flex flex-wrap gap-3">
          {siteConfig.skills.map((skill) => (
            <li key={skill.en} className="rounded-full bg-accent px-4 py-2 font-medium text-primary">
              {skill[language]}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-4">
        <h2 className="text-2xl font-bold">{t("about.philosophyTitle")}</h2>
        <blockquote className="border-s-4 border-primary ps-6 text-lg italic leading-8 text-muted-foreground">
          {siteConfig.philosophy[language]}
        </blockquote>
      </div>
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-accent px-6 py-12 text-center">
        <h2 className="text-3xl font-bold">{t("about.ctaTitle")}</h2>
        <p className="text-lg text-muted-foreground">{t("about.ctaText")}</p>
        <Link
          to={localPath("/contact")}
          prefetch="intent"
          className="rounded-md bg-primary px-6 py-3 font-semibold text-primary-foreground hover:opacity-90"
        >
          {t("about.ctaButton")}
        </Link>
      </div>
    </section>
  );
}
