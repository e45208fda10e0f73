import { formatTime } from "#core/dates.ts";
import { useSite } from "#app/lib/site.ts";
import { History } from "lucide-react";
import { useI18n } from "#app/lib/i18n.ts";

/** Offers an autosaved draft back (docs/product.md §9). */
export function DraftBanner({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t, locale } = useI18n();
  const { timeZone } = useSite();
  const time = formatTime(savedAt, locale, timeZone);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/40 bg-accent px-4 py-3 text-sm"
    >
      <History aria-hidden="true" className="size-4 shrink-0 text-primary" />
      <span className="me-auto">{t("admin.drafts.found", { time })}</span>
      <button
        type="button"
        onClick={onRestore}
        className="rounded-md bg-primary px-3 py-1.5 font-semibold text-primary-foreground hover:opacity-90"
      >
        {t("admin.drafts.restore")}
      </button>
      <button
        type="button"
        onClick={onDiscard}
        className="rounded-md border border-border px-3 py-1.5 font-medium hover:bg-muted"
      >
        {t("admin.drafts.discard")}
      </button>
    </div>
  );
}
