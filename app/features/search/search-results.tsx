import { Fragment } from "react";
import { Form, Link } from "react-router";
import { MetaLine } from "#app/components/meta-line.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { textAttributes, useI18n } from "#app/lib/i18n.ts";
import { formatNumber } from "#core/intl.ts";
import type { SearchPage, SearchResult, TextPart } from "./search-result.ts";

/** A title or excerpt with the words the search found marked: text nodes only, so nothing in it ever runs. */
function Marked({ parts }: { parts: TextPart[] }) {
  return parts.map((part, index) =>
    part.mark ? (
      <mark key={index} className="rounded-sm bg-primary/15 px-0.5 text-inherit">
        {part.text}
      </mark>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}

/** The search page's own field: the query stays in it, and the address is the page's (shared, bookmarked, back). */
export function SearchField({ query }: { query: string }) {
  const { t, localPath } = useI18n();
  return (
    <Form method="get" action={localPath("/search")} role="search" className="flex gap-2">
      <input
        type="search"
        name="q"
        defaultValue={query}
        key={query}
        required
        maxLength={1000}
        dir="auto"
        aria-label={t("search.field")}
        placeholder={t("search.placeholder")}
        className="h-12 min-w-0 flex-1 rounded-lg border border-border bg-background px-4 text-base focus:outline-none focus:ring-2 focus:ring-primary"
      />
      <button
        type="submit"
        className="h-12 shrink-0 rounded-lg bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90"
      >
        {t("search.submit")}
      </button>
    </Form>
  );
}

function ResultItem({ item }: { item: SearchResult }) {
  const { t, language } = useI18n();
  const other = item.language !== language ? item.language : null;
  return (
    <li className="rounded-xl border border-border bg-card p-5 shadow-sm">
      <article className="flex flex-col gap-2">
        <h3 {...textAttributes(other ?? language)} className="text-lg font-semibold">
          <Link to={item.path} className="hover:text-primary">
            <Marked parts={item.title} />
          </Link>
        </h3>
        <MetaLine
          className="text-sm text-muted-foreground"
          facts={[
            <span key="kind">
              {t(item.kind === "article" ? "search.kindArticle" : "search.kindProject")}
            </span>,
            <time key="date" dateTime={item.date} {...textAttributes(other ?? language)}>
              {item.dateText}
            </time>,
          ]}
        />
        {item.excerpt.length > 0 ? (
          <p {...textAttributes(other ?? language)} className="leading-relaxed text-muted-foreground">
            <Marked parts={item.excerpt} />
          </p>
        ) : null}
      </article>
    </li>
  );
}

function ResultList({ items }: { items: SearchResult[] }) {
  return (
    <ol className="flex flex-col gap-4">
      {items.map((item) => (
        <ResultItem key={item.path} item={item} />
      ))}
    </ol>
  );
}

/** The results of a search: the page's language first, then what exists only in the other, under its heading. */
export function SearchResults({ page }: { page: SearchPage }) {
  const { t, localPath, locale } = useI18n();
  const count = formatNumber(page.total, locale);
  if (page.total === 0) {
    return (
      <div className="flex flex-col gap-6">
        <p role="status" className="text-lg">
          {t("search.none", { query: page.query })}
        </p>
        {page.latest.length > 0 ? (
          <section className="flex flex-col gap-4">
            <h2 className="text-xl font-semibold">{t("search.latest")}</h2>
            <p className="text-muted-foreground">{t("search.noneHint")}</p>
            <ResultList items={page.latest} />
          </section>
        ) : null}
      </div>
    );
  }
  const own = page.items.filter((item) => item.own);
  const others = page.items.filter((item) => !item.own);
  const mixed = page.ownTotal > 0 && page.ownTotal < page.total;
  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="text-muted-foreground">
        {t("search.results", { query: page.query, count })}
      </p>
      {own.length > 0 ? (
        <section className="flex flex-col gap-4">
          {mixed ? <h2 className="text-xl font-semibold">{t("search.ownLanguage")}</h2> : null}
          <ResultList items={own} />
        </section>
      ) : null}
      {others.length > 0 ? (
        <section className="flex flex-col gap-4">
          <h2 className="text-xl font-semibold">{t("search.otherLanguage")}</h2>
          <ResultList items={others} />
        </section>
      ) : null}
      <Pagination
        path={localPath("/search")}
        page={page.page}
        pages={page.pages}
        filter={{ q: page.query }}
        label="search.pages"
      />
    </div>
  );
}
