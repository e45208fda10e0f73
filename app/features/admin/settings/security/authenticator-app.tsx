import { KeyRound, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { useI18n } from "#app/lib/i18n.ts";
import { TextInput } from "#app/features/admin/forms/form-controls.tsx";
import { secondaryButton, type FactorValues, type RunChange } from "./factor-form.ts";

/** The authenticator app (docs/product.md §22.2): set up from a QR code and a first code, or removed. */
export function AuthenticatorApp({
  on,
  setup,
  busy,
  run,
  onCancel,
}: {
  on: boolean;
  setup: { secret: string; qr: string } | undefined;
  busy: boolean;
  run: RunChange;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const { register, formState } = useFormContext<FactorValues>();
  const disabled = busy || undefined;
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4">
      <h4 className="font-semibold">{t("admin.settings.factors.app")}</h4>
      <p className="text-sm text-muted-foreground">
        {on ? t("admin.settings.factors.appOn") : t("admin.settings.factors.appOff")}
      </p>
      {setup ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm">{t("admin.settings.factors.scan")}</p>
          <img
            src={setup.qr}
            alt={t("admin.settings.factors.qrAlt")}
            width={200}
            height={200}
            className="size-48 rounded-md bg-white p-1"
          />
          <div className="flex flex-col gap-1">
            <span id={`${id}-secret-label`} className="text-sm font-semibold">
              {t("admin.settings.factors.secret")}
            </span>
            <code
              aria-labelledby={`${id}-secret-label`}
              dir="ltr"
              className="self-start break-all rounded bg-muted px-2 py-1 font-mono text-sm"
            >
              {setup.secret}
            </code>
          </div>
          <TextInput
            id={`${id}-first-code`}
            label={t("admin.settings.factors.firstCode")}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            field={register("code")}
            error={formState.errors.code?.message}
          />
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => run("confirmApp", (values) => ({ code: values.code }))}
              aria-disabled={disabled}
              className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:opacity-90 aria-disabled:opacity-60"
            >
              <KeyRound aria-hidden="true" className="size-4" />
              {t("admin.settings.factors.confirmApp")}
            </button>
            <button type="button" onClick={onCancel} className={secondaryButton}>
              {t("admin.settings.factors.cancel")}
            </button>
          </div>
        </div>
      ) : on ? (
        <button
          type="button"
          onClick={() => run("removeApp")}
          aria-disabled={disabled}
          className={secondaryButton}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t("admin.settings.factors.removeApp")}
        </button>
      ) : (
        <button
          type="button"
          onClick={() => run("beginApp")}
          aria-disabled={disabled}
          className={secondaryButton}
        >
          <KeyRound aria-hidden="true" className="size-4" />
          {t("admin.settings.factors.setUpApp")}
        </button>
      )}
    </div>
  );
}
