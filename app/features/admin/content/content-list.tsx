import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import type { ListPage } from "#core/paging.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { useMutation } from "#app/features/admin/api/mutation.ts";
import { searchWith, useAddressFilter, useListParams } from "#app/features/admin/lists/list-query.ts";
import { Pager } from "#app/features/admin/lists/pager.tsx";
import { ListFilter } from "#app/features/admin/lists/list-filter.tsx";
import { ContentItem, type ItemView } from "./content-item.tsx";

// The Projects and Articles views (docs/product.md §2.10, §21): the list a page at a time (its page and filter in
// the address), "Add" and each item's "Edit" opening their dialog at its own address below the list's (the child
// route, rendered in the Outlet), and a delete that asks first.

export function ContentList<T extends { id: string }>({
  kind,
  list,
  view,
  filter,
  q = "",
  movable = false,
}: {
  kind: "projects" | "articles";
  list: ListPage<T>;
  view: (item: T) => ItemView;
  /** Narrows the list (the articles by status): the current value and the options, the first showing all. */
  filter?: {
    labelKey: TranslationKey;
    value: string;
    options: readonly { value: string; labelKey: TranslationKey }[];
  };
  /** The words the list is narrowed to (`?q=`), matched as the site's search matches, drafts included. */
  q?: string;
  /** The owner's order (projects, docs/product.md §17.6). */
  movable?: boolean;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { search } = useLocation();
  const headingId = `${kind}-list`;
  const shownStatus = useListParams().get("status");
  const [status, showStatus] = useAddressFilter(
    "status",
    filter?.options.find((option) => option.value === shownStatus)?.value ?? filter?.options[0]?.value ?? "",
  );
  const [deleting, setDeleting] = useState<ItemView | null>(null);
  const remove = useMutation({ onSuccess: () => toast({ title: t(`admin.${kind}.deleted`) }) });
  // The item last moved, whose button gets the focus once the list shows it (on the page it moved to).
  const [moved, setMoved] = useState<Moved | null>(null);
  const focusAfterMove = useRef<Moved | null>(null);
  const move = useMutation<{ page: number }>({
    onSuccess: ({ page }) => {
      toast({ title: t("admin.projects.moved") });
      focusAfterMove.current = moved;
      // The list shows the page the project is on now (docs/product.md §21.5), the focus on its button.
      if (page !== list.page)
        void navigate({ search: searchWith(search, { page: String(page) }) }, { preventScrollReset: true });
      else focusMoved(moved);
    },
  });
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || !list.items.some((item) => item.id === target.id)) return;
    focusAfterMove.current = null;
    focusMoved(target);
  }, [list]);
  const items = list.items.map(view);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} tabIndex={-1} className="me-auto text-xl font-bold outline-none">
          {t(`admin.${kind}.listTitle`)}
        </h2>
        {filter ? (
          <label className="flex items-center gap-2 text-sm font-medium">
            {t(filter.labelKey)}
            <select
              value={status}
              onChange={(event) =>
                showStatus(event.target.value === filter.options[0]?.value ? null : event.target.value)
              }
              className="rounded-md border border-border bg-background px-2 py-1.5 text-sm"
            >
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.labelKey)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <Link
          to={{ pathname: "new", search }}
          preventScrollReset
          className="inline-flex items-center gap-1.5 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:opacity-90"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t(`admin.${kind}.addTitle`)}
        </Link>
      </div>
      <ListFilter
        id={`${kind}-filter`}
        q={q}
        keep={filter && filter.value !== filter.options[0]?.value ? { status: filter.value } : {}}
      />
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {q
            ? t("searchMore.listFilterEmpty", { q })
            : filter && filter.value !== filter.options[0]?.value
              ? t("admin.articles.filteredEmpty")
              : t(`admin.${kind}.empty`)}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {items.map((item, index) => {
              // Its place in the whole list: the first of page 2 can move up, only the very first cannot.
              const place = (list.page - 1) * list.perPage + index;
              const onMove = (direction: "up" | "down") => {
                setMoved({ id: item.id, direction });
                void move.submit({ intent: "move", id: item.id, direction });
              };
              return (
                <ContentItem
                  key={item.id}
                  kind={kind}
                  item={item}
                  move={movable ? { canUp: place > 0, canDown: place < list.total - 1, onMove } : undefined}
                  onDelete={() => setDeleting(item)}
                />
              );
            })}
          </ul>
          <Pager
            page={list.page}
            perPage={list.perPage}
            total={list.total}
            labelKey={`admin.${kind}.pages`}
            rangeKey={`admin.${kind}.range`}
            headingId={headingId}
          />
        </>
      )}
      <Outlet />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t(`admin.${kind}.deleteTitle`)}
        description={
          deleting
            ? t(`admin.${kind}.${deleting.image_url ? "deleteText" : "deleteTextNoImage"}`, {
                title: deleting.title,
              })
            : ""
        }
        cancelLabel={t("admin.common.cancel")}
        confirmLabel={t("admin.common.delete")}
        returnFocus={() => document.getElementById(headingId)}
        onConfirm={() => {
          if (deleting) void remove.submit({ intent: "delete", id: deleting.id });
          setDeleting(null);
        }}
      />
    </section>
  );
}

type Moved = { id: string; direction: "up" | "down" };

/** The moved item's button again, or its other one when it reached the top or bottom. */
function focusMoved(moved: Moved | null) {
  if (!moved) return;
  const button = (direction: string) =>
    document.querySelector<HTMLButtonElement>(`[data-move="${moved.id}-${direction}"]`);
  const same = button(moved.direction);
  (same && !same.disabled ? same : button(moved.direction === "up" ? "down" : "up"))?.focus();
}
