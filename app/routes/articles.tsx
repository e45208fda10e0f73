import type { CSSProperties } from "react";
import { Link } from "react-router";
import { requestLanguage } from "#app/lib/language.ts";
import type { ArticlesResult } from "#app/features/articles/articles-result.ts";
import { loadArticles } from "#app/features/articles/load-articles.server.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { metaText, pageHead } from "#app/lib/meta.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
import type { Route } from "./+types/articles";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  return { result: await loadArticles(context, language) };
}

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, {
    titleKey: "meta.articles",
    descriptionKey: "meta.articlesDescription",
    breadcrumbs: [[metaText(args).text("nav.articles"), "/articles"]],
  });

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <PageHeader title={t("articles.title")} subtitle={t("articles.description")} className="mb-10" />
      <ArticleList result={loaderData.result} />
    </section>
  );
}

function ArticleList({ result }: { result: ArticlesResult }) {
  const { t, localPath } = useI18n();
  useErrorToast("errors.fetchArticles", result.errorKey);
  if (result.articles.length === 0) {
    return <p className="py-16 text-center text-lg text-muted-foreground">{t("articles.empty")}</p>;
  }
  return (
    <ol className="flex flex-col gap-6">
      {result.articles.map((article, index) => (
        <li
          key={article.id}
          className="stagger-item overflow-hidden rounded-xl border border-border bg-card shadow-sm"
          style={{ "--stagger-index": index } as CSSProperties}
        >
          <article className="flex flex-col sm:flex-row">
            <Link
              to={localPath(`/articles/${article.slug}`)}
              tabIndex={-1}
              aria-hidden="true"
              className="shrink-0 sm:w-56"
            >
              {article.image_url ? (
                <img
                  src={article.image_url}
                  alt=""
                  loading={index < 2 ? "eager" : "lazy"}
                  decoding="async"
                  className="h-48 w-full object-cover sm:h-full"
                />
              ) : (
                <div className="h-48 w-full bg-gradient-to-br from-primary/70 via-violet-500/60 to-sky-400/60 sm:h-full" />
              )}
            </Link>
            <div className="flex flex-col gap-2 p-6">
              <h2 dir="auto" className="text-xl font-semibold">
                <Link
                  to={localPath(`/articles/${article.slug}`)}
                  prefetch="intent"
                  className="hover:text-primary"
                >
                  {article.title}
                </Link>
              </h2>
              <time dateTime={article.date} className="text-sm text-muted-foreground">
                {article.dateText}
              </time>
              <p dir="auto" className="text-muted-foreground">
                {article.excerpt}
              </p>
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
