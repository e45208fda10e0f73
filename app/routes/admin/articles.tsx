import { readableAddress } from "#core/readable-address.ts";
import { itemPath } from "#core/slugs.ts";
import type { OwnerArticle } from "#db/records.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { requireOwner } from "#app/features/admin/api/session.ts";
import { ARTICLE_FILTERS, articlesAction, loadArticles } from "#app/features/admin/content/article-data.ts";
import { ContentList } from "#app/features/admin/content/content-list.tsx";
import { StatusBadge } from "#app/features/admin/content/status-badge.tsx";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import type { Route } from "./+types/articles";

// …/articles?page=N&status=draft: the owner's articles, newest first, by status (docs/product.md §18, §21).

export async function clientLoader({ request, context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return loadArticles(request);
}

export const clientAction = ({ request }: Route.ClientActionArgs) => articlesAction(request);

const FILTER_LABELS = {
  all: "admin.articles.filterAll",
  draft: "admin.articles.filterDraft",
  scheduled: "admin.articles.filterScheduled",
  published: "admin.articles.filterPublished",
  untranslated: "admin.translation.filter",
} as const;

export default function ArticlesRoute({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const view = (article: OwnerArticle) => ({
    ...article,
    titleLanguage: article.title_en ? ("en" as const) : ("ar" as const),
    // The address as read (Arabic letters), isolated left to right (Unicode LRI…PDI) inside the page's direction.
    details: `\u2066${readableAddress(itemPath("articles", { en: article.slug, ar: article.slug_ar || article.slug }, language))}\u2069`,
    badge: <StatusBadge article={article} />,
    // The preview shows any article, draft or not, as visitors will see it (docs/product.md §18.4).
    link: {
      href: `/preview/${article.id}`,
      label: t("admin.articles.previewItem", { title: article.title }),
    },
  });
  return (
    <ContentList
      kind="articles"
      list={loaderData.list}
      view={view}
      q={loaderData.q}
      filter={{
        labelKey: "admin.articles.filter",
        value: loaderData.status,
        options: ARTICLE_FILTERS.map((value) => ({ value, labelKey: FILTER_LABELS[value] })),
      }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.fetchArticles" />;
}
