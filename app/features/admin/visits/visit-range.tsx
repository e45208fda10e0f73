import { Form, Link } from "react-router";
import { inputClass } from "#app/features/admin/forms/form-controls.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { VISIT_RANGES } from "./visits-data.ts";

/** The days the view shows: the last 7, 30 or 90 at a click, or any two dates (docs/product.md §27.5). */
export function VisitRange({ days, from, to }: { days: string | null; from: string; to: string }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <nav aria-label={t("admin.visits.range")}>
        <ul className="flex gap-1 rounded-lg bg-muted p-1">
          {VISIT_RANGES.map((range) => (
            <li key={range}>
              <Link
                to={`?days=${range}`}
                aria-current={days === range ? "page" : undefined}
                className="inline-flex rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
              >
                {t("admin.visits.lastDays", { count: Number(range) })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed on the range shown, so the dates follow a click on the links above. */}
      <Form key={`${from}-${to}`} method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.visits.from")}
          <input
            type="date"
            name="from"
            defaultValue={from}
            required
            className={`${inputClass} w-auto py-1.5`}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.visits.to")}
          <input type="date" name="to" defaultValue={to} required className={`${inputClass} w-auto py-1.5`} />
        </label>
        <button
          type="submit"
          className="rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
        >
          {t("admin.visits.show")}
        </button>
      </Form>
    </div>
  );
}
