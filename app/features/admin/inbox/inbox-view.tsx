import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { CONTACT_DROP_REASONS } from "#core/contact.ts";
import { formatNumber } from "#core/intl.ts";
import type { Inbox, InboxMessage } from "#db/records.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useMutation } from "#app/features/admin/api/mutation.ts";
import { searchWith } from "#app/features/admin/lists/list-query.ts";
import { Pager } from "#app/features/admin/lists/pager.tsx";
import { BulkBar } from "./bulk-bar.tsx";
import type { BulkMessageAction } from "./inbox-data.ts";
import { smallButton } from "#app/features/admin/lists/list-filter.tsx";
import { InboxFilters } from "./inbox-filters.tsx";
import { MessageItem } from "./message-item.tsx";

// The owner's inbox (docs/product.md §12, §21): what visitors sent through the contact form, newest first, a page at
// a time, all or the unread ones, searched by name, e-mail, subject or text. Opening a message marks it read; it can
// be marked unread again or deleted after a confirmation, and a page's selection marked or deleted at once. Held
// messages (docs/product.md §12) have a folder of their own, to move to the inbox or delete; a line says how many
// posts were not kept because a robot sent them, and why.

const BULK_DONE = {
  read: "admin.messages.bulkRead",
  unread: "admin.messages.bulkUnread",
  delete: "admin.messages.bulkDeleted",
  release: "admin.messages.bulkReleased",
} as const satisfies Record<BulkMessageAction, string>;

const DROPPED = {
  honeypot: "admin.messages.droppedHoneypot",
  forgedStamp: "admin.messages.droppedForgedStamp",
  tooFast: "admin.messages.droppedTooFast",
} as const;

export function InboxView({
  inbox,
  folder,
  unread,
  q,
}: {
  inbox: Inbox;
  folder: "inbox" | "held";
  unread: boolean;
  q: string;
}) {
  const { t, language, locale } = useI18n();
  const held = folder === "held";
  const revalidator = useRevalidator();
  const { search } = useLocation();
  const [open, setOpen] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<InboxMessage | null>(null);
  const [deletingSelected, setDeletingSelected] = useState(false);
  // Another page, filter or search: the selection and the open message belong to the page left.
  const [shownFor, setShownFor] = useState(search);
  if (shownFor !== search) {
    setShownFor(search);
    setSelected(new Set());
    setOpen(null);
  }
  const mark = useMutation();
  const bulk = useMutation<{ action: keyof typeof BULK_DONE; changed: number }>({
    onSuccess: (done) => {
      toast({ title: t(BULK_DONE[done.action], { count: done.changed }) });
      setSelected(new Set());
    },
  });
  const remove = useMutation({ onSuccess: () => toast({ title: t("admin.messages.deleted") }) });
  const release = useMutation({ onSuccess: () => toast({ title: t("admin.messages.released") }) });
  const dropped = CONTACT_DROP_REASONS.filter((reason) => inbox.dropped[reason] > 0).map((reason) =>
    t(DROPPED[reason], { count: inbox.dropped[reason] }),
  );
  const folders = [
    { name: "inbox", label: t("admin.messages.inbox"), count: null, to: searchWith("", {}) },
    {
      name: "held",
      label: t("admin.messages.heldFolder"),
      count: inbox.held,
      to: searchWith("", { folder: "held" }),
    },
  ] as const;

  const chosen = inbox.items.filter((message) => selected.has(message.id));
  const select = (message: InboxMessage, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(message.id);
      else next.delete(message.id);
      return next;
    });
  const setRead = (message: InboxMessage, read: boolean) =>
    void mark.submit({ intent: "read", id: message.id, read });
  const changeSelected = (action: BulkMessageAction) =>
    void bulk.submit({ intent: "bulk", action, ids: chosen.map((message) => message.id) });

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="messages-title" tabIndex={-1} className="me-auto text-xl font-bold outline-none">
          {t("admin.messages.title")}
          {inbox.unread > 0 ? (
            <span className="ms-3 rounded-full bg-primary px-2.5 py-0.5 align-middle text-sm font-semibold text-primary-foreground">
              {t("admin.messages.unreadCount", { count: inbox.unread })}
            </span>
          ) : null}
        </h2>
        <button type="button" onClick={() => void revalidator.revalidate()} className={smallButton}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t("admin.messages.refresh")}
        </button>
      </header>
      <nav aria-label={t("admin.messages.folders")} className="flex flex-wrap gap-2 border-b border-border">
        {folders.map((shown) => (
          <Link
            key={shown.name}
            to={{ search: shown.to }}
            preventScrollReset
            aria-current={shown.name === folder ? "page" : undefined}
            className={`-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${shown.name === folder ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground"}`}
          >
            {shown.label}
            {shown.count ? (
              <span
                aria-label={t("admin.messages.heldCount", { count: shown.count })}
                className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold"
              >
                {formatNumber(shown.count, locale)}
              </span>
            ) : null}
          </Link>
        ))}
      </nav>
      {held ? <p className="text-sm text-muted-foreground">{t("admin.messages.heldIntro")}</p> : null}
      <InboxFilters held={held} unread={unread} q={q} />
      {inbox.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {t(
            unread || q
              ? "admin.messages.noMatches"
              : held
                ? "admin.messages.heldEmpty"
                : "admin.messages.empty",
          )}
        </p>
      ) : (
        <>
          <BulkBar
            held={held}
            chosen={chosen.length}
            onPage={inbox.items.length}
            onSelectAll={(on) => setSelected(new Set(on ? inbox.items.map((message) => message.id) : []))}
            onChange={(action) => (action === "delete" ? setDeletingSelected(true) : changeSelected(action))}
          />
          <ul aria-labelledby="messages-title" className="flex flex-col gap-3">
            {inbox.items.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                expanded={open === message.id}
                selected={selected.has(message.id)}
                onToggle={() => {
                  const opening = open !== message.id;
                  setOpen(opening ? message.id : null);
                  if (opening && !message.read_at) setRead(message, true);
                }}
                onSelect={(on) => select(message, on)}
                onRead={(read) => setRead(message, read)}
                onRelease={() => void release.submit({ intent: "release", id: message.id })}
                onDelete={() => setDeleting(message)}
              />
            ))}
          </ul>
          <Pager
            page={inbox.page}
            perPage={inbox.perPage}
            total={inbox.total}
            labelKey="admin.messages.pages"
            rangeKey="admin.messages.range"
            headingId="messages-title"
          />
        </>
      )}
      {dropped.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          {t("admin.messages.dropped")}{" "}
          {new Intl.ListFormat(language, { style: "long", type: "conjunction" }).format(dropped)}
        </p>
      ) : null}
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
          if (deleting) void remove.submit({ intent: "delete", id: deleting.id });
          setDeleting(null);
        }}
      />
      <ConfirmDialog
        open={deletingSelected}
        onOpenChange={setDeletingSelected}
        title={t("admin.messages.bulkDeleteTitle")}
        description={t("admin.messages.bulkDeleteText", { count: chosen.length })}
        cancelLabel={t("admin.common.cancel")}
        confirmLabel={t("admin.common.delete")}
        returnFocus={() => document.getElementById("messages-title")}
        onConfirm={() => changeSelected("delete")}
      />
    </div>
  );
}
