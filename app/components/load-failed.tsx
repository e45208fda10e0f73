import { RotateCw } from "lucide-react";
import { useLocation, useRevalidator } from "react-router";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { useI18n } from "#app/lib/i18n.ts";

/**
 * In place of a list that could not be read: that it failed and a way to ask again, never "nothing here yet". The
 * link reloads the page without JavaScript; with it, the page's data is read again.
 */
export function LoadFailed({
  titleKey,
  descriptionKey,
}: {
  titleKey: TranslationKey;
  descriptionKey: TranslationKey;
}) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
      <p className="text-lg font-semibold">{t(titleKey)}</p>
      <p className="text-muted-foreground">{t(descriptionKey)}</p>
      <a
        href={`${pathname}${search}`}
        onClick={(event) => {
          event.preventDefault();
          void revalidator.revalidate();
        }}
        aria-disabled={revalidator.state === "loading" || undefined}
        className="inline-flex items-center gap-2 rounded-md border border-border px-4 py-2 font-medium hover:bg-muted"
      >
        <RotateCw aria-hidden="true" className="size-4" />
        {t("common.tryAgain")}
      </a>
    </div>
  );
}
