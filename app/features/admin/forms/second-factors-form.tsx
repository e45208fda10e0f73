import { Fingerprint, KeyRound, ShieldCheck, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import type { FactorStatus } from "#server/features/auth/factors.ts";
import { toast } from "#app/components/ui/toast.tsx";
import { useI18n } from "#app/lib/i18n.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { AdminApiError, api, call } from "#app/features/admin/api/client.ts";
import { useAdminData } from "#app/features/admin/api/use-admin-data.ts";
import { TextInput } from "./form-controls.tsx";
import { messageOf } from "./save-with-image.ts";

// The owner's second factors in Settings (docs/product.md §22): an authenticator app set up from a QR code and a
// first code, passkeys named and listed, recovery codes shown once. Every change asks for the current password,
// typed once at the top of the section.

const loadFactors = () => call(() => api.auth.factors.$get());

type FieldName = "password" | "code" | "name";

const secondary =
  "inline-flex items-center gap-2 self-start rounded-md border border-border px-4 py-2 text-sm font-medium hover:bg-muted aria-disabled:opacity-60";

export function SecondFactorsForm() {
  const { t } = useI18n();
  const id = useId();
  const { data: status, setData } = useAdminData(
    loadFactors,
    "errors.fetchFactors",
    null as FactorStatus | null,
  );
  const [password, setPassword] = useState("");
  const [firstCode, setFirstCode] = useState("");
  const [passkeyName, setPasskeyName] = useState("");
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);

  /** Runs one change; the server's refusals go under their fields and into a toast. */
  async function change(work: () => Promise<TranslationKey | null>) {
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      const done = await work();
      if (done) toast({ title: t(done) });
    } catch (error) {
      if (error instanceof AdminApiError)
        setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])));
      toast({ title: t("errors.secondFactor"), description: messageOf(error), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const refresh = async () => setData(await loadFactors());

  const beginApp = () =>
    change(async () => {
      const begun = await call(() => api.auth.factors.totp.$post({ json: { password } }));
      setSetup({ secret: begun.secret, qr: begun.qr });
      setFirstCode("");
      return null;
    });

  const confirmApp = () =>
    change(async () => {
      const confirmed = await call(() => api.auth.factors.totp.confirm.$post({ json: { code: firstCode } }));
      setSetup(null);
      setFirstCode("");
      if (confirmed.recoveryCodes) setRecoveryCodes(confirmed.recoveryCodes);
      await refresh();
      return "admin.settings.factors.appAdded";
    });

  const removeApp = () =>
    change(async () => {
      setData(await call(() => api.auth.factors.totp.remove.$post({ json: { password } })));
      return "admin.settings.factors.appRemoved";
    });

  const addPasskey = () =>
    change(async () => {
      if (passkeyName.trim() === "") {
        const message = t("admin.settings.factors.passkeyNameHint");
        setErrors({ name: message });
        throw new Error(message);
      }
      // Hono's JSON typing loses the library's buffer types of extensions we never send: its own type says it.
      const optionsJSON = (await call(() =>
        api.auth.factors.passkeys.options.$post({ json: { password } }),
      )) as unknown as PublicKeyCredentialCreationOptionsJSON;
      let response;
      try {
        response = await startRegistration({ optionsJSON });
      } catch {
        throw new Error(t("admin.settings.factors.passkeyCancelled"));
      }
      const added = await call(() =>
        api.auth.factors.passkeys.$post({ json: { name: passkeyName, response } }),
      );
      setPasskeyName("");
      if (added.recoveryCodes) setRecoveryCodes(added.recoveryCodes);
      await refresh();
      return "admin.settings.factors.passkeyAdded";
    });

  const removePasskey = (passkey: string) =>
    change(async () => {
      setData(
        await call(() =>
          api.auth.factors.passkeys[":id"].remove.$post({ param: { id: passkey }, json: { password } }),
        ),
      );
      return "admin.settings.factors.passkeyRemoved";
    });

  const renewCodes = () =>
    change(async () => {
      const renewed = await call(() => api.auth.factors["recovery-codes"].$post({ json: { password } }));
      setRecoveryCodes(renewed.recoveryCodes);
      await refresh();
      return "admin.settings.factors.renewed";
    });

  const on = Boolean(status && (status.totp || status.passkeys.length > 0));

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-5 rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t("admin.settings.factors.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("admin.settings.factors.text")}</p>
      {status ? (
        <p className="flex items-center gap-2 text-sm font-medium">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {on ? t("admin.settings.factors.on") : t("admin.settings.factors.off")}
        </p>
      ) : null}
      <TextInput
        id={`${id}-password`}
        label={t("admin.settings.factors.password")}
        type="password"
        autoComplete="current-password"
        dir="ltr"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />

      <div className="flex flex-col gap-3 border-t border-border pt-4">
        <h4 className="font-semibold">{t("admin.settings.factors.app")}</h4>
        <p className="text-sm text-muted-foreground">
          {status?.totp ? t("admin.settings.factors.appOn") : t("admin.settings.factors.appOff")}
        </p>
        {setup ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm">{t("admin.settings.factors.scan")}</p>
            <img
              src={setup.qr}
              alt={t("admin.settings.factors.qrAlt")}
              width={200}
              height={200}
              className="size-48 rounded-md bg-white p-1"
            />
            <div className="flex flex-col gap-1">
              <span id={`${id}-secret-label`} className="text-sm font-semibold">
                {t("admin.settings.factors.secret")}
              </span>
              <code
                aria-labelledby={`${id}-secret-label`}
                dir="ltr"
                className="self-start break-all rounded bg-muted px-2 py-1 font-mono text-sm"
              >
                {setup.secret}
              </code>
            </div>
            <TextInput
              id={`${id}-first-code`}
              label={t("admin.settings.factors.firstCode")}
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              value={firstCode}
              error={errors.code}
              onChange={(event) => setFirstCode(event.target.value)}
            />
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => void confirmApp()}
                aria-disabled={busy || undefined}
                className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:opacity-90 aria-disabled:opacity-60"
              >
                <KeyRound aria-hidden="true" className="size-4" />
                {t("admin.settings.factors.confirmApp")}
              </button>
              <button type="button" onClick={() => setSetup(null)} className={secondary}>
                {t("admin.settings.factors.cancel")}
              </button>
            </div>
          </div>
        ) : status?.totp ? (
          <button
            type="button"
            onClick={() => void removeApp()}
            aria-disabled={busy || undefined}
            className={secondary}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t("admin.settings.factors.removeApp")}
          </button>
        ) : (
          <button
            type="button"
            onClick={() => void beginApp()}
            aria-disabled={busy || undefined}
            className={secondary}
          >
            <KeyRound aria-hidden="true" className="size-4" />
            {t("admin.settings.factors.setUpApp")}
          </button>
        )}
      </div>

      <div className="flex flex-col gap-3 border-t border-border pt-4">
        <h4 className="font-semibold">{t("admin.settings.factors.passkeys")}</h4>
        {status && status.passkeys.length > 0 ? (
          <ul aria-label={t("admin.settings.factors.passkeys")} className="flex flex-col gap-2">
            {status.passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center gap-3">
                <Fingerprint aria-hidden="true" className="size-4 shrink-0" />
                <span dir="auto" className="me-auto">
                  {passkey.name}
                </span>
                <button
                  type="button"
                  onClick={() => void removePasskey(passkey.id)}
                  aria-disabled={busy || undefined}
                  aria-label={t("admin.settings.factors.removePasskey", { name: passkey.name })}
                  className="rounded-md p-2 text-destructive hover:bg-muted aria-disabled:opacity-60"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("admin.settings.factors.noPasskeys")}</p>
        )}
        <TextInput
          id={`${id}-passkey-name`}
          label={t("admin.settings.factors.passkeyName")}
          hint={t("admin.settings.factors.passkeyNameHint")}
          dir="auto"
          maxLength={60}
          value={passkeyName}
          error={errors.name}
          onChange={(event) => setPasskeyName(event.target.value)}
        />
        <button
          type="button"
          onClick={() => void addPasskey()}
          aria-disabled={busy || undefined}
          className={secondary}
        >
          <Fingerprint aria-hidden="true" className="size-4" />
          {t("admin.settings.factors.addPasskey")}
        </button>
      </div>

      {on || recoveryCodes ? (
        <div className="flex flex-col gap-3 border-t border-border pt-4">
          <h4 className="font-semibold">{t("admin.settings.factors.recoveryTitle")}</h4>
          {status ? (
            <p className="text-sm text-muted-foreground">
              {t("admin.settings.factors.recoveryLeft", { count: status.recoveryCodesLeft })}
            </p>
          ) : null}
          {recoveryCodes ? (
            <div className="flex flex-col gap-3 rounded-md border border-primary/40 bg-muted/40 p-4">
              <p className="text-sm font-medium">{t("admin.settings.factors.recoveryText")}</p>
              <ol
                aria-label={t("admin.settings.factors.recoveryTitle")}
                dir="ltr"
                className="grid gap-1 font-mono text-sm sm:grid-cols-2"
              >
                {recoveryCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ol>
              <button type="button" onClick={() => setRecoveryCodes(null)} className={secondary}>
                {t("admin.settings.factors.recoverySaved")}
              </button>
            </div>
          ) : (
            <button
              type="button"
              onClick={() => void renewCodes()}
              aria-disabled={busy || undefined}
              className={secondary}
            >
              {t("admin.settings.factors.renewCodes")}
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
