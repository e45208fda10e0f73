import { useId } from "react";
import { useForm } from "react-hook-form";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { SubmitButton, TextInput } from "./form-controls.tsx";

/**
 * The owner's password asked again before a destructive action (docs/product.md §26.2): restoring a backup, signing
 * out everywhere else. `onConfirm` sends it with the action; the caller closes the dialog when it is done, or gives
 * the server's refusal back as `error`, shown under the field, so the owner can try again.
 */
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busy,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  error: string | undefined;
  onConfirm: (password: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const form = useForm({ defaultValues: { password: "" } });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      title={title}
      description={description}
      closeLabel={t("admin.common.close")}
    >
      <form
        onSubmit={(event) => void form.handleSubmit(({ password }) => onConfirm(password))(event)}
        className="flex flex-col gap-4"
        noValidate
      >
        <input type="text" name="username" autoComplete="username" value="owner" readOnly hidden />
        <TextInput
          id={`${id}-password`}
          label={t("admin.confirmPassword.label")}
          type="password"
          dir="ltr"
          autoComplete="current-password"
          autoFocus
          field={form.register("password")}
          error={error}
        />
        <div>
          <SubmitButton busy={busy} label={confirmLabel} busyLabel={t("admin.processing")} />
        </div>
      </form>
    </Dialog>
  );
}
