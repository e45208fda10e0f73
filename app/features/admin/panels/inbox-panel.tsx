import { formatShortDateTime } from "#core/dates.ts";
import { ADMIN_PAGE_SIZE } from "#core/paging.ts";
import { useSite } from "#app/lib/site.ts";
import { ChevronDown, Mail, MailOpen, RefreshCw, Search, Trash2, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Inbox, InboxMessage } from "#db/records.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { useAdminData } from "#app/features/admin/api/use-admin-data.ts";
import { messageOf } from "#app/features/admin/forms/save-with-image.ts";
import { readListParam, readPageParam, writeListParams } from "./list-address.ts";
import { Pager } from "./pager.tsx";

// The owner's inbox (docs/product.md §12, §21): what visitors sent through the contact form, newest first, a page at
// a time, all or the unread ones, searched by name, e-mail, subject or text. Opening a message marks it read; it can
// be marked unread again or deleted after a confirmation, and a page's selection marked or deleted at once.

const NO_MESSAGES: Inbox = { unread: 0, items: [], total: 0, page: 1, perPage: ADMIN_PAGE_SIZE };

interface InboxView {
  page: number;
  unread: boolean;
  q: string;
}

export function useInbox() {
  const [view, setView] = useState<InboxView>(() => ({
    page: readPageParam("inbox"),
    unread: readListParam("unread") === "1",
    q: readListParam("q") ?? "",
  }));
  // The server answers the last page when the one asked for is gone (after deleting its messages): follow it.
  const load = () =>
    call(() =>
      api.messages.$get({
        query: {
          page: String(view.page),
          perPage: String(ADMIN_PAGE_SIZE),
          ...(view.unread ? { unread: "1" } : {}),
          ...(view.q ? { q: view.q } : {}),
        },
      }),
    ).then((answer) => {
      if (answer.page !== view.page) setView((current) => ({ ...current, page: answer.page }));
      return answer;
    });
  const { data: inbox, reload } = useAdminData(
    load,
    "errors.fetchMessages",
    NO_MESSAGES,
    `${view.page}|${view.unread}|${view.q}`,
  );
  useEffect(() => {
    writeListParams({ inbox: String(view.page), unread: view.unread ? "1" : null, q: view.q });
  }, [view]);
  return { inbox, reload, view, setView };
}

export function MessagesPanel({ inbox, reload, view, setView }: ReturnType<typeof useInbox>) {
  const { t, language } = useI18n();
  const { timeZone } = useSite();
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<InboxMessage | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deletingSelected, setDeletingSelected] = useState(false);
  const [search, setSearch] = useState(view.q);
  const selectAll = useRef<HTMLInputElement>(null);

  const onPage = inbox?.items ?? [];
  const chosen = onPage.filter((message) => selected.has(message.id));
  const allChosen = onPage.length > 0 && chosen.length === onPage.length;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen.length > 0 && !allChosen;
  });

  /** Another page, filter or search: the selection and the open message belong to the page left. */
  function show(next: Partial<InboxView>, focusList = false) {
    setSelected(new Set());
    setOpen(null);
    setView((current) => ({ ...current, ...next }));
    if (focusList) document.getElementById("messages-title")?.focus();
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    show({ q: search.trim(), page: 1 });
  }

  function toggleSelected(message: InboxMessage, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(message.id);
      else next.delete(message.id);
      return next;
    });
  }

  async function changeSelected(action: "read" | "unread" | "delete") {
    setDeletingSelected(false);
    const ids = chosen.map((message) => message.id);
    if (ids.length === 0) return;
    try {
      const { changed } = await call(() => api.messages.bulk.$post({ json: { action, ids } }));
      const key =
        action === "read"
          ? "admin.messages.bulkRead"
          : action === "unread"
            ? "admin.messages.bulkUnread"
            : "admin.messages.bulkDeleted";
      toast({ title: t(key, { count: changed }) });
      setSelected(new Set());
    } catch (error) {
      toast({ title: t("errors.changeMessages"), description: messageOf(error), variant: "destructive" });
    }
    await reload();
  }

  async function setRead(message: InboxMessage, read: boolean) {
    try {
      await call(() => api.messages[":id"].$patch({ param: { id: message.id }, json: { read } }));
    } catch (error) {
      toast({ title: t("errors.updateMessage"), description: messageOf(error), variant: "destructive" });
    }
    await reload();
  }

  function toggle(message: InboxMessage) {
    const opening = open !== message.id;
    setOpen(opening ? message.id : null);
    if (opening && !message.read_at) void setRead(message, true);
  }

  async function remove(message: InboxMessage) {
    setDeleting(null);
    try {
      await call(() => api.messages[":id"].$delete({ param: { id: message.id } }));
      toast({ title: t("admin.messages.deleted") });
    } catch (error) {
      toast({ title: t("errors.deleteMessage"), description: messageOf(error), variant: "destructive" });
    }
    await reload();
  }

  const button =
    "inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted disabled:opacity-40 disabled:hover:bg-transparent";
  const filtered = view.unread || view.q !== "";

  return (
    <section aria-labelledby="messages-title" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="messages-title" tabIndex={-1} className="me-auto text-xl font-bold outline-none">
          {t("admin.messages.title")}
          {inbox && inbox.unread > 0 ? (
            <span className="ms-3 rounded-full bg-primary px-2.5 py-0.5 align-middle text-sm font-semibold text-primary-foreground">
              {t("admin.messages.unreadCount", { count: inbox.unread })}
            </span>
          ) : null}
        </h2>
        <button type="button" onClick={() => void reload()} className={button}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t("admin.messages.refresh")}
        </button>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        <form role="search" onSubmit={submitSearch} className="flex min-w-0 flex-1 items-center gap-2">
          <label htmlFor="messages-search" className="sr-only">
            {t("admin.messages.search")}
          </label>
          <input
            id="messages-search"
            type="search"
            dir="auto"
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t("admin.messages.search")}
            className="min-w-0 flex-1 rounded-md border border-border bg-background px-3 py-1.5 text-sm"
          />
          <button type="submit" className={button}>
            <Search aria-hidden="true" className="size-4" />
            {t("admin.messages.searchButton")}
          </button>
          {view.q ? (
            <button
              type="button"
              className={button}
              onClick={() => {
                setSearch("");
                show({ q: "", page: 1 });
              }}
            >
              <X aria-hidden="true" className="size-4" />
              {t("admin.messages.clearSearch")}
            </button>
          ) : null}
        </form>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={view.unread}
            onChange={(event) => show({ unread: event.target.checked, page: 1 })}
            className="size-4 accent-primary"
          />
          {t("admin.messages.unreadOnly")}
        </label>
      </div>

      {inbox === null ? (
        <Spinner />
      ) : inbox.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {t(filtered ? "admin.messages.noMatches" : "admin.messages.empty")}
        </p>
      ) : (
        <>
          <div
            role="group"
            aria-label={t("admin.messages.selectAll")}
            className="flex flex-wrap items-center gap-2 rounded-lg bg-muted/60 px-3 py-2"
          >
            <label className="me-auto flex items-center gap-2 text-sm font-medium">
              <input
                ref={selectAll}
                type="checkbox"
                checked={allChosen}
                onChange={(event) =>
                  setSelected(new Set(event.target.checked ? onPage.map((message) => message.id) : []))
                }
                className="size-4 accent-primary"
              />
              {t("admin.messages.selectAll")}
              <span aria-live="polite" className="text-muted-foreground">
                {chosen.length > 0 ? t("admin.messages.selected", { count: chosen.length }) : ""}
              </span>
            </label>
            <button
              type="button"
              className={button}
              disabled={chosen.length === 0}
              onClick={() => void changeSelected("read")}
            >
              <MailOpen aria-hidden="true" className="size-4" />
              {t("admin.messages.readSelected")}
            </button>
            <button
              type="button"
              className={button}
              disabled={chosen.length === 0}
              onClick={() => void changeSelected("unread")}
            >
              <Mail aria-hidden="true" className="size-4" />
              {t("admin.messages.unreadSelected")}
            </button>
            <button
              type="button"
              className={`${button} border-destructive/50 text-destructive dark:text-red-400`}
              disabled={chosen.length === 0}
              onClick={() => setDeletingSelected(true)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t("admin.messages.deleteSelected")}
            </button>
          </div>
          <ul className="flex flex-col gap-3">
            {inbox.items.map((message) => {
              const unread = !message.read_at;
              const expanded = open === message.id;
              const bodyId = `message-${message.id}`;
              return (
                <li
                  key={message.id}
                  className={`flex items-start rounded-xl border bg-card shadow-sm ${unread ? "border-primary/60" : "border-border"}`}
                >
                  <input
                    type="checkbox"
                    checked={selected.has(message.id)}
                    onChange={(event) => toggleSelected(message, event.target.checked)}
                    aria-label={t("admin.messages.select", { name: message.name })}
                    className="ms-4 mt-5 size-4 shrink-0 accent-primary"
                  />
                  <div className="min-w-0 flex-1">
                    <button
                      type="button"
                      onClick={() => toggle(message)}
                      aria-expanded={expanded}
                      aria-controls={bodyId}
                      className="flex w-full items-start gap-3 p-4 text-start"
                    >
                      {unread ? (
                        <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                      ) : (
                        <MailOpen
                          aria-hidden="true"
                          className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                        />
                      )}
                      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                        <span className="flex flex-wrap items-baseline gap-x-3">
                          <span dir="auto" className={`truncate ${unread ? "font-bold" : "font-medium"}`}>
                            {message.name}
                          </span>
                          <span className="text-xs text-muted-foreground">
                            {formatShortDateTime(message.created_at, language, timeZone)}
                          </span>
                          {unread ? <span className="sr-only">{t("admin.messages.unread")}</span> : null}
                        </span>
                        <span
                          dir="auto"
                          className={`truncate ${unread ? "font-semibold" : "text-muted-foreground"}`}
                        >
                          {message.subject}
                        </span>
                      </span>
                      <ChevronDown
                        aria-hidden="true"
                        className={`mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform ${expanded ? "rotate-180" : ""}`}
                      />
                    </button>
                    {expanded ? (
                      <div id={bodyId} className="flex flex-col gap-4 border-t border-border p-4">
                        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                          <dt className="font-semibold">{t("admin.messages.email")}</dt>
                          <dd>
                            <a
                              href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                              dir="ltr"
                              className="text-primary hover:underline"
                            >
                              {message.email}
                            </a>
                          </dd>
                          {message.form_origin ? (
                            <>
                              <dt className="font-semibold">{t("admin.messages.origin")}</dt>
                              <dd dir="auto" className="break-all">
                                {message.form_origin}
                              </dd>
                            </>
                          ) : null}
                        </dl>
                        <p dir="auto" className="whitespace-pre-wrap break-words leading-relaxed">
                          {message.message}
                        </p>
                        <div className="flex flex-wrap gap-2">
                          <button
                            type="button"
                            onClick={() => void setRead(message, unread)}
                            className="inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
                          >
                            {unread ? (
                              <MailOpen aria-hidden="true" className="size-4" />
                            ) : (
                              <Mail aria-hidden="true" className="size-4" />
                            )}
                            {t(unread ? "admin.messages.markRead" : "admin.messages.markUnread")}
                          </button>
                          <button
                            type="button"
                            onClick={() => setDeleting(message)}
                            className="inline-flex items-center gap-1.5 rounded-md border border-destructive/50 px-3 py-1.5 text-sm font-medium text-destructive hover:bg-destructive hover:text-destructive-foreground dark:text-red-400"
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                            {t("admin.common.delete")}
                          </button>
                        </div>
                      </div>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
          <Pager
            page={inbox.page}
            perPage={inbox.perPage}
            total={inbox.total}
            labelKey="admin.messages.pages"
            rangeKey="admin.messages.range"
            onPage={(page) => show({ page }, true)}
          />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(null);
        }}
        title={t("admin.messages.deleteTitle")}
        description={
          deleting ? t("admin.messages.deleteText", { name: deleting.name, subject: deleting.subject }) : ""
        }
        cancelLabel={t("admin.common.cancel")}
        confirmLabel={t("admin.common.delete")}
        returnFocus={() => document.getElementById("messages-title")}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />

      <ConfirmDialog
        open={deletingSelected}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeletingSelected(false);
        }}
        title={t("admin.messages.bulkDeleteTitle")}
        description={t("admin.messages.bulkDeleteText", { count: chosen.length })}
        cancelLabel={t("admin.common.cancel")}
        confirmLabel={t("admin.common.delete")}
        returnFocus={() => document.getElementById("messages-title")}
        onConfirm={() => void changeSelected("delete")}
      />
    </section>
  );
}
