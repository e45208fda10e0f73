import { Search, X } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { searchWith } from "./list-query.ts";

export const smallButton =
  "inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted disabled:opacity-40 disabled:hover:bg-transparent";

const LIST_LABELS = {
  field: "searchMore.listFilter",
  button: "searchMore.listFilterButton",
  clear: "searchMore.listFilterClear",
} as const satisfies Record<string, TranslationKey>;

/**
 * The field that narrows an owner's list to what the site's search's matching finds (docs/product.md §21): a GET
 * form, so the words are in the address (`?q=`) and the list starts over from its first page; `keep` holds the
 * list's other filters.
 */
export function ListFilter({
  id,
  q,
  keep = {},
  labels = LIST_LABELS,
}: {
  id: string;
  q: string;
  keep?: Record<string, string>;
  labels?: { field: TranslationKey; button: TranslationKey; clear: TranslationKey };
}) {
  const { t } = useI18n();
  const { search } = useLocation();
  return (
    <Form
      role="search"
      method="get"
      preventScrollReset
      className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
    >
      <label htmlFor={id} className="sr-only">
        {t(labels.field)}
      </label>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input
        // A new search (or none, after "Show all") starts from what the address says.
        key={q}
        id={id}
        name="q"
        type="search"
        dir="auto"
        defaultValue={q}
        maxLength={200}
        placeholder={t(labels.field)}
        className="min-w-0 flex-1 rounded-md border border-border bg-background px-3 py-1.5 text-sm"
      />
      <button type="submit" className={smallButton}>
        <Search aria-hidden="true" className="size-4" />
        {t(labels.button)}
      </button>
      {q ? (
        <Link
          to={{ search: searchWith(search, { q: null, page: null }) }}
          preventScrollReset
          className={smallButton}
        >
          <X aria-hidden="true" className="size-4" />
          {t(labels.clear)}
        </Link>
      ) : null}
    </Form>
  );
}
