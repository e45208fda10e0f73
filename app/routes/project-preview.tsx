import { data } from "react-router";
import { MissingItem } from "#app/components/missing-item.tsx";
import { PreviewBanner } from "#app/components/preview-banner.tsx";
import { CaseStudyBody, PROJECT_KIND } from "#app/features/projects/case-study-view.tsx";
import { loadCaseStudyPreview } from "#app/features/projects/load-case-study.server.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { requestLanguage } from "#app/lib/language.ts";
import { pageHead } from "#app/lib/meta.ts";
import type { Route } from "./+types/project-preview";

// The owner's preview of any project, draft or public (docs/product.md §28.2): rendered as the public page, marked
// "Preview", `noindex`, never cached (server/ssr/page-handler.ts), and 404 without the owner's session.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await loadCaseStudyPreview(context, params.id, requestLanguage(request));
  return data(page, { status: page.status });
}

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, {
    titleKey: args.loaderData?.project ? "meta.preview" : "meta.projectNotFound",
    vars: { title: args.loaderData?.project?.title.text ?? "" },
    noindex: true,
  });

export default function ProjectPreview({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { project } = loaderData;
  if (!project) return <MissingItem kind={PROJECT_KIND} />;
  return (
    <>
      <PreviewBanner
        status={t(project.published ? "caseStudy.previewPublished" : "caseStudy.previewDraft")}
        note={t("caseStudy.preview")}
      />
      <CaseStudyBody project={project} />
    </>
  );
}
