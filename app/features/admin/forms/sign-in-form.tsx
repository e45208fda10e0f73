import { Fingerprint, KeyRound } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useI18n } from "#app/lib/i18n.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { inputClass } from "./form-controls.tsx";
import { messageOf } from "./save-with-image.ts";

type Methods = { totp: boolean; passkey: boolean };

/**
 * The owner's password, nothing else: there is one owner. When a second factor is on (docs/product.md §22), a
 * second step asks for a code (the app's or a recovery code) or a passkey. The server's answer is shown as it is.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [methods, setMethods] = useState<Methods | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function attempt(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const result = await call(() => api.auth.login.$post({ json: { password } }));
      setPassword("");
      if ("secondFactor" in result) setMethods(result.secondFactor);
      else onSignedIn();
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      await call(() => api.auth.login.code.$post({ json: { code } }));
      setCode("");
      onSignedIn();
    });
  };

  const signInWithPasskey = () =>
    void attempt(async () => {
      // Hono's JSON typing loses the library's buffer types of extensions we never send: its own type says it.
      const optionsJSON = (await call(() =>
        api.auth.login.passkey.options.$post(),
      )) as unknown as PublicKeyCredentialRequestOptionsJSON;
      let response;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch {
        throw new Error(t("admin.signIn.passkeyCancelled"));
      }
      await call(() => api.auth.login.passkey.$post({ json: { response } }));
      onSignedIn();
    });

  const errorLine = error ? (
    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
      {error}
    </p>
  ) : null;
  const primary =
    "inline-flex items-center justify-center gap-2 rounded-md bg-primary px-5 py-2.5 font-semibold text-primary-foreground hover:opacity-90 disabled:opacity-60";

  if (methods) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{t("admin.signIn.secondStep")}</p>
        <form onSubmit={submitCode} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-code`} className="text-sm font-semibold">
              {t("admin.signIn.code")}
            </label>
            <input
              id={`${id}-code`}
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-code-hint${error ? ` ${id}-error` : ""}`}
              className={inputClass}
              dir="ltr"
            />
            <p id={`${id}-code-hint`} className="text-xs text-muted-foreground">
              {t("admin.signIn.codeHint")}
            </p>
            {errorLine}
          </div>
          <button type="submit" disabled={busy} className={primary}>
            <KeyRound aria-hidden="true" className="size-4" />
            {busy ? t("admin.signIn.verifying") : t("admin.signIn.verify")}
          </button>
        </form>
        {methods.passkey ? (
          <button
            type="button"
            onClick={signInWithPasskey}
            disabled={busy}
            className="inline-flex items-center justify-center gap-2 rounded-md border border-border px-5 py-2.5 font-semibold hover:bg-muted disabled:opacity-60"
          >
            <Fingerprint aria-hidden="true" className="size-4" />
            {t("admin.signIn.usePasskey")}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => {
            setMethods(null);
            setError(null);
          }}
          className="self-center text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground"
        >
          {t("admin.signIn.startOver")}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={submitPassword} className="flex flex-col gap-4">
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
        {errorLine}
      </div>
      <button type="submit" disabled={busy} className={primary}>
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? t("admin.signIn.submitting") : t("admin.signIn.submit")}
      </button>
    </form>
  );
}
