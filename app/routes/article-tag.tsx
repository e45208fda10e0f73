import { data } from "react-router";
import { requestLanguage } from "#app/lib/language.ts";
import { ArticleList } from "#app/features/articles/article-list.tsx";
import { loadArticlePage } from "#app/features/articles/load-articles.server.ts";
import { requestedPage } from "#core/paging.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { listPageHead } from "#app/lib/meta.ts";
import { ListNotFound } from "./articles.tsx";
import type { Route } from "./+types/article-tag";

// The articles of one tag (docs/product.md §18), paginated like the whole list.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const tag = /^[\w-]{1,80}$/.test(params.tag) ? params.tag : "";
  const result = await loadArticlePage(context, requestLanguage(request), {
    page: tag ? requestedPage(new URL(request.url).searchParams) : null,
    tag: tag || undefined,
  });
  return data({ result }, { status: result.status });
}

export const meta: Route.MetaFunction = (args) =>
  listPageHead(args, args.loaderData?.result, {
    titleKey: "meta.tag",
    descriptionKey: "meta.tagDescription",
    path: `/articles/tag/${args.params.tag}`,
    section: "articles",
  });

export default function ArticleTag({ loaderData }: Route.ComponentProps) {
  const { t, localPath } = useI18n();
  const { result } = loaderData;
  if (result.status === 404 || !result.tag) return <ListNotFound />;
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <PageHeader
        title={t("articles.tagTitle", { tag: result.tag.name })}
        subtitle={t("articles.description")}
        className="mb-10"
      />
      <ArticleList result={result} path={localPath(`/articles/tag/${result.tag.slug}`)} />
    </section>
  );
}
