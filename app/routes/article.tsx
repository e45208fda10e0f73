import { ArrowLeft, Share2 } from "lucide-react";
import { data, Link } from "react-router";
import { readPreferences } from "#core/preferences.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { loadArticle } from "#app/features/articles/load-articles.server.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
import { siteConfig } from "#config/site.ts";
import { getServices } from "#app/lib/services.server.ts";
import type { Route } from "./+types/article";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { language } = readPreferences(request.headers.get("Cookie"));
  const page = await loadArticle(context, params.slug, language);
  const { siteUrl } = getServices(context);
  const canonical = `${siteUrl}/articles/${encodeURIComponent(params.slug)}`;
  return data({ ...page, canonical, siteUrl }, { status: page.status });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const article = loaderData?.article;
  if (!article) return pageMeta(matches, "meta.articleNotFound", "meta.articleNotFoundDescription");
  const image = article.image_url ?? siteConfig.shareImage;
  return pageMeta(
    matches,
    "meta.article",
    undefined,
    { title: article.title },
    {
      description: article.excerpt,
      type: "article",
      url: loaderData.canonical,
      image: image.startsWith("/") ? loaderData.siteUrl + image : image,
    },
  );
};

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  useErrorToast("errors.fetchArticle", loaderData.errorKey);
  const article = loaderData.article;

  const backLink = (
    <Link to="/articles" className="inline-flex items-center gap-2 font-medium text-primary hover:underline">
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
          alt=""
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
          <span>{t("articles.by", { author: siteConfig.name[language] })}</span>
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
