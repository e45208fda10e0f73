import { formatShortDateTime } from "#core/dates.ts";
import { useSite } from "#app/lib/site.ts";
import { ChevronDown, Mail, MailOpen, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Inbox, InboxMessage } from "#db/records.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { useAdminData } from "#app/features/admin/api/use-admin-data.ts";
import { messageOf } from "#app/features/admin/forms/save-with-image.ts";

// The owner's inbox (docs/product.md §12): what visitors sent through the contact form, newest first. Opening a message
// marks it read; it can be marked unread again or deleted after a confirmation.

const NO_MESSAGES: Inbox = { unread: 0, messages: [] };

const loadInbox = () => call(() => api.messages.$get());

export function useInbox() {
  const { data: inbox, reload } = useAdminData(loadInbox, "errors.fetchMessages", NO_MESSAGES);
  return { inbox, reload };
}

export function MessagesPanel({ inbox, reload }: ReturnType<typeof useInbox>) {
  const { t, language } = useI18n();
  const { timeZone } = useSite();
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<InboxMessage | null>(null);

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
        <button
          type="button"
          onClick={() => void reload()}
          className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t("admin.messages.refresh")}
        </button>
      </header>

      {inbox === null ? (
        <Spinner />
      ) : inbox.messages.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {t("admin.messages.empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {inbox.messages.map((message) => {
            const unread = !message.read_at;
            const expanded = open === message.id;
            const bodyId = `message-${message.id}`;
            return (
              <li
                key={message.id}
                className={`rounded-xl border bg-card shadow-sm ${unread ? "border-primary/60" : "border-border"}`}
              >
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
                    <MailOpen aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
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
              </li>
            );
          })}
        </ul>
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
    </section>
  );
}
