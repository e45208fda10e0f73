import { ArrowDown, ArrowUp, ExternalLink, ImageOff, Pencil, Star, Trash2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { ADMIN_PAGE_SIZE, type ListPage } from "#core/paging.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { formatShortDate } from "#core/dates.ts";
import { useSite } from "#app/lib/site.ts";
import type { EnglishDictionary, TranslationKey } from "#app/i18n/keys.ts";
import { messageOf } from "#app/features/admin/forms/save-with-image.ts";
import { useAdminData } from "#app/features/admin/api/use-admin-data.ts";
import { forgetDraft } from "#app/features/admin/forms/use-draft.ts";
import { readListParam, readPageParam, writeListParams } from "./list-address.ts";
import { Pager } from "./pager.tsx";

// One panel of the admin page (docs/product.md §2): the add form on top, the list below, each item with an edit dialog
// (max width 625px) and a delete button that asks first. The list is read a page at a time, its filter applied by the
// server, and reloads after every change (docs/product.md §21).

export interface PanelItem {
  id: string;
  image_url: string | null;
  created_at: string;
}

export interface PanelConfig<T extends PanelItem> {
  /** "projects" or "articles": the dictionary section and the API path. */
  kind: "projects" | "articles";
  /** One page of the owner's list (filtered by `filter`, the value of an option of `filter` below), and how one is deleted. */
  load: (query: { page: number; perPage: number; filter: string }) => Promise<ListPage<T>>;
  remove: (item: T) => Promise<unknown>;
  fetchErrorKey: TranslationKey;
  deleteErrorKey: TranslationKey;
  titleOf: (item: T) => string;
  details: (item: T) => ReactNode;
  /** A public page to open the item on, if it has one. */
  publicLink?: { url(item: T): string; labelKey: TranslationKey };
  renderForm(item: T | undefined, onSaved: () => void): ReactNode;
  draftKey: (item: T) => string;
  /** The owner's order (projects): moves one item and answers the page (of `perPage`) it is on now. */
  move?: (item: T, direction: "up" | "down", perPage: number) => Promise<ListPage<T>>;
  /** Whether the item is featured on the home page (shown as a badge). */
  featured?: (item: T) => boolean;
  /** A badge beside the title (an article's publication). */
  badge?: (item: T) => ReactNode;
  /** Narrows the list (the articles by publication): the options, the first one showing every item. */
  filter?: {
    labelKey: TranslationKey;
    options: { value: string; labelKey: TranslationKey }[];
  };
}

/** The texts both content panels have, under admin.projects and admin.articles. */
type PanelTextKey = keyof EnglishDictionary["admin"]["projects"] &
  keyof EnglishDictionary["admin"]["articles"];

export function ContentPanel<T extends PanelItem>({ config }: { config: PanelConfig<T> }) {
  const { t, language } = useI18n();
  const { timeZone } = useSite();
  const options = config.filter?.options.map((option) => option.value) ?? [""];
  // Where the list stands, from the address (list-address.ts): `?projects=2`, `?articles=3&status=draft`.
  const [view, setView] = useState(() => {
    const filter = readListParam("status");
    return {
      page: readPageParam(config.kind),
      filter: config.filter && filter && options.includes(filter) ? filter : options[0]!,
    };
  });
  const empty: ListPage<T> = { items: [], total: 0, page: 1, perPage: ADMIN_PAGE_SIZE };
  const {
    data: list,
    reload,
    setData,
  } = useAdminData(
    // The server answers the last page when the one asked for is gone (after a delete): follow it.
    () =>
      config.load({ page: view.page, perPage: ADMIN_PAGE_SIZE, filter: view.filter }).then((answer) => {
        if (answer.page !== view.page) setView((current) => ({ ...current, page: answer.page }));
        return answer;
      }),
    config.fetchErrorKey,
    empty,
    `${view.page}|${view.filter}`,
  );
  const allOption = options[0]!;
  const withFilter = config.filter !== undefined;
  useEffect(() => {
    writeListParams({
      [config.kind]: String(view.page),
      ...(withFilter ? { status: view.filter === allOption ? null : view.filter } : {}),
    });
  }, [view, config.kind, withFilter, allOption]);
  const items = list?.items ?? null;
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const showPage = (page: number) => {
    setView((current) => ({ ...current, page }));
    document.getElementById(`${config.kind}-list`)?.focus();
  };
  /** After an add: the new item is first, on page 1. */
  const showFirstPage = () => {
    if (view.page === 1) void reload();
    else setView((current) => ({ ...current, page: 1 }));
  };
  const text = (key: PanelTextKey, vars?: Record<string, string>) => t(`admin.${config.kind}.${key}`, vars);

  const closeEditor = () => {
    // Closing the dialog discards the selection, the chosen file and the drafts (docs/product.md §4).
    if (editing) forgetDraft(config.draftKey(editing));
    setEditing(null);
  };

  async function remove(item: T) {
    setDeleting(null);
    try {
      await config.remove(item);
      toast({ title: text("deleted") });
    } catch (error) {
      toast({ title: t(config.deleteErrorKey), description: messageOf(error), variant: "destructive" });
    }
    await reload();
  }

  async function move(item: T, direction: "up" | "down") {
    if (!config.move) return;
    try {
      // The answer is the page the item is on now: the first of page 2 moved up is the last of page 1.
      const page = await config.move(item, direction, ADMIN_PAGE_SIZE);
      setData(page);
      setView((current) => ({ ...current, page: page.page }));
      toast({ title: t("admin.projects.moved") });
    } catch (error) {
      toast({ title: t("errors.moveProject"), description: messageOf(error), variant: "destructive" });
    }
    // The item moved in the list: keep focus on its button, or on the other one at the top or bottom.
    requestAnimationFrame(() => {
      const same = document.querySelector<HTMLButtonElement>(`[data-move="${item.id}-${direction}"]`);
      const other = document.querySelector<HTMLButtonElement>(
        `[data-move="${item.id}-${direction === "up" ? "down" : "up"}"]`,
      );
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  return (
    <div className="flex flex-col gap-10">
      <section
        aria-labelledby={`${config.kind}-add`}
        className="rounded-xl border border-border bg-card p-6 shadow-sm"
      >
        <h2 id={`${config.kind}-add`} className="mb-5 text-xl font-bold">
          {text("addTitle")}
        </h2>
        {config.renderForm(undefined, showFirstPage)}
      </section>

      <section aria-labelledby={`${config.kind}-list`}>
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <h2 id={`${config.kind}-list`} tabIndex={-1} className="me-auto text-xl font-bold outline-none">
            {text("listTitle")}
          </h2>
          {config.filter ? (
            <label className="flex items-center gap-2 text-sm font-medium">
              {t(config.filter.labelKey)}
              <select
                value={view.filter}
                onChange={(event) => setView({ page: 1, filter: event.target.value })}
                className="rounded-md border border-border bg-background px-2 py-1.5 text-sm"
              >
                {config.filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t(option.labelKey)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        {list === null || items === null ? (
          <Spinner />
        ) : items.length === 0 && view.filter === allOption ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
            {text("empty")}
          </p>
        ) : items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
            {t("admin.articles.filteredEmpty")}
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col gap-3">
              {items.map((item, index) => {
                // Its place in the whole list: the first of page 2 can move up, only the very first cannot.
                const place = (list.page - 1) * list.perPage + index;
                const title = config.titleOf(item);
                const link = config.publicLink && {
                  href: config.publicLink.url(item),
                  label: config.publicLink.labelKey,
                };
                return (
                  <li
                    key={item.id}
                    className="flex items-center gap-4 rounded-xl border border-border bg-card p-3 shadow-sm"
                  >
                    {item.image_url ? (
                      <img
                        src={item.image_url}
                        alt=""
                        className="size-16 shrink-0 rounded-lg bg-muted object-cover"
                      />
                    ) : (
                      <span className="grid size-16 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground">
                        <ImageOff aria-hidden="true" className="size-5" />
                        <span className="sr-only">{t("admin.common.noImage")}</span>
                      </span>
                    )}
                    <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <div className="flex min-w-0 items-center gap-2">
                        <h3 dir="auto" className="truncate font-semibold">
                          {title}
                        </h3>
                        {config.badge?.(item)}
                        {config.featured?.(item) ? (
                          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-primary">
                            <Star aria-hidden="true" className="size-3" />
                            {t("admin.projects.featuredBadge")}
                          </span>
                        ) : null}
                      </div>
                      <div className="truncate text-sm text-muted-foreground">{config.details(item)}</div>
                      <p className="text-xs text-muted-foreground">
                        {t("admin.common.created", {
                          date: formatShortDate(item.created_at, language, timeZone),
                        })}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-1">
                      {config.move ? (
                        <div
                          role="group"
                          aria-label={t("admin.projects.order")}
                          className="flex items-center"
                        >
                          {(["up", "down"] as const).map((direction) => {
                            const Icon = direction === "up" ? ArrowUp : ArrowDown;
                            const atEnd = direction === "up" ? place === 0 : place === list.total - 1;
                            return (
                              <button
                                key={direction}
                                type="button"
                                data-move={`${item.id}-${direction}`}
                                disabled={atEnd}
                                onClick={() => void move(item, direction)}
                                aria-label={t(
                                  direction === "up" ? "admin.projects.moveUp" : "admin.projects.moveDown",
                                  {
                                    title,
                                  },
                                )}
                                className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-30 disabled:hover:bg-transparent"
                              >
                                <Icon aria-hidden="true" className="size-4" />
                              </button>
                            );
                          })}
                        </div>
                      ) : null}
                      {link ? (
                        <a
                          href={link.href}
                          target="_blank"
                          rel="noopener"
                          aria-label={t(link.label, { title })}
                          className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
                        >
                          <ExternalLink aria-hidden="true" className="size-4" />
                        </a>
                      ) : null}
                      <button
                        type="button"
                        onClick={() => setEditing(item)}
                        aria-label={text("editItem", { title })}
                        className="inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        <span className="hidden sm:inline">{t("admin.common.edit")}</span>
                      </button>
                      <button
                        type="button"
                        onClick={() => setDeleting(item)}
                        aria-label={text("deleteItem", { title })}
                        className="inline-flex items-center gap-1.5 rounded-md border border-destructive/50 px-3 py-1.5 text-sm font-medium text-destructive hover:bg-destructive hover:text-destructive-foreground dark:text-red-400"
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        <span className="hidden sm:inline">{t("admin.common.delete")}</span>
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
            <Pager
              page={list.page}
              perPage={list.perPage}
              total={list.total}
              labelKey={`admin.${config.kind}.pages`}
              rangeKey={`admin.${config.kind}.range`}
              onPage={showPage}
            />
          </div>
        )}
      </section>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) closeEditor();
        }}
        title={text("editTitle")}
        closeLabel={t("admin.common.close")}
      >
        {editing
          ? config.renderForm(editing, () => {
              setEditing(null);
              void reload();
            })
          : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={text("deleteTitle")}
        description={
          deleting
            ? text(deleting.image_url ? "deleteText" : "deleteTextNoImage", {
                title: config.titleOf(deleting),
              })
            : ""
        }
        cancelLabel={t("admin.common.cancel")}
        confirmLabel={t("admin.common.delete")}
        returnFocus={() => document.getElementById(`${config.kind}-list`)}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </div>
  );
}
