import { requireOwner } from "#app/features/admin/api/session.ts";
import { loadArticle, saveArticle } from "#app/features/admin/content/article-data.ts";
import { ArticleForm } from "#app/features/admin/content/article-form.tsx";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import type { Route } from "./+types/article-editor";

// …/articles/new and …/articles/:id: the add and edit dialogs over the list (docs/product.md §2.10, §18).

export async function clientLoader({ params, context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return { article: params.id ? await loadArticle(params.id) : undefined };
}

export const clientAction = ({ request, params }: Route.ClientActionArgs) => saveArticle(request, params.id);

export default function ArticleEditorRoute({ loaderData }: Route.ComponentProps) {
  // A form per article: another one's values and draft never carry over.
  return <ArticleForm key={loaderData.article?.id ?? "new"} article={loaderData.article} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.fetchArticles" />;
}
