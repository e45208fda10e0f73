import { RefreshCw, ShieldAlert } from "lucide-react";
import { useRevalidator } from "react-router";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, AUDIT_WARNINGS, type AuditPage } from "#core/audit.ts";
import { formatShortDateTime } from "#core/dates.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { inputClass } from "#app/features/admin/forms/form-controls.tsx";
import { useAddressFilter, useListParams } from "#app/features/admin/lists/list-query.ts";
import { Pager } from "#app/features/admin/lists/pager.tsx";

// The Activity view (docs/product.md §26): the audit log, a page at a time, newest first: who signed in or tried to,
// from where and with what, and what the owner changed.

export function ActivityView({ log }: { log: AuditPage }) {
  const { t, locale } = useI18n();
  const { timeZone } = useSite();
  const revalidator = useRevalidator();
  const shownAction = useListParams().get("action");
  const [action, showAction] = useAddressFilter(
    "action",
    AUDIT_ACTIONS.find((name) => name === shownAction) ?? "",
  );

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <div className="me-auto flex flex-col gap-1">
          <h2 id="activity-title" tabIndex={-1} className="text-xl font-bold outline-none">
            {t("admin.activity.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("admin.activity.text")}</p>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          {t("admin.activity.filter")}
          <select
            value={action}
            onChange={(event) => showAction(event.target.value || null)}
            className={`${inputClass} w-auto py-1.5`}
          >
            <option value="">{t("admin.activity.all")}</option>
            {AUDIT_ACTIONS.map((name) => (
              <option key={name} value={name}>
                {t(`admin.activity.actions.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t("admin.activity.refresh")}
        </button>
      </header>

      {log.events.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {t("admin.activity.empty")}
        </p>
      ) : (
        <>
          <ol
            aria-labelledby="activity-title"
            className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card"
          >
            {log.events.map((event) => {
              const warning = AUDIT_WARNINGS.has(event.action);
              return (
                <li
                  key={event.id}
                  className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-baseline sm:gap-4"
                >
                  <time dateTime={event.at} className="shrink-0 text-xs text-muted-foreground sm:w-44">
                    {formatShortDateTime(event.at, locale, timeZone)}
                  </time>
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span
                      className={`flex items-center gap-2 font-semibold ${warning ? "text-destructive" : ""}`}
                    >
                      {warning ? <ShieldAlert aria-hidden="true" className="size-4 shrink-0" /> : null}
                      {t(`admin.activity.actions.${event.action}`)}
                      {event.subject ? (
                        <bdi className="truncate font-normal text-foreground">{event.subject}</bdi>
                      ) : null}
                    </span>
                    {event.address || event.device ? (
                      <span className="text-xs text-muted-foreground">
                        {t("admin.activity.from")}{" "}
                        <bdi>{[event.address, event.device].filter(Boolean).join(" · ")}</bdi>
                      </span>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ol>
          <Pager
            page={log.page}
            perPage={AUDIT_PAGE_SIZE}
            total={log.total}
            labelKey="admin.activity.pages"
            rangeKey="admin.activity.range"
            headingId="activity-title"
          />
        </>
      )}
    </div>
  );
}
