import { data } from "react-router";
import { MissingItem, missingState } from "#app/components/missing-item.tsx";
import { CaseStudyBody, PROJECT_KIND } from "#app/features/projects/case-study-view.tsx";
import { loadCaseStudy } from "#app/features/projects/load-case-study.server.ts";
import { caseStudyHead } from "#app/features/projects/case-study-head.ts";
import { requestLanguage } from "#app/lib/language.ts";
import { pageHead } from "#app/lib/meta.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
import type { Route } from "./+types/project";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await loadCaseStudy(context, params.slug, requestLanguage(request));
  return data(page, { status: page.status });
}

export const meta: Route.MetaFunction = (args) => {
  const project = args.loaderData?.project;
  if (!project)
    return pageHead(args, {
      titleKey: "meta.projectNotFound",
      descriptionKey: "meta.notFoundDescription",
      private: true,
    });
  return caseStudyHead(args, project);
};

export default function ProjectRoute({ loaderData }: Route.ComponentProps) {
  useErrorToast("errors.fetchProjects", loaderData.errorKey);
  if (loaderData.project) return <CaseStudyBody project={loaderData.project} />;
  return <MissingItem kind={PROJECT_KIND} state={missingState(loaderData.status)} />;
}
