import { DownloadCvLink } from "#app/components/download-cv-link.tsx";
import { ResponsiveImage } from "#app/components/responsive-image.tsx";
import { readForPage } from "#app/lib/services.server.ts";
import { Link } from "react-router";
import { useI18n } from "#app/lib/i18n.ts";
import { metaText, pageHead } from "#app/lib/meta.ts";
import { useSite } from "#app/lib/site.ts";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const { data: cv } = await readForPage(context, "cv", ({ cv }) => cv.read());
  return { cvLink: cv?.downloadLink.about ?? false };
}

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, {
    titleKey: "meta.about",
    descriptionKey: "meta.aboutDescription",
    breadcrumbs: [[metaText(args).text("nav.about"), "/about"]],
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { t, localPath } = useI18n();
  const site = useSite();
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-16 sm:px-6">
      <h1 className="text-center text-4xl font-bold tracking-tight">{t("about.title")}</h1>
      <ResponsiveImage
        src={site.aboutImage.url}
        info={site.aboutImage.info}
        small={site.aboutImage.small ? { url: site.aboutImage.small, width: 800, fullWidth: 1600 } : null}
        sizes="(min-width: 1024px) 976px, calc(100vw - 2rem)"
        alt={site.aboutImage.alt}
        width={1600}
        height={700}
        priority
        className="aspect-[16/7] w-full rounded-2xl bg-muted object-cover shadow-lg"
      />
      <p className="text-lg leading-8 text-foreground/90">{site.bio}</p>
      {loaderData.cvLink ? (
        <DownloadCvLink className="inline-flex items-center gap-2 self-start rounded-md border border-border px-5 py-3 font-semibold hover:bg-muted" />
      ) : null}
      <div className="flex flex-col gap-4">
        <h2 className="text-2xl font-bold">{t("about.skillsTitle")}</h2>
        <ul className="flex flex-wrap gap-3">
          {site.skills.map((skill, index) => (
            // A skill is often a product's own name ("Node.js") in either list: its direction from its letters.
            <li key={index} dir="auto" className="rounded-full bg-accent px-4 py-2 font-medium text-primary">
              {skill}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-4">
        <h2 className="text-2xl font-bold">{t("about.philosophyTitle")}</h2>
        {/* Italic in English only: Arabic has no italics (app.css). */}
        <blockquote className="border-s-4 border-primary ps-6 text-lg leading-8 text-muted-foreground ltr:italic">
          {site.philosophy}
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
