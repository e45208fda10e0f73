import { data } from "react-router";
import { MissingItem, missingState } from "#app/components/missing-item.tsx";
import { ARTICLE_KIND, ArticleBody } from "#app/features/articles/article-view.tsx";
import { loadArticle } from "#app/features/articles/load-articles.server.ts";
import { metaText, ownerJsonLd, pageHead, shareImagePath } from "#app/lib/meta.ts";
import { requestLanguage } from "#app/lib/language.ts";
import { useErrorToast } from "#app/lib/use-error-toast.ts";
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
  // A page whose text is in the other language names the original as canonical (decision 015).
  const canonical = origin + article.canonicalPath;
  const title = article.metaTitle || article.title;
  const description = article.metaDescription || article.excerpt;
  return pageHead(args, {
    titleKey: "meta.article",
    vars: { title },
    description,
    type: "article",
    alternates: article.paths,
    canonicalPath: article.canonicalPath,
    image: article.shareImage,
    breadcrumbs: [
      [text("nav.articles"), "/articles"],
      [article.title, args.location.pathname],
    ],
    extra: [
      { property: "article:published_time", content: article.date },
      { property: "article:modified_time", content: article.modified },
    ],
    jsonLd: [
      {
        "@type": "BlogPosting",
        headline: title,
        description,
        image: origin + (article.shareImage ?? shareImagePath(args.location.pathname, language)),
        datePublished: article.date,
        dateModified: article.modified,
        author: ownerJsonLd(origin, language, site),
        publisher: {
          "@type": "Organization",
          name: site.name,
          logo: { "@type": "ImageObject", url: `${origin}/apple-touch-icon.png` },
        },
        inLanguage: article.textLanguage ?? language,
        ...(article.tags.length > 0 ? { keywords: article.tags.map((tag) => tag.name).join(", ") } : {}),
        mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
      },
    ],
  });
};

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  useErrorToast("errors.fetchArticle", loaderData.errorKey);
  if (loaderData.article) return <ArticleBody article={loaderData.article} />;
  return <MissingItem kind={ARTICLE_KIND} state={missingState(loaderData.status)} />;
}
