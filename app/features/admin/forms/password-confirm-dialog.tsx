import { useId, useState, type FormEvent } from "react";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { AdminApiError } from "#app/features/admin/api/client.ts";
import { SubmitButton, TextInput } from "./form-controls.tsx";
import { messageOf } from "./save-with-image.ts";

/**
 * The owner's password asked again before a destructive action (docs/product.md §26): restoring a backup, signing
 * out everywhere else. `onConfirm` sends it with the action; the server's refusal shows under the field and the
 * dialog stays open, so the owner can try again.
 */
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: (password: string) => Promise<void>;
}) {
  const { t } = useI18n();
  const id = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setPassword("");
      setError(undefined);
    }
    onOpenChange(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm(password);
      close(false);
    } catch (failure) {
      const issue =
        failure instanceof AdminApiError ? failure.issues.find((i) => i.path === "password") : undefined;
      setError(issue?.message ?? messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      closeLabel={t("admin.common.close")}
    >
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <input type="text" name="username" autoComplete="username" value="owner" readOnly hidden />
        <TextInput
          id={`${id}-password`}
          label={t("admin.confirmPassword.label")}
          type="password"
          dir="ltr"
          autoComplete="current-password"
          autoFocus
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
        <div>
          <SubmitButton busy={busy} label={confirmLabel} busyLabel={t("admin.processing")} />
        </div>
      </form>
    </Dialog>
  );
}
