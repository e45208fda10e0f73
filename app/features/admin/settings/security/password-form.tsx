import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { useMutation, useFieldRefusal } from "#app/features/admin/api/mutation.ts";
import { SubmitButton, TextInput } from "#app/features/admin/forms/form-controls.tsx";

const EMPTY = { current: "", next: "", confirm: "" };

/**
 * The owner's password (docs/product.md §17.5): the current one, the new one twice; the server ends every other
 * session when it changes, and judges the new one (§11.1), its refusal under the field it concerns.
 */
export function PasswordForm() {
  const { t } = useI18n();
  const id = useId();
  const form = useForm({ defaultValues: EMPTY });
  const { errors } = form.formState;
  const change = useMutation<unknown, typeof EMPTY>({
    setError: form.setError,
    onSuccess: () => {
      form.reset(EMPTY);
      toast({ title: t("admin.settings.password.changed") });
    },
  });
  const refused = useFieldRefusal();
  const submit = form.handleSubmit(
    ({ current, next }) => change.submit({ intent: "password", current, next }),
    refused,
  );
  const field = (name: keyof typeof EMPTY) => ({
    id: `${id}-${name}`,
    type: "password",
    dir: "ltr" as const,
    error: errors[name]?.message,
  });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t("admin.settings.password.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("admin.settings.password.text")}</p>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        {/* Lets a password manager tie the new password to the owner's account. */}
        <input type="text" name="username" autoComplete="username" value="owner" readOnly hidden />
        <TextInput
          label={t("admin.settings.password.current")}
          autoComplete="current-password"
          field={form.register("current")}
          {...field("current")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={t("admin.settings.password.next")}
            hint={t("admin.settings.password.hint")}
            autoComplete="new-password"
            field={form.register("next")}
            {...field("next")}
          />
          <TextInput
            label={t("admin.settings.password.confirm")}
            autoComplete="new-password"
            field={form.register("confirm", {
              validate: (confirm, values) => confirm === values.next || t("admin.settings.password.mismatch"),
            })}
            {...field("confirm")}
          />
        </div>
        <div>
          <SubmitButton
            busy={change.busy}
            label={t("admin.settings.password.change")}
            busyLabel={t("admin.processing")}
          />
        </div>
      </form>
    </section>
  );
}
