import { ArrowLeft, Share2 } from "lucide-react";
import { data, Link } from "react-router";
import { toast } from "#app/components/ui/toast.tsx";
import { loadArticle } from "#app/features/articles/load-articles.server.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { metaText, ownerJsonLd, pageHead, shareImagePath } from "#app/lib/meta.ts";
import { requestLanguage } from "#app/lib/language.ts";
import { localizePath } from "#core/localized-paths.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
import { useSite } from "#app/lib/site.ts";
import type { Route } from "./+types/article";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await loadArticle(context, params.slug, requestLanguage(request));
  return data(page, { status: page.status });
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.loaderData?.article;
  if (!article)
    return pageHead(args, {
      titleKey: "meta.articleNotFound",
      descriptionKey: "meta.articleNotFoundDescription",
      private: true,
    });
  const { language, origin, text, site } = metaText(args);
  const canonical = origin + localizePath(args.location.pathname, language);
  return pageHead(args, {
    titleKey: "meta.article",
    vars: { title: article.title },
    description: article.excerpt,
    type: "article",
    breadcrumbs: [
      [text("nav.articles"), "/articles"],
      [article.title, `/articles/${article.slug}`],
    ],
    extra: [
      { property: "article:published_time", content: article.date },
      { property: "article:modified_time", content: article.modified },
    ],
    jsonLd: [
      {
        "@type": "BlogPosting",
        headline: article.title,
        description: article.excerpt,
        image: origin + shareImagePath(args.location.pathname, language),
        datePublished: article.date,
        dateModified: article.modified,
        author: ownerJsonLd(origin, language, site),
        publisher: {
          "@type": "Organization",
          name: site.name,
          logo: { "@type": "ImageObject", url: `${origin}/apple-touch-icon.png` },
        },
        inLanguage: language,
        mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
      },
    ],
  });
};

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  const { t, localPath } = useI18n();
  const site = useSite();
  useErrorToast("errors.fetchArticle", loaderData.errorKey);
  const article = loaderData.article;

  const backLink = (
    <Link
      to={localPath("/articles")}
      className="inline-flex items-center gap-2 font-medium text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t("articles.back")}
    </Link>
  );

  if (!article) {
    return (
      <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
        <p className="text-lg">{t("articles.notFound")}</p>
        {backLink}
      </section>
    );
  }

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: article.title, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t("articles.linkCopied") });
    } catch {
      toast({ title: t("articles.shareFailed"), description: url, variant: "destructive" });
    }
  };

  return (
    <article>
      {article.image_url ? (
        <img
          src={article.image_url}
          alt={article.image_alt}
          width={1600}
          height={700}
          fetchPriority="high"
          className="aspect-[16/7] max-h-[28rem] w-full bg-muted object-cover"
        />
      ) : null}
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <div className="mb-8 flex items-center justify-between gap-4">
          {backLink}
          <button
            type="button"
            onClick={() => void share()}
            className="inline-flex items-center gap-2 rounded-md border border-border px-4 py-2 font-medium hover:bg-muted"
          >
            <Share2 aria-hidden="true" className="size-4" />
            {t("articles.share")}
          </button>
        </div>
        <h1 dir="auto" className="text-4xl font-extrabold leading-tight tracking-tight">
          {article.title}
        </h1>
        <p className="mt-4 flex flex-wrap gap-x-3 text-muted-foreground">
          <span>{t("articles.by", { author: site.name })}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={article.date} title={article.dateTimeText}>
            {article.dateText}
          </time>
        </p>
        <div dir="auto" className="prose-article mt-10" dangerouslySetInnerHTML={{ __html: article.html }} />
      </div>
    </article>
  );
}
