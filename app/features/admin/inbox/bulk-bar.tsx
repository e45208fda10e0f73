import { Inbox, Mail, MailOpen, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useI18n } from "#app/lib/i18n.ts";
import type { BulkMessageAction } from "./inbox-data.ts";
import { smallButton } from "#app/features/admin/lists/list-filter.tsx";

/**
 * "Select all on this page" (checked, clear or partly) and what the selection can do (docs/product.md §21.4): in
 * the held folder, move to the inbox or delete.
 */
export function BulkBar({
  held,
  chosen,
  onPage,
  onSelectAll,
  onChange,
}: {
  held: boolean;
  chosen: number;
  onPage: number;
  onSelectAll: (on: boolean) => void;
  onChange: (action: BulkMessageAction) => void;
}) {
  const { t } = useI18n();
  const selectAll = useRef<HTMLInputElement>(null);
  const all = onPage > 0 && chosen === onPage;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen > 0 && !all;
  });
  const actions = [
    ...(held
      ? ([{ action: "release", Icon: Inbox, label: t("admin.messages.releaseSelected"), tone: "" }] as const)
      : ([
          { action: "read", Icon: MailOpen, label: t("admin.messages.readSelected"), tone: "" },
          { action: "unread", Icon: Mail, label: t("admin.messages.unreadSelected"), tone: "" },
        ] as const)),
    {
      action: "delete",
      Icon: Trash2,
      label: t("admin.messages.deleteSelected"),
      tone: "border-destructive/50 text-destructive dark:text-red-400",
    },
  ] as const;
  return (
    <div
      role="group"
      aria-label={t("admin.messages.selectAll")}
      className="flex flex-wrap items-center gap-2 rounded-lg bg-muted/60 px-3 py-2"
    >
      <label className="me-auto flex items-center gap-2 text-sm font-medium">
        <input
          ref={selectAll}
          type="checkbox"
          checked={all}
          onChange={(event) => onSelectAll(event.target.checked)}
          className="size-4 accent-primary"
        />
        {t("admin.messages.selectAll")}
        <span aria-live="polite" className="text-muted-foreground">
          {chosen > 0 ? t("admin.messages.selected", { count: chosen }) : ""}
        </span>
      </label>
      {actions.map(({ action, Icon, label, tone }) => (
        <button
          key={action}
          type="button"
          className={`${smallButton} ${tone}`}
          disabled={chosen === 0}
          onClick={() => onChange(action)}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}
