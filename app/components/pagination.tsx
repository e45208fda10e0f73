import { Link } from "react-router";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { formatNumber } from "#core/intl.ts";
import { listSearch, visiblePages } from "#core/paging.ts";
import { useI18n } from "#app/lib/i18n.ts";

/** The address of a page of a list: page 1 is the list's own address (with its filter, when it has one). */
export function pageHref(path: string, page: number, filter?: Record<string, string>) {
  return `${path}${listSearch(page, filter)}`;
}

/** Numbered pages of a list with previous and next (docs/product.md §18.9): the articles, a tag's, the projects. */
export function Pagination({
  path,
  page,
  pages,
  filter,
  label,
}: {
  path: string;
  page: number;
  pages: number;
  /** The list's filter, kept on every page (`?category=`). */
  filter?: Record<string, string>;
  /** What the pages are of, for screen readers. */
  label: TranslationKey;
}) {
  const { t, locale } = useI18n();
  if (pages <= 1) return null;
  const href = (number: number) => pageHref(path, number, filter);
  const link = "rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted";
  return (
    <nav aria-label={t(label)} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={link}>
          {t("articles.previous")}
        </Link>
      ) : null}
      <ol className="flex flex-wrap gap-1">
        {visiblePages(page, pages).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-2 py-1.5 text-sm text-muted-foreground">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={href(number)}
                aria-label={t("articles.pageNumber", { page: number })}
                aria-current={number === page ? "page" : undefined}
                className={`${link} ${number === page ? "border-primary bg-primary text-primary-foreground" : ""}`}
              >
                {formatNumber(number, locale)}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className={link}>
          {t("articles.next")}
        </Link>
      ) : null}
    </nav>
  );
}
