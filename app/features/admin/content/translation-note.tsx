import { Languages } from "lucide-react";
import { formatShortDate } from "#core/dates.ts";
import { translationState } from "#core/translation-state.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { useSite } from "#app/lib/site.ts";

// What an item's translation lacks (decision 015), in a row of the admin's lists: a language with no text, or one
// whose text is older than the other's ("English changed 12 days after the Arabic").

export function TranslationNote({
  item,
}: {
  item: { text_changed_en: string | null; text_changed_ar: string | null };
}) {
  const { t } = useI18n();
  const state = translationState(item);
  if (!state) return null;
  const message =
    state.kind === "missing"
      ? t(`admin.translation.missing.${state.language}`)
      : state.days === 0
        ? t(`admin.translation.sameDay.${state.newer}`)
        : t(`admin.translation.changedAfter.${state.newer}`, { count: state.days });
  return (
    <p className="flex items-center gap-1 text-xs font-medium text-amber-700 dark:text-amber-300">
      <Languages aria-hidden="true" className="size-3.5 shrink-0" />
      {message}
    </p>
  );
}

/** Both languages' state side by side, in an item's editor: when each text last changed, or that it has none. */
export function TranslationPanel({
  item,
}: {
  item: { text_changed_en: string | null; text_changed_ar: string | null };
}) {
  const { t, locale } = useI18n();
  const { timeZone } = useSite();
  return (
    <section
      aria-label={t("admin.translation.panel")}
      className="flex flex-col gap-2 rounded-lg border border-border p-3"
    >
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {(["en", "ar"] as const).map((lang) => {
          const changed = item[`text_changed_${lang}`];
          return (
            <div key={lang} className="flex flex-col gap-0.5">
              <dt className="font-semibold">{t(`admin.translation.side.${lang}`)}</dt>
              <dd className="text-muted-foreground">
                {changed
                  ? t("admin.translation.changed", { date: formatShortDate(changed, locale, timeZone) })
                  : t("admin.translation.empty")}
              </dd>
            </div>
          );
        })}
      </dl>
      <TranslationNote item={item} />
    </section>
  );
}
