import { useBlocker } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { useI18n } from "#app/lib/i18n.ts";

/** Asks before leaving a form with changes not saved yet for another address (a link, Back). */
export function LeaveGuard({ when }: { when: boolean }) {
  const { t } = useI18n();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={t("admin.settings.leaveTitle")}
      description={t("admin.settings.leaveText")}
      cancelLabel={t("admin.settings.stay")}
      confirmLabel={t("admin.settings.leave")}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
