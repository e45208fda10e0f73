import { Fingerprint, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFormContext } from "react-hook-form";
import type { FactorStatus } from "#server/features/auth/factors.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { useFieldRefusal } from "#app/features/admin/api/mutation.ts";
import { TextInput } from "#app/features/admin/forms/form-controls.tsx";
import { secondaryButton, type FactorValues, type RunChange } from "./factor-form.ts";

/** The owner's passkeys (docs/product.md §22.2): listed by name, each with its remove button, and a new one. */
export function Passkeys({
  passkeys,
  busy,
  run,
}: {
  passkeys: FactorStatus["passkeys"];
  busy: boolean;
  run: RunChange;
}) {
  const { t } = useI18n();
  const id = useId();
  const { register, formState, getValues, setError } = useFormContext<FactorValues>();
  const refused = useFieldRefusal();
  const add = () => {
    // A passkey needs its name before the browser is asked for it.
    if (getValues("name").trim() === "") {
      const error = { type: "required", message: t("admin.settings.factors.passkeyNameHint") };
      setError("name", error);
      refused({ name: error });
      return;
    }
    run("addPasskey", (values) => ({ name: values.name }));
  };
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4">
      <h4 className="font-semibold">{t("admin.settings.factors.passkeys")}</h4>
      {passkeys.length > 0 ? (
        <ul aria-label={t("admin.settings.factors.passkeys")} className="flex flex-col gap-2">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex items-center gap-3">
              <Fingerprint aria-hidden="true" className="size-4 shrink-0" />
              <span dir="auto" className="me-auto">
                {passkey.name}
              </span>
              <button
                type="button"
                onClick={() => run("removePasskey", () => ({ id: passkey.id }))}
                aria-disabled={busy || undefined}
                aria-label={t("admin.settings.factors.removePasskey", { name: passkey.name })}
                className="rounded-md p-2 text-destructive hover:bg-muted aria-disabled:opacity-60"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("admin.settings.factors.noPasskeys")}</p>
      )}
      <TextInput
        id={`${id}-passkey-name`}
        label={t("admin.settings.factors.passkeyName")}
        hint={t("admin.settings.factors.passkeyNameHint")}
        dir="auto"
        maxLength={60}
        field={register("name")}
        error={formState.errors.name?.message}
      />
      <button type="button" onClick={add} aria-disabled={busy || undefined} className={secondaryButton}>
        <Fingerprint aria-hidden="true" className="size-4" />
        {t("admin.settings.factors.addPasskey")}
      </button>
    </div>
  );
}
