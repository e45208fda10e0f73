import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { formatNumber } from "#core/intl.ts";
import { pageCount, visiblePages } from "#core/paging.ts";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { searchWith } from "./list-query.ts";

// The page controls of the admin's long lists (docs/product.md §21): how many there are and which ones are shown
// (with the language's plural forms and digits), previous and next, and the page numbers around the current one.
// Each is a link to the list's address with that page (list-query.ts); choosing one moves the focus to the list's
// heading. The arrows point along the line, so they mirror in Arabic.

export interface PagerProps {
  page: number;
  perPage: number;
  total: number;
  /** The nav's accessible name ("Pages of messages"). */
  labelKey: TranslationKey;
  /** The plural forms of "{{from}}–{{to}} of {{count}} …". */
  rangeKey: TranslationKey;
  /** The list's heading, which gets the focus when a page is chosen. */
  headingId: string;
}

/** "26–50 of 2,450 messages", announced when it changes. */
function PageRange({ page, perPage, total, rangeKey }: Omit<PagerProps, "labelKey" | "headingId">) {
  const { t, locale } = useI18n();
  if (total === 0) return null;
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <p aria-live="polite" className="text-sm text-muted-foreground">
      {t(rangeKey, { count: total, from: formatNumber(from, locale), to: formatNumber(to, locale) })}
    </p>
  );
}

const control =
  "inline-flex min-w-9 items-center justify-center gap-1 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted aria-disabled:opacity-40 aria-disabled:hover:bg-transparent";

export function Pager({ page, perPage, total, labelKey, rangeKey, headingId }: PagerProps) {
  const { t, locale } = useI18n();
  const { search } = useLocation();
  const pages = pageCount(total, perPage);
  const link = (number: number, props: { label: string; current?: boolean; children: ReactNode }) =>
    number < 1 || number > pages ? (
      <a role="link" aria-disabled="true" aria-label={props.label} className={control}>
        {props.children}
      </a>
    ) : (
      <Link
        to={{ search: searchWith(search, { page: String(number) }) }}
        preventScrollReset
        onClick={() => document.getElementById(headingId)?.focus()}
        aria-label={props.label}
        aria-current={props.current ? "page" : undefined}
        className={`${control} ${props.current ? "border-primary bg-primary text-primary-foreground hover:bg-primary" : ""}`}
      >
        {props.children}
      </Link>
    );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <PageRange page={page} perPage={perPage} total={total} rangeKey={rangeKey} />
      {pages > 1 ? (
        <nav aria-label={t(labelKey)} className="flex flex-wrap items-center gap-1">
          {link(page - 1, {
            label: t("admin.pages.previous"),
            children: <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />,
          })}
          <ol className="flex flex-wrap items-center gap-1">
            {visiblePages(page, pages).map((number, index) =>
              number === null ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-sm text-muted-foreground">
                  …
                </li>
              ) : (
                <li key={number}>
                  {link(number, {
                    label: t(number === page ? "admin.pages.current" : "admin.pages.page", {
                      page: formatNumber(number, locale),
                      pages: formatNumber(pages, locale),
                    }),
                    current: number === page,
                    children: formatNumber(number, locale),
                  })}
                </li>
              ),
            )}
          </ol>
          {link(page + 1, {
            label: t("admin.pages.next"),
            children: <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />,
          })}
        </nav>
      ) : null}
    </div>
  );
}
