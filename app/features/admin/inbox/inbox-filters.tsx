import { useI18n } from "#app/lib/i18n.ts";
import { ListFilter } from "#app/features/admin/lists/list-filter.tsx";
import { useAddressFilter, useListParams } from "#app/features/admin/lists/list-query.ts";

/** The inbox's search and "Unread only" (docs/product.md §21.3): each a new address, from its first page. */
export function InboxFilters({ held, unread, q }: { held: boolean; unread: boolean; q: string }) {
  const { t } = useI18n();
  const [unreadShown, showUnread] = useAddressFilter(
    "unread",
    useListParams().get("unread") === "1" ? "1" : "",
  );
  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* Searching keeps the folder and the filter; the page starts over. */}
      <ListFilter
        id="messages-search"
        q={q}
        keep={{ ...(held ? { folder: "held" } : {}), ...(unread ? { unread: "1" } : {}) }}
        labels={{
          field: "admin.messages.search",
          button: "admin.messages.searchButton",
          clear: "admin.messages.clearSearch",
        }}
      />
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
