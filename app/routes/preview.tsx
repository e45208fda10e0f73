import { data } from "react-router";
import { MissingItem } from "#app/components/missing-item.tsx";
import { PreviewBanner } from "#app/components/preview-banner.tsx";
import { ARTICLE_KIND, ArticleBody } from "#app/features/articles/article-view.tsx";
import { loadPreview } from "#app/features/articles/load-articles.server.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { requestLanguage } from "#app/lib/language.ts";
import { pageHead } from "#app/lib/meta.ts";
import { readSite } from "#app/lib/services.server.ts";
import { formatLongDateTime } from "#core/dates.ts";
import type { Route } from "./+types/preview";

// The owner's preview of any article, draft or scheduled (docs/product.md §18): rendered exactly as the public
// page, marked "Preview", `noindex`, never cached (server/ssr/page-handler.ts), and 404 without the owner's
// session.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const page = await loadPreview(context, params.id, language);
  const { timeZone, locale } = await readSite(context, language);
  const publishAt = page.article?.publication.publish_at;
  return data(
    { ...page, publishAtText: publishAt ? formatLongDateTime(publishAt, locale, timeZone) : null },
    { status: page.status },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageHead(args, {
    titleKey: args.loaderData?.article ? "meta.preview" : "meta.articleNotFound",
    vars: { title: args.loaderData?.article?.title ?? "" },
    noindex: true,
  });

export default function Preview({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { article, publishAtText } = loaderData;
  if (!article) return <MissingItem kind={ARTICLE_KIND} />;
  const status = article.publication.status;
  return (
    <>
      <PreviewBanner
        status={t(`articles.previewStatus.${status}`, { date: publishAtText ?? "" })}
        note={t("articles.preview")}
      />
      <ArticleBody article={article} share={false} />
    </>
  );
}
