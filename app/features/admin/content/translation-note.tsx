import { Languages } from "lucide-react";
import { translationState } from "#core/translation-state.ts";
import { useI18n } from "#app/lib/i18n.ts";

// What an item's translation lacks (decision 044), in a row of the admin's lists: a language with no text, or one
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
