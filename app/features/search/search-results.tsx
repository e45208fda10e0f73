import { Fragment, useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
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

/** How long the field waits after the last key before it searches: a word typed at speed is one search. */
const LIVE_SEARCH_DELAY_MS = 250;

/**
 * The search page's own field: a plain GET form, so the query stays in the address (shared, bookmarked, Back) and
 * it works without JavaScript. With JavaScript the results follow what is typed: each pause submits the form through
 * React Router, which cancels the search still under way; the first of a run of them adds an entry to the history
 * and the others replace it, so Back returns to the query before the typing, not to each letter of it.
 */
export function SearchField({ query }: { query: string }) {
  const { t, localPath } = useI18n();
  const submit = useSubmit();
  const navigation = useNavigation();
  const field = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The last query this field searched by itself, and the queries its typing searched since the visitor last
  // pressed Enter or came from elsewhere: an address showing one of those is replaced rather than added to.
  const searched = useRef<string | null>(null);
  const typed = useRef(new Set<string>());

  // A query that came from elsewhere (Back, a link, the navbar) is shown in the field; one this field searched is
  // not written back, as the visitor may have typed further since.
  useEffect(() => {
    const input = field.current;
    if (!input || query === searched.current || typed.current.has(query)) return;
    input.value = query;
    searched.current = null;
    typed.current.clear();
  }, [query]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Decided on the address the browser shows, not on a search still under way: one cut short never made its entry.
  const search = (form: HTMLFormElement, value: string) => {
    clearTimeout(timer.current);
    searched.current = value;
    const shown = new URLSearchParams(window.location.search).get("q") ?? "";
    const replace = value === shown || typed.current.has(shown);
    submit(form, { replace, preventScrollReset: true }).catch((error: unknown) => {
      // The search a newer one cancelled: nothing is lost.
      if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
    });
  };
  const busy = navigation.state === "loading" && navigation.location.pathname === localPath("/search");

  return (
    <Form
      method="get"
      action={localPath("/search")}
      role="search"
      aria-busy={busy}
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        search(event.currentTarget, field.current?.value ?? "");
        // Typing after Enter starts an entry of its own.
        typed.current.clear();
      }}
    >
      <input
        ref={field}
        type="search"
        name="q"
        defaultValue={query}
        required
        maxLength={1000}
        dir="auto"
        aria-label={t("search.field")}
        placeholder={t("search.placeholder")}
        onChange={(event) => {
          const form = event.currentTarget.form;
          if (!form) return;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            const value = field.current?.value ?? "";
            if (value === searched.current) return;
            search(form, value);
            typed.current.add(value);
          }, LIVE_SEARCH_DELAY_MS);
        }}
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

const KIND_KEYS = {
  article: "search.kindArticle",
  project: "search.kindProject",
  service: "searchMore.kindService",
  tag: "searchMore.kindTag",
} as const;

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
            <span key="kind">{t(KIND_KEYS[item.kind])}</span>,
            item.date ? (
              <time key="date" dateTime={item.date} {...textAttributes(other ?? language)}>
                {item.dateText}
              </time>
            ) : null,
            item.kind === "tag" ? (
              <span key="count">{t("searchMore.tagArticles", { count: item.count ?? 0 })}</span>
            ) : null,
          ].filter((fact) => fact !== null)}
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
