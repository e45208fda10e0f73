import { useI18n } from "#app/lib/i18n.ts";
import { secondaryButton } from "./factor-form.ts";

/** The recovery codes (docs/product.md §22.1): how many are left; new ones, shown once until the owner has kept them. */
export function RecoveryCodes({
  left,
  codes,
  busy,
  onRenew,
  onSaved,
}: {
  left: number;
  codes: string[] | null;
  busy: boolean;
  onRenew: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4">
      <h4 className="font-semibold">{t("admin.settings.factors.recoveryTitle")}</h4>
      <p className="text-sm text-muted-foreground">
        {t("admin.settings.factors.recoveryLeft", { count: left })}
      </p>
      {codes ? (
        <div className="flex flex-col gap-3 rounded-md border border-primary/40 bg-muted/40 p-4">
          <p className="text-sm font-medium">{t("admin.settings.factors.recoveryText")}</p>
          <ol
            aria-label={t("admin.settings.factors.recoveryTitle")}
            dir="ltr"
            className="grid gap-1 font-mono text-sm sm:grid-cols-2"
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <button type="button" onClick={onSaved} className={secondaryButton}>
            {t("admin.settings.factors.recoverySaved")}
          </button>
        </div>
      ) : (
        <button type="button" onClick={onRenew} aria-disabled={busy || undefined} className={secondaryButton}>
          {t("admin.settings.factors.renewCodes")}
        </button>
      )}
    </div>
  );
}
