import { MetaLine } from "#app/components/meta-line.tsx";
import { ResponsiveImage } from "#app/components/responsive-image.tsx";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { LoadFailed } from "#app/components/load-failed.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { textAttributes, useI18n } from "#app/lib/i18n.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
import type { ArticlesResult, TagName } from "./articles-result.ts";

/** An article's tags, each a link to its tag page in the page's language. */
export function TagLinks({ tags, className }: { tags: TagName[]; className?: string }) {
  const { t, localPath } = useI18n();
  return (
    <ul aria-label={t("articles.tags")} className={`flex flex-wrap gap-2 ${className ?? ""}`}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            to={localPath(`/articles/tag/${tag.slug}`)}
            dir="auto"
            className="inline-block rounded-full bg-accent px-3 py-1 text-xs font-medium text-primary hover:underline"
          >
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One page of the articles list (or of a tag's), with its pages. */
export function ArticleList({ result, path }: { result: ArticlesResult; path: string }) {
  const { t, language } = useI18n();
  useErrorToast("errors.fetchArticles", result.errorKey);
  if (result.errorKey) return <LoadFailed titleKey="errors.fetchArticles" descriptionKey={result.errorKey} />;
  if (result.articles.length === 0) {
    return <p className="py-16 text-center text-lg text-muted-foreground">{t("articles.empty")}</p>;
  }
  return (
    <>
      <ol className="flex flex-col gap-6">
        {result.articles.map((article, index) => (
          <li
            key={article.id}
            className="stagger-item overflow-hidden rounded-xl border border-border bg-card shadow-sm"
            style={{ "--stagger-index": index } as CSSProperties}
          >
            <article className="flex flex-col sm:flex-row">
              <Link to={article.path} tabIndex={-1} aria-hidden="true" className="shrink-0 sm:w-56">
                {article.image_url ? (
                  <ResponsiveImage
                    src={article.image_url}
                    info={article.image_info}
                    sizes="(min-width: 640px) 224px, 100vw"
                    alt=""
                    priority={index === 0}
                    className="h-48 w-full object-cover sm:h-full"
                  />
                ) : (
                  <div className="h-48 w-full bg-gradient-to-br from-primary/70 via-violet-500/60 to-sky-400/60 sm:h-full" />
                )}
              </Link>
              <div className="flex flex-col gap-2 p-6">
                <h2
                  {...textAttributes(article.titleLanguage === language ? null : article.titleLanguage)}
                  className={`text-xl font-semibold ${article.titleLanguage === language ? "" : "text-end"}`}
                >
                  <Link to={article.path} prefetch="intent" className="hover:text-primary">
                    {article.title}
                  </Link>
                </h2>
                <MetaLine
                  className="text-sm text-muted-foreground"
                  facts={[
                    <time key="date" dateTime={article.date}>
                      {article.dateText}
                    </time>,
                    ...(article.textLanguage
                      ? [
                          <span key="language" lang={language}>
                            {t(`common.textIn.${article.textLanguage}`)}
                          </span>,
                        ]
                      : []),
                    ...(article.readingMinutes > 0
                      ? [
                          <span key="reading">
                            {t("articles.readingTime", { count: article.readingMinutes })}
                          </span>,
                        ]
                      : []),
                  ]}
                />
                <p
                  {...textAttributes(article.textLanguage)}
                  className={`text-muted-foreground ${article.textLanguage ? "text-end" : ""}`}
                >
                  {article.excerpt}
                </p>
                {article.tags.length > 0 ? <TagLinks tags={article.tags} /> : null}
              </div>
            </article>
          </li>
        ))}
      </ol>
      <Pagination path={path} page={result.page} pages={result.pages} label="articles.pagination" />
    </>
  );
}
