import { api, call } from "#app/features/admin/api/client.ts";
import type { Article } from "#db/records.ts";
import { ArticleForm, articleDraftKey } from "#app/features/admin/forms/article-form.tsx";
import { ContentPanel, type PanelConfig } from "./content-panel.tsx";

const config: PanelConfig<Article> = {
  kind: "articles",
  load: () => call(() => api.admin.articles.$get()),
  remove: (article) => call(() => api.articles[":id"].$delete({ param: { id: article.id } })),
  fetchErrorKey: "errors.fetchArticles",
  deleteErrorKey: "errors.deleteArticle",
  titleOf: (article) => article.title,
  details: (article) => <span dir="ltr">/articles/{article.slug}</span>,
  publicLink: {
    url: (article) => `/articles/${encodeURIComponent(article.slug)}`,
    labelKey: "admin.articles.viewItem",
  },
  renderForm: (article, onSaved) => (
    <ArticleForm key={article?.id ?? "new"} article={article} onSaved={onSaved} />
  ),
  draftKey: articleDraftKey,
};

export function ArticlesPanel() {
  return <ContentPanel config={config} />;
}
