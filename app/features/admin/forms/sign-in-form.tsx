import { KeyRound } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useI18n } from "#app/lib/i18n.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { inputClass } from "./form-controls.tsx";
import { messageOf } from "./save-with-image.ts";

/** The owner's password, nothing else: there is one owner. The server's answer is shown as it is. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await call(() => api.auth.login.$post({ json: { password } }));
      setPassword("");
      onSignedIn();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-password`} className="text-sm font-semibold">
          {t("admin.signIn.password")}
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
          dir="ltr"
        />
        {error ? (
          <p
            id={`${id}-error`}
            role="alert"
            className="text-sm font-medium text-destructive dark:text-red-400"
          >
            {error}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center justify-center gap-2 rounded-md bg-primary px-5 py-2.5 font-semibold text-primary-foreground hover:opacity-90 disabled:opacity-60"
      >
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? t("admin.signIn.submitting") : t("admin.signIn.submit")}
      </button>
    </form>
  );
}
