import { ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { FactorStatus } from "#server/features/auth/factors.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useMutation, useFieldRefusal } from "#app/features/admin/api/mutation.ts";
import { TextInput } from "#app/features/admin/forms/form-controls.tsx";
import { AuthenticatorApp } from "./authenticator-app.tsx";
import { Passkeys } from "./passkeys.tsx";
import { RecoveryCodes } from "./recovery-codes.tsx";
import type { FactorValues, RunChange } from "./factor-form.ts";
import type { FactorChange } from "./security-data.ts";

// The owner's second factors (docs/product.md §22): an authenticator app set up from a QR code and a first code,
// passkeys named and listed, recovery codes shown once. Every change asks for the current password, typed once at
// the top of the section; the server's refusals show under their fields.

export function SecondFactors({ factors }: { factors: FactorStatus }) {
  const { t } = useI18n();
  const id = useId();
  const form = useForm<FactorValues>({ defaultValues: { password: "", code: "", name: "" } });
  const [setup, setSetup] = useState<FactorChange["setup"]>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const change = useMutation<FactorChange, FactorValues>({
    setError: form.setError,
    onSuccess: (result) => {
      setSetup(result.setup);
      form.setValue("code", "");
      if (result.done === "admin.settings.factors.passkeyAdded") form.setValue("name", "");
      if (result.recoveryCodes) setRecoveryCodes(result.recoveryCodes);
      if (result.done) toast({ title: t(result.done) });
    },
  });
  const refused = useFieldRefusal();
  const run: RunChange = (intent, extra) => {
    if (change.busy) return;
    void form.handleSubmit(
      (values) => change.submit({ intent, password: values.password, ...extra?.(values) }),
      refused,
    )();
  };
  const on = factors.totp || factors.passkeys.length > 0;

  return (
    <FormProvider {...form}>
      <section
        aria-labelledby={`${id}-title`}
        className="flex flex-col gap-5 rounded-xl border border-border bg-card p-6 shadow-sm"
      >
        <h3 id={`${id}-title`} className="text-lg font-bold">
          {t("admin.settings.factors.title")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("admin.settings.factors.text")}</p>
        <p className="flex items-center gap-2 text-sm font-medium">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {on ? t("admin.settings.factors.on") : t("admin.settings.factors.off")}
        </p>
        <TextInput
          id={`${id}-password`}
          label={t("admin.settings.factors.password")}
          type="password"
          autoComplete="current-password"
          dir="ltr"
          field={form.register("password")}
          error={form.formState.errors.password?.message}
        />
        <AuthenticatorApp
          on={factors.totp}
          setup={setup}
          busy={change.busy}
          run={run}
          onCancel={() => setSetup(undefined)}
        />
        <Passkeys passkeys={factors.passkeys} busy={change.busy} run={run} />
        {on || recoveryCodes ? (
          <RecoveryCodes
            left={factors.recoveryCodesLeft}
            codes={recoveryCodes}
            busy={change.busy}
            onRenew={() => run("renewCodes")}
            onSaved={() => setRecoveryCodes(null)}
          />
        ) : null}
      </section>
    </FormProvider>
  );
}
