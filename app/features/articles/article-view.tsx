import { MetaLine } from "#app/components/meta-line.tsx";
import { BackToList, type ItemKind } from "#app/components/missing-item.tsx";
import { CoverImage } from "#app/components/responsive-image.tsx";
import { Share2 } from "lucide-react";
import { Link } from "react-router";
import { textAttributes, useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import type { ArticleView } from "./load-articles.server.ts";
import { TagLinks } from "./article-list.tsx";

/** Articles' list and missing-article screens. */
export const ARTICLE_KIND: ItemKind = {
  listPath: "/articles",
  back: "articles.back",
  notFoundTitle: "articles.notFoundTitle",
  notFound: "articles.notFound",
  unavailableTitle: "errors.fetchArticle",
  goneTitle: "articles.goneTitle",
  gone: "articles.gone",
};

/**
 * One article as visitors read it (docs/product.md §2, §18): cover, title, author, date, reading time, tags, a
 * table of contents for three headings or more, and the content. The owner's preview renders the same.
 */
export function ArticleBody({ article, share = true }: { article: ArticleView; share?: boolean }) {
  const { t, language } = useI18n();
  const site = useSite();
  const other = article.textLanguage;
  return (
    <article>
      {article.image_url ? (
        <CoverImage src={article.image_url} info={article.image_info} alt={article.image_alt} />
      ) : null}
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <div className="mb-8 flex items-center justify-between gap-4">
          <BackToList kind={ARTICLE_KIND} />
          {share ? (
            <button
              type="button"
              onClick={() =>
                void import("./share-article.ts").then(({ shareArticle }) => shareArticle(article.title, t))
              }
              className="inline-flex items-center gap-2 rounded-md border border-border px-4 py-2 font-medium hover:bg-muted"
            >
              <Share2 aria-hidden="true" className="size-4" />
              {t("articles.share")}
            </button>
          ) : null}
        </div>
        {other ? (
          <p role="note" className="mb-6 rounded-lg border border-border bg-muted/40 p-4">
            {t(`articles.onlyIn.${other}`)}{" "}
            <Link
              to={article.canonicalPath}
              hrefLang={other}
              className="font-medium text-primary underline underline-offset-4"
            >
              {t(`articles.readIn.${other}`)}
            </Link>
          </p>
        ) : null}
        <h1
          {...textAttributes(article.titleLanguage === language ? null : article.titleLanguage)}
          className="text-4xl font-extrabold leading-tight tracking-tight"
        >
          {article.title}
        </h1>
        <MetaLine
          className="mt-4 text-muted-foreground"
          facts={[
            <span key="by">{t("articles.by", { author: site.name })}</span>,
            <time key="date" dateTime={article.date} title={article.dateTimeText}>
              {article.dateText}
            </time>,
            ...(article.readingMinutes > 0
              ? [<span key="reading">{t("articles.readingTime", { count: article.readingMinutes })}</span>]
              : []),
            ...(article.updatedText
              ? [
                  <time key="updated" dateTime={article.modified}>
                    {t("articles.updated", { date: article.updatedText })}
                  </time>,
                ]
              : []),
          ]}
        />
        {article.tags.length > 0 ? <TagLinks tags={article.tags} className="mt-4" /> : null}
        {article.toc.length > 0 ? (
          <nav aria-labelledby="toc-title" className="mt-8 rounded-xl border border-border bg-muted/40 p-5">
            <h2 id="toc-title" className="mb-2 text-lg font-bold">
              {t("articles.contents")}
            </h2>
            <ol {...textAttributes(other)} className="flex flex-col gap-1">
              {article.toc.map((entry) => (
                <li key={entry.id} className={entry.level === 3 ? "ps-5" : undefined}>
                  <a href={`#${entry.id}`} className="text-primary hover:underline">
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div
          {...textAttributes(other)}
          className="prose-article mt-10"
          dangerouslySetInnerHTML={{ __html: article.html }}
        />
      </div>
    </article>
  );
}
