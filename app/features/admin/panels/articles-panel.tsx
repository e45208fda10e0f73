import { api, call } from "#app/features/admin/api/client.ts";
import type { OwnerArticle } from "#db/records.ts";
import type { ArticleStatusFilter } from "#server/features/articles/service.ts";
import { formatShortDateTime } from "#core/dates.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { ArticleForm, articleDraftKey } from "#app/features/admin/forms/article-form.tsx";
import { ContentPanel, type PanelConfig } from "./content-panel.tsx";

/** Where an article stands (docs/product.md §18): draft, scheduled for a time, or published. */
function StatusBadge({ article }: { article: OwnerArticle }) {
  const { t, language } = useI18n();
  const { timeZone } = useSite();
  const tone =
    article.status === "published"
      ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
      : article.status === "scheduled"
        ? "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200"
        : "bg-muted text-muted-foreground";
  const date = article.publish_at ? formatShortDateTime(article.publish_at, language, timeZone) : "";
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {t(`admin.articles.badge.${article.status}`, { date })}
    </span>
  );
}

const config: PanelConfig<OwnerArticle> = {
  kind: "articles",
  load: ({ page, perPage, filter }) =>
    call(() =>
      api.admin.articles.$get({
        query: { page: String(page), perPage: String(perPage), status: filter as ArticleStatusFilter },
      }),
    ),
  remove: (article) => call(() => api.articles[":id"].$delete({ param: { id: article.id } })),
  fetchErrorKey: "errors.fetchArticles",
  deleteErrorKey: "errors.deleteArticle",
  titleOf: (article) => article.title,
  details: (article) => <span dir="ltr">/articles/{article.slug}</span>,
  // The preview shows any article, draft or not, as visitors will see it.
  publicLink: {
    url: (article) => `/preview/${article.id}`,
    labelKey: "admin.articles.previewItem",
  },
  badge: (article) => <StatusBadge article={article} />,
  filter: {
    labelKey: "admin.articles.filter",
    options: [
      { value: "all", labelKey: "admin.articles.filterAll" },
      { value: "draft", labelKey: "admin.articles.filterDraft" },
      { value: "scheduled", labelKey: "admin.articles.filterScheduled" },
      { value: "published", labelKey: "admin.articles.filterPublished" },
    ],
  },
  renderForm: (article, onSaved) => (
    <ArticleForm key={article?.id ?? "new"} article={article} onSaved={onSaved} />
  ),
  draftKey: articleDraftKey,
};

export function ArticlesPanel() {
  return <ContentPanel config={config} />;
}
