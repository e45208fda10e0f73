import { Fingerprint, KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { useI18n } from "#app/lib/i18n.ts";
import { failureText, useMutation } from "#app/features/admin/api/mutation.ts";
import { inputClass } from "#app/features/admin/forms/form-controls.tsx";
import type { SignInStep } from "./sign-in-action.ts";

const primary =
  "inline-flex items-center justify-center gap-2 rounded-md bg-primary px-5 py-2.5 font-semibold text-primary-foreground hover:opacity-90 disabled:opacity-60";

/**
 * The owner's password, nothing else: there is one owner. When a second factor is on (docs/product.md §22), a
 * second step asks for a code (the app's or a recovery code) or a passkey. The server's answer is shown as it is,
 * under the field. Posted to the admin route's action (sign-in-action.ts), whatever view is open.
 */
export function SignInForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const [methods, setMethods] = useState<SignInStep["secondFactor"]>(null);
  // Sign-in held by a limit (everyone's, after an attack, or this address's): a second factor's code with the
  // password still gets the owner in (docs/product.md §25).
  const [withCode, setWithCode] = useState(false);
  const { fetcher, busy, failed, clear } = useMutation<SignInStep>({
    quiet: (failure) => {
      if (failure.status === 429) setWithCode(true);
      return true;
    },
    onSuccess: (step) => {
      if (step.secondFactor) setMethods(step.secondFactor);
      else if (step.signedIn) onSignedIn?.();
    },
  });
  const error = failed ? failureText(t, failed) : null;
  const errorLine = error ? (
    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
      {error}
    </p>
  ) : null;
  const described = (hint?: string) =>
    [hint, error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  if (methods) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{t("admin.signIn.secondStep")}</p>
        <fetcher.Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="code" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-code`} className="text-sm font-semibold">
              {t("admin.signIn.code")}
            </label>
            <input
              id={`${id}-code`}
              name="code"
              autoComplete="one-time-code"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={described(`${id}-code-hint`)}
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
        </fetcher.Form>
        {methods.passkey ? (
          <button
            type="button"
            onClick={() => void fetcher.submit({ intent: "passkey" }, { method: "post" })}
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
            clear();
          }}
          className="self-center text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground"
        >
          {t("admin.signIn.startOver")}
        </button>
      </div>
    );
  }

  return (
    <fetcher.Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="password" />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-password`} className="text-sm font-semibold">
          {t("admin.signIn.password")}
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={described()}
          className={inputClass}
          dir="ltr"
        />
        {errorLine}
      </div>
      {withCode ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-paused-code`} className="text-sm font-semibold">
            {t("admin.signIn.pausedCode")}
          </label>
          <input
            id={`${id}-paused-code`}
            name="code"
            autoComplete="one-time-code"
            aria-describedby={`${id}-paused-code-hint`}
            className={inputClass}
            dir="ltr"
          />
          <p id={`${id}-paused-code-hint`} className="text-xs text-muted-foreground">
            {t("admin.signIn.pausedCodeHint")}
          </p>
        </div>
      ) : null}
      <button type="submit" disabled={busy} className={primary}>
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? t("admin.signIn.submitting") : t("admin.signIn.submit")}
      </button>
    </fetcher.Form>
  );
}
