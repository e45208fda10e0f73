import { formatShortDateTime } from "#core/dates.ts";
import type { OwnerArticle } from "#db/records.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";

/** Where an article stands (docs/product.md §18): draft, scheduled for a time, or published. */
export function StatusBadge({ article }: { article: OwnerArticle }) {
  const { t, locale } = useI18n();
  const { timeZone } = useSite();
  const tone =
    article.status === "published"
      ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
      : article.status === "scheduled"
        ? "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200"
        : "bg-muted text-muted-foreground";
  const date = article.publish_at ? formatShortDateTime(article.publish_at, locale, timeZone) : "";
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {t(`admin.articles.badge.${article.status}`, { date })}
    </span>
  );
}
