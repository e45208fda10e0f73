import { data } from "react-router";
import { requestLanguage } from "#app/lib/language.ts";
import { ArticleList } from "#app/features/articles/article-list.tsx";
import { pageHref } from "#app/components/pagination.tsx";
import { loadArticlePage } from "#app/features/articles/load-articles.server.ts";
import { requestedPage } from "#core/paging.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { listPageHead } from "#app/lib/meta.ts";
import { UNREACHABLE, orWhenUnreachable } from "#app/lib/unreachable.ts";
import type { Route } from "./+types/articles";

export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await loadArticlePage(context, requestLanguage(request), {
    page: requestedPage(new URL(request.url).searchParams),
  });
  return data({ result }, { status: result.status });
}

/** Without the server the list's error toast shows over an empty list (docs/product.md §8.1). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return orWhenUnreachable(serverLoader, () => ({
    result: { status: 200 as const, errorKey: UNREACHABLE, articles: [], page: 1, pages: 1, tag: null },
  }));
}

export const meta: Route.MetaFunction = (args) =>
  listPageHead(args, args.loaderData?.result, {
    titleKey: "meta.articles",
    pagedTitleKey: "meta.articlesPage",
    descriptionKey: "meta.articlesDescription",
    path: "/articles",
    section: "articles",
  });

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { t, localPath } = useI18n();
  const { result } = loaderData;
  if (result.status === 404) return <ListNotFound />;
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <PageHeader title={t("articles.title")} subtitle={t("articles.description")} className="mb-10" />
      <ArticleList result={result} path={localPath("/articles")} />
    </section>
  );
}

/** A page of a list that does not exist (past the last one, or a tag no article has). */
export function ListNotFound() {
  const { t, localPath } = useI18n();
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t("notFound.title")}</h1>
      <a href={pageHref(localPath("/articles"), 1)} className="font-medium text-primary hover:underline">
        {t("articles.allArticles")}
      </a>
    </section>
  );
}
