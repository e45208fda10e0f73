import { ResponsiveImage } from "#app/components/responsive-image.tsx";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { DownloadCvLink } from "#app/components/download-cv-link.tsx";
import { SocialLinks } from "#app/components/social-links.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";

/** `cvLink`: the owner switched on the "Download CV" link for the hero (docs/product.md §32). */
export function Hero({ cvLink = false }: { cvLink?: boolean }) {
  const { t, localPath } = useI18n();
  const site = useSite();
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 start-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-primary/10 blur-3xl rtl:translate-x-1/2"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1.2fr_1fr] md:py-24">
        <div className="flex flex-col gap-6 text-center md:text-start">
          <p className="font-semibold text-primary">
            {site.heroGreeting} {site.name}
          </p>
          <h1 className="text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            {site.heroTitle}
          </h1>
          <p className="text-xl font-medium text-foreground/80">{site.heroSubtitle}</p>
          <p className="text-lg leading-8 text-muted-foreground">{site.heroDescription}</p>
          <div className="flex flex-wrap items-center justify-center gap-3 md:justify-start">
            <Link
              to={localPath("/projects")}
              prefetch="intent"
              className="inline-flex items-center gap-2 rounded-md bg-primary px-6 py-3 font-semibold text-primary-foreground shadow hover:opacity-90"
            >
              {t("home.viewProjects")}
              <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            </Link>
            <Link
              to={localPath("/contact")}
              prefetch="intent"
              className="inline-flex items-center rounded-md border border-border px-6 py-3 font-semibold hover:bg-muted"
            >
              {t("home.contactMe")}
            </Link>
            {cvLink ? (
              <DownloadCvLink className="inline-flex items-center gap-2 rounded-md px-4 py-3 font-semibold text-primary hover:bg-muted" />
            ) : null}
          </div>
          <SocialLinks
            links={["github", "linkedin"]}
            className="flex items-center justify-center gap-2 md:justify-start"
            linkClassName="size-11 rounded-full border border-border"
          />
        </div>
        <div className="flex justify-center">
          <ResponsiveImage
            src={site.portrait.url}
            info={site.portrait.info}
            small={site.portrait.small ? { url: site.portrait.small, width: 320, fullWidth: 640 } : null}
            sizes="(min-width: 768px) 384px, 288px"
            width={640}
            height={640}
            alt={site.portrait.alt}
            priority
            className="hero-float aspect-square h-auto w-72 max-w-full rounded-full border-4 border-primary/20 bg-accent object-cover shadow-xl md:w-96"
          />
        </div>
      </div>
    </section>
  );
}
