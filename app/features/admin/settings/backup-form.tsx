import { Download, FileText, FileUp, Upload } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { apiErrorText } from "#core/api-errors.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { failureText, useMutation } from "#app/features/admin/api/mutation.ts";
import { FieldError } from "#app/features/admin/forms/form-controls.tsx";
import { PasswordConfirmDialog } from "#app/features/admin/forms/password-confirm-dialog.tsx";
import { refusesPassword } from "./security/sessions-form.tsx";

/**
 * Backup and restore (docs/product.md §19): the whole site as one file, and back. Restoring asks for the password
 * again (§26.2), and over a site with content asks before it replaces anything. Once restored, every view shows the
 * restored site (React Router reloads the admin's data after the write).
 */
export function BackupForm() {
  const { t, language } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const password = useRef("");
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState(false);
  const restore = useMutation<{ restored: boolean }>({
    quiet: refusesPassword,
    onSuccess: ({ restored }) => {
      setAsking(false);
      if (!restored) setConfirming(true);
      else toast({ title: t("admin.settings.backup.restored") });
    },
  });
  const send = (replace: boolean) =>
    void restore.submit({ password: password.current, replace }, { backup: input.current?.files?.[0] });
  const failure = restore.failed;
  const fileError = missing
    ? apiErrorText(language, "backupNoFile")
    : failure && !refusesPassword(failure)
      ? failureText(t, failure)
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (restore.busy) return;
    setMissing(!input.current?.files?.[0]);
    if (input.current?.files?.[0]) setAsking(true);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t("admin.settings.backup.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("admin.settings.backup.text")}</p>
      <a
        href="/api/backup"
        download
        className="inline-flex items-center gap-2 self-start rounded-md border border-border px-4 py-2 text-sm font-medium hover:bg-muted"
      >
        <Download aria-hidden="true" className="size-4" />
        {t("admin.settings.backup.download")}
      </a>
      <p className="text-sm text-muted-foreground">{t("moving.downloadText")}</p>
      <a
        href="/api/moving/export"
        download
        className="inline-flex items-center gap-2 self-start rounded-md border border-border px-4 py-2 text-sm font-medium hover:bg-muted"
      >
        <FileText aria-hidden="true" className="size-4" />
        {t("moving.download")}
      </a>
      <Link
        to="../import"
        relative="path"
        className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <FileUp aria-hidden="true" className="size-4" />
        {t("moving.backupLink")}
      </Link>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-semibold">
            {t("admin.settings.backup.file")}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept=".zip,application/zip"
            aria-describedby={fileError ? `${id}-file-error` : undefined}
            aria-invalid={fileError ? true : undefined}
            onChange={() => {
              setMissing(false);
              restore.clear();
            }}
            className="text-sm file:me-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:font-medium"
          />
          <FieldError id={`${id}-file`} error={fileError} />
        </div>
        <button
          type="submit"
          aria-disabled={restore.busy || undefined}
          className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:opacity-90 aria-disabled:opacity-60"
        >
          <Upload aria-hidden="true" className="size-4" />
          {restore.busy ? t("admin.settings.backup.restoring") : t("admin.settings.backup.restore")}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("admin.settings.backup.replaceTitle")}
        description={t("admin.settings.backup.replaceText")}
        cancelLabel={t("admin.common.cancel")}
        confirmLabel={t("admin.settings.backup.replaceConfirm")}
        onConfirm={() => send(true)}
      />
      <PasswordConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          if (!open) restore.clear();
          setAsking(open);
        }}
        title={t("admin.settings.backup.passwordTitle")}
        description={t("admin.settings.backup.passwordText")}
        confirmLabel={t("admin.settings.backup.restore")}
        busy={restore.busy}
        error={failure && refusesPassword(failure) ? failureText(t, failure) : undefined}
        onConfirm={(given) => {
          password.current = given;
          send(false);
        }}
      />
    </section>
  );
}
