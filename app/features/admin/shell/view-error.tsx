import { RotateCw } from "lucide-react";
import { isRouteErrorResponse, useRevalidator } from "react-router";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { AdminApiError } from "#app/features/admin/api/client.ts";

/**
 * An admin view whose data could not be loaded (the error boundary of its route): what failed (docs/product.md
 * §8.1: "Error fetching messages"…), the server's message, and "Try again". The admin's header and links stay.
 */
export function ViewError({ error, titleKey }: { error: unknown; titleKey: TranslationKey }) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  // Without the owner there is nothing to show: the admin route shows the sign-in instead of this view.
  if (isRouteErrorResponse(error) && error.status === 401) return null;
  const message =
    error instanceof AdminApiError && error.status !== 0
      ? error.message
      : isRouteErrorResponse(error) && error.status === 404
        ? t("notFound.text")
        : t("admin.common.networkError");
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/50 p-6">
      <p className="font-semibold text-destructive dark:text-red-400">{t(titleKey)}</p>
      <p dir="auto" className="text-sm text-muted-foreground">
        {message}
      </p>
      <button
        type="button"
        onClick={() => void revalidator.revalidate()}
        className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
      >
        <RotateCw aria-hidden="true" className="size-4" />
        {t("admin.common.retry")}
      </button>
    </div>
  );
}
