import { Search, X } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { useI18n } from "#app/lib/i18n.ts";
import { searchWith, useAddressFilter, useListParams } from "#app/features/admin/lists/list-query.ts";

export const smallButton =
  "inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted disabled:opacity-40 disabled:hover:bg-transparent";

/** The inbox's search and "Unread only" (docs/product.md §21.3): each a new address, from its first page. */
export function InboxFilters({ held, unread, q }: { held: boolean; unread: boolean; q: string }) {
  const { t } = useI18n();
  const { search } = useLocation();
  const [unreadShown, showUnread] = useAddressFilter(
    "unread",
    useListParams().get("unread") === "1" ? "1" : "",
  );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Form role="search" method="get" preventScrollReset className="flex min-w-0 flex-1 items-center gap-2">
        <label htmlFor="messages-search" className="sr-only">
          {t("admin.messages.search")}
        </label>
        {/* Searching keeps the folder and the filter; the page starts over. */}
        {held ? <input type="hidden" name="folder" value="held" /> : null}
        {unread ? <input type="hidden" name="unread" value="1" /> : null}
        <input
          // A new search (or none, after "Clear") starts from what the address says.
          key={q}
          id="messages-search"
          name="q"
          type="search"
          dir="auto"
          defaultValue={q}
          maxLength={200}
          placeholder={t("admin.messages.search")}
          className="min-w-0 flex-1 rounded-md border border-border bg-background px-3 py-1.5 text-sm"
        />
        <button type="submit" className={smallButton}>
          <Search aria-hidden="true" className="size-4" />
          {t("admin.messages.searchButton")}
        </button>
        {q ? (
          <Link
            to={{ search: searchWith(search, { q: null, page: null }) }}
            preventScrollReset
            className={smallButton}
          >
            <X aria-hidden="true" className="size-4" />
            {t("admin.messages.clearSearch")}
          </Link>
        ) : null}
      </Form>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={unreadShown === "1"}
          onChange={(event) => showUnread(event.target.checked ? "1" : null)}
          className="size-4 accent-primary"
        />
        {t("admin.messages.unreadOnly")}
      </label>
    </div>
  );
}
