import { ChevronLeft, ChevronRight } from "lucide-react";
import { LOCALES } from "#core/dates.ts";
import { formatNumber } from "#core/intl.ts";
import { pageCount, visiblePages } from "#core/paging.ts";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";

// The page controls of the admin's long lists (docs/product.md §21): how many there are and which ones are shown
// (with the language's plural forms and digits), previous and next, and the page numbers around the current one.
// Buttons rather than links: the admin keeps its place in state and in the address (list-address.ts). The arrows
// point along the line, so they mirror in Arabic.

export interface PagerProps {
  page: number;
  perPage: number;
  total: number;
  /** The nav's accessible name ("Pages of messages"). */
  labelKey: TranslationKey;
  /** The plural forms of "{{from}}–{{to}} of {{count}} …". */
  rangeKey: TranslationKey;
  onPage: (page: number) => void;
}

/** "26–50 of 2,450 messages", announced when it changes. */
export function PageRange({ page, perPage, total, rangeKey }: Omit<PagerProps, "labelKey" | "onPage">) {
  const { t, language } = useI18n();
  if (total === 0) return null;
  const locale = LOCALES[language];
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <p aria-live="polite" className="text-sm text-muted-foreground">
      {t(rangeKey, { count: total, from: formatNumber(from, locale), to: formatNumber(to, locale) })}
    </p>
  );
}

export function Pager({ page, perPage, total, labelKey, rangeKey, onPage }: PagerProps) {
  const { t, language } = useI18n();
  const pages = pageCount(total, perPage);
  const locale = LOCALES[language];
  const button =
    "inline-flex min-w-9 items-center justify-center gap-1 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted disabled:opacity-40 disabled:hover:bg-transparent";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <PageRange page={page} perPage={perPage} total={total} rangeKey={rangeKey} />
      {pages > 1 ? (
        <nav aria-label={t(labelKey)} className="flex flex-wrap items-center gap-1">
          <button
            type="button"
            className={button}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label={t("admin.pages.previous")}
          >
            <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </button>
          <ol className="flex flex-wrap items-center gap-1">
            {visiblePages(page, pages).map((number, index) =>
              number === null ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-sm text-muted-foreground">
                  …
                </li>
              ) : (
                <li key={number}>
                  <button
                    type="button"
                    className={`${button} ${number === page ? "border-primary bg-primary text-primary-foreground hover:bg-primary" : ""}`}
                    aria-label={t(number === page ? "admin.pages.current" : "admin.pages.page", {
                      page: formatNumber(number, locale),
                      pages: formatNumber(pages, locale),
                    })}
                    aria-current={number === page ? "page" : undefined}
                    onClick={() => onPage(number)}
                  >
                    {formatNumber(number, locale)}
                  </button>
                </li>
              ),
            )}
          </ol>
          <button
            type="button"
            className={button}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
            aria-label={t("admin.pages.next")}
          >
            <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </button>
        </nav>
      ) : null}
    </div>
  );
}
