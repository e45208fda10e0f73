import { RefreshCw, ShieldAlert } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  AUDIT_WARNINGS,
  type AuditAction,
  type AuditPage,
} from "#core/audit.ts";
import { formatShortDateTime } from "#core/dates.ts";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { useAdminData } from "#app/features/admin/api/use-admin-data.ts";
import { inputClass } from "#app/features/admin/forms/form-controls.tsx";
import { Pager } from "./pager.tsx";

// The Activity tab (docs/product.md §26): the audit log, a page at a time, newest first: who signed in or tried to,
// from where and with what, and what the owner changed.

export function ActivityPanel() {
  const { t, language } = useI18n();
  const { timeZone } = useSite();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<AuditAction | "">("");
  const load = useCallback(
    () => call(() => api.audit.$get({ query: { page: String(page), action } })),
    [page, action],
  );
  const { data, reload } = useAdminData<AuditPage | null>(load, "errors.fetchActivity", null);
  // Another page or filter: load it (the first load is useAdminData's own).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void reload();
  }, [page, action, reload]);

  return (
    <section aria-labelledby="activity-title" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <div className="me-auto flex flex-col gap-1">
          <h2 id="activity-title" className="text-xl font-bold">
            {t("admin.activity.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("admin.activity.text")}</p>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          {t("admin.activity.filter")}
          <select
            value={action}
            onChange={(event) => {
              setAction(event.target.value as AuditAction | "");
              setPage(1);
            }}
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
          onClick={() => void reload()}
          className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t("admin.activity.refresh")}
        </button>
      </header>

      {data === null ? (
        <Spinner />
      ) : data.events.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {t("admin.activity.empty")}
        </p>
      ) : (
        <>
          <ol className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card">
            {data.events.map((event) => {
              const warning = AUDIT_WARNINGS.has(event.action);
              return (
                <li
                  key={event.id}
                  className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-baseline sm:gap-4"
                >
                  <time dateTime={event.at} className="shrink-0 text-xs text-muted-foreground sm:w-44">
                    {formatShortDateTime(event.at, language, timeZone)}
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
            page={data.page}
            perPage={AUDIT_PAGE_SIZE}
            total={data.total}
            labelKey="admin.activity.pages"
            rangeKey="admin.activity.range"
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
