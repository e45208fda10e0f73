import { FileDown } from "lucide-react";
import { CvSections } from "#app/features/cv/cv-sections.tsx";
import { loadCv } from "#app/features/cv/load-cv.server.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { requestLanguage } from "#app/lib/language.ts";
import { metaText, pageHead } from "#app/lib/meta.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
import { cvPersonJsonLd } from "#app/features/cv/cv-json-ld.ts";
import type { Route } from "./+types/cv";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCv(context, requestLanguage(request));
}

export const meta: Route.MetaFunction = (args) => {
  const cv = args.loaderData?.cv;
  return pageHead(args, {
    titleKey: "cv.metaTitle",
    descriptionKey: "cv.metaDescription",
    breadcrumbs: [[metaText(args).text("cv.title"), "/cv"]],
    jsonLd: cv ? [cvPersonJsonLd(cv)] : [],
  });
};

export default function CvPage({ loaderData }: Route.ComponentProps) {
  const { t, language, localPath } = useI18n();
  useErrorToast("cv.fetchFailed", loaderData.errorKey);
  const cv = loaderData.cv;
  if (!cv) return null;
  const file = (name: string) => localPath(`/${name}`);
  return (
    <article className="cv-page mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12 sm:px-6 print:max-w-none print:gap-6 print:p-0">
      <header className="flex flex-col-reverse gap-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-4xl font-bold tracking-tight">{cv.name}</h1>
          <p className="text-xl text-muted-foreground">{cv.role}</p>
          <h2 className="sr-only">{t("cv.contact")}</h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {cv.location ? <li>{cv.location}</li> : null}
            <li>
              <a href={`mailto:${cv.email}`} dir="ltr" className="text-primary">
                {cv.email}
              </a>
            </li>
            <li>
              <a href={`tel:${cv.phone.replace(/\s/g, "")}`} dir="ltr" className="text-primary">
                {cv.phone}
              </a>
            </li>
            <li>
              <a href={cv.website} dir="ltr" className="text-primary">
                {cv.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
              </a>
            </li>
            {cv.profiles.map((profile) => (
              <li key={profile.network}>
                <a href={profile.url} className="text-primary" dir="ltr">
                  {profile.network}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {cv.portrait ? (
          <img
            src={cv.portrait.url}
            alt={cv.portrait.alt}
            width={128}
            height={128}
            className="size-32 shrink-0 rounded-2xl bg-muted object-cover"
          />
        ) : null}
      </header>
      <nav aria-label={t("cv.actions")} className="flex flex-wrap gap-3 print:hidden">
        <a
          href={file("cv.pdf")}
          className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground hover:opacity-90"
        >
          <FileDown aria-hidden="true" className="size-5" />
          {t("cv.downloadPdf")}
        </a>
        <a
          href={`${file("cv.pdf")}?paper=letter`}
          className="rounded-md border border-border px-4 py-2 hover:bg-accent"
        >
          {t("cv.downloadLetter")}
        </a>
        <a
          href={file("cv.json")}
          className="rounded-md border border-border px-4 py-2 hover:bg-accent"
          lang="en"
          dir="ltr"
        >
          {t("cv.jsonResume")}
        </a>
      </nav>
      <CvSections sections={cv.sections} page={language} />
    </article>
  );
}
