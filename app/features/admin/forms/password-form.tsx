import { useId, useState, type FormEvent } from "react";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { AdminApiError, api, call, type FieldIssue } from "#app/features/admin/api/client.ts";
import { SubmitButton, TextInput } from "./form-controls.tsx";
import { messageOf } from "./save-with-image.ts";

const EMPTY = { current: "", next: "", confirm: "" };

/**
 * The owner's password (docs/product.md §17): the current one, the new one twice; the server ends every other
 * session when it changes. (Signing out the other sessions without changing it: sessions-form.tsx.)
 */
export function PasswordForm() {
  const { t } = useI18n();
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [busy, setBusy] = useState(false);

  const field = (name: keyof typeof EMPTY) => ({
    id: `${id}-${name}`,
    type: "password",
    dir: "ltr" as const,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const show = (issues: readonly FieldIssue[]) =>
    setErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (values.next !== values.confirm) {
      const message = t("admin.settings.password.mismatch");
      show([{ path: "confirm", message }]);
      toast({ title: t("errors.validation"), description: message, variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      await call(() => api.auth.password.$post({ json: { current: values.current, next: values.next } }));
      setValues(EMPTY);
      setErrors({});
      toast({ title: t("admin.settings.password.changed") });
    } catch (error) {
      if (error instanceof AdminApiError) show(error.issues);
      toast({ title: t("errors.changePassword"), description: messageOf(error), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

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
          {...field("current")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={t("admin.settings.password.next")}
            hint={t("admin.settings.password.hint")}
            autoComplete="new-password"
            {...field("next")}
          />
          <TextInput
            label={t("admin.settings.password.confirm")}
            autoComplete="new-password"
            {...field("confirm")}
          />
        </div>
        <div>
          <SubmitButton
            busy={busy}
            label={t("admin.settings.password.change")}
            busyLabel={t("admin.processing")}
          />
        </div>
      </form>
    </section>
  );
}
