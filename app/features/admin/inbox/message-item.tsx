import { ChevronDown, Inbox, Mail, MailOpen, Trash2 } from "lucide-react";
import { formatShortDateTime } from "#core/dates.ts";
import type { InboxMessage } from "#db/records.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";

/**
 * One message of the inbox: its checkbox, sender, time and subject; opened, the whole message and its actions (a
 * held one: move to the inbox, or delete).
 */
export function MessageItem({
  message,
  expanded,
  selected,
  onToggle,
  onSelect,
  onRead,
  onRelease,
  onDelete,
}: {
  message: InboxMessage;
  expanded: boolean;
  selected: boolean;
  onToggle: () => void;
  onSelect: (on: boolean) => void;
  onRead: (read: boolean) => void;
  onRelease: () => void;
  onDelete: () => void;
}) {
  const { t, locale } = useI18n();
  const { timeZone } = useSite();
  const unread = !message.read_at;
  const bodyId = `message-${message.id}`;
  const Icon = unread ? Mail : MailOpen;
  return (
    <li
      className={`flex items-start rounded-xl border bg-card shadow-sm ${unread ? "border-primary/60" : "border-border"}`}
    >
      <input
        type="checkbox"
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={t("admin.messages.select", { name: message.name })}
        className="ms-4 mt-5 size-4 shrink-0 accent-primary"
      />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={bodyId}
          className="flex w-full items-start gap-3 p-4 text-start"
        >
          <Icon
            aria-hidden="true"
            className={`mt-0.5 size-5 shrink-0 ${unread ? "text-primary" : "text-muted-foreground"}`}
          />
          <span className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className="flex flex-wrap items-baseline gap-x-3">
              <span dir="auto" className={`truncate ${unread ? "font-bold" : "font-medium"}`}>
                {message.name}
              </span>
              <span className="text-xs text-muted-foreground">
                {formatShortDateTime(message.created_at, locale, timeZone)}
              </span>
              {unread ? <span className="sr-only">{t("admin.messages.unread")}</span> : null}
            </span>
            <span dir="auto" className={`truncate ${unread ? "font-semibold" : "text-muted-foreground"}`}>
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
              {message.held ? (
                <button
                  type="button"
                  onClick={onRelease}
                  className="inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
                >
                  <Inbox aria-hidden="true" className="size-4" />
                  {t("admin.messages.release")}
                </button>
              ) : null}
              <button
                type="button"
                onClick={() => onRead(unread)}
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
                onClick={onDelete}
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
}
