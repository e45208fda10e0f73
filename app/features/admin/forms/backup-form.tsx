import { Download, Upload } from "lucide-react";
import { apiErrorText } from "#core/api-errors.ts";
import { useId, useRef, useState, type FormEvent } from "react";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import { AdminApiError, reportSessionEnded } from "#app/features/admin/api/client.ts";
import { FieldError } from "./form-controls.tsx";
import { PasswordConfirmDialog } from "./password-confirm-dialog.tsx";

/**
 * Backup and restore from Settings (docs/product.md §19): the whole site as one file, and back. Restoring over a
 * site with content asks first (the server answers 409 until the owner confirms), and restoring asks for the
 * password again (docs/product.md §26).
 */
export function BackupForm() {
  const { t, language } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const password = useRef("");

  /** Sends the file with the password; throws the server's refusal. A site with content asks first (409). */
  async function send(replace: boolean) {
    const file = input.current?.files?.[0];
    if (!file) return;
    setBusy(true);
    setError(undefined);
    const form = new FormData();
    form.set("file", file);
    form.set("password", password.current);
    if (replace) form.set("replace", "1");
    try {
      const response = await fetch("/api/backup/restore", {
        method: "POST",
        body: form,
        credentials: "same-origin",
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 401) reportSessionEnded();
      if (response.status === 409) {
        setConfirming(true);
        return;
      }
      if (!response.ok) throw AdminApiError.fromBody(response.status, response.statusText, body);
      toast({ title: t("admin.settings.backup.restored") });
      // Every panel shows the restored site.
      window.setTimeout(() => window.location.reload(), 800);
    } finally {
      setBusy(false);
    }
  }

  function report(failure: unknown) {
    const message = failure instanceof Error ? failure.message : String(failure);
    setError(message);
    toast({ title: t("errors.restoreBackup"), description: message, variant: "destructive" });
  }

  /** The password dialog's answer: a wrong password (or a lockout) stays in the dialog; the rest shows here. */
  async function restoreWith(given: string) {
    password.current = given;
    try {
      await send(false);
    } catch (failure) {
      if (
        failure instanceof AdminApiError &&
        (failure.status === 429 || failure.issues.some((issue) => issue.path === "password"))
      )
        throw failure;
      report(failure);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!input.current?.files?.[0]) {
      setError(apiErrorText(language, "backupNoFile"));
      return;
    }
    setAsking(true);
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
            aria-describedby={error ? `${id}-file-error` : undefined}
            aria-invalid={error ? true : undefined}
            onChange={() => setError(undefined)}
            className="text-sm file:me-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:font-medium"
          />
          <FieldError id={`${id}-file`} error={error} />
        </div>
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:opacity-90 aria-disabled:opacity-60"
        >
          <Upload aria-hidden="true" className="size-4" />
          {busy ? t("admin.settings.backup.restoring") : t("admin.settings.backup.restore")}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("admin.settings.backup.replaceTitle")}
        description={t("admin.settings.backup.replaceText")}
        cancelLabel={t("admin.common.cancel")}
        confirmLabel={t("admin.settings.backup.replaceConfirm")}
        onConfirm={() => void send(true).catch(report)}
      />
      <PasswordConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("admin.settings.backup.passwordTitle")}
        description={t("admin.settings.backup.passwordText")}
        confirmLabel={t("admin.settings.backup.restore")}
        onConfirm={restoreWith}
      />
    </section>
  );
}
