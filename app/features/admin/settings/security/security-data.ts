import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import type { TranslationKey } from "#app/i18n/keys.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { attempt, failed, readSubmission, respond } from "#app/features/admin/api/mutation.ts";

// Who can get in (docs/product.md §17.5, §22, §26): the password, the second factors and the signed-in browsers,
// read together for …/settings/security, and every change made there.

export async function loadSecurity() {
  const [factors, sessions] = await Promise.all([
    call(() => api.auth.factors.$get()),
    call(() => api.auth.sessions.$get()),
  ]);
  return { factors, sessions };
}

/** What a change of the second factors answers: the toast, the app's setup, recovery codes to show once. */
export interface FactorChange {
  done: TranslationKey | null;
  setup?: { secret: string; qr: string };
  recoveryCodes?: string[] | null;
}

export type SecurityInput =
  | { intent: "password"; current: string; next: string }
  | { intent: "endSession"; id: string }
  | { intent: "endOthers"; password: string }
  | { intent: "beginApp" | "removeApp" | "renewCodes"; password: string }
  | { intent: "confirmApp"; code: string }
  | { intent: "addPasskey"; password: string; name: string }
  | { intent: "removePasskey"; password: string; id: string };

export async function securityAction(request: Request) {
  const { input } = await readSubmission<SecurityInput>(request);
  switch (input.intent) {
    case "password": {
      const json = { current: input.current, next: input.next };
      return respond(
        await attempt("errors.changePassword", () => call(() => api.auth.password.$post({ json }))),
      );
    }
    case "endSession": {
      const param = { id: input.id };
      return respond(
        await attempt("errors.endSessions", () => call(() => api.auth.sessions[":id"].$delete({ param }))),
      );
    }
    case "endOthers": {
      const json = { password: input.password };
      return respond(
        await attempt("errors.endSessions", () =>
          call(() => api.auth.sessions["end-others"].$post({ json })),
        ),
      );
    }
    case "addPasskey":
      return respond(await addPasskey(input.password, input.name));
    default:
      return respond(await attempt("errors.secondFactor", () => changeFactor(input)));
  }
}

async function changeFactor(input: SecurityInput): Promise<FactorChange> {
  const factors = api.auth.factors;
  switch (input.intent) {
    case "beginApp": {
      const { secret, qr } = await call(() => factors.totp.$post({ json: { password: input.password } }));
      return { done: null, setup: { secret, qr } };
    }
    case "confirmApp": {
      const { recoveryCodes } = await call(() => factors.totp.confirm.$post({ json: { code: input.code } }));
      return { done: "admin.settings.factors.appAdded", recoveryCodes };
    }
    case "removeApp":
      await call(() => factors.totp.remove.$post({ json: { password: input.password } }));
      return { done: "admin.settings.factors.appRemoved" };
    case "removePasskey": {
      const param = { id: input.id };
      await call(() => factors.passkeys[":id"].remove.$post({ param, json: { password: input.password } }));
      return { done: "admin.settings.factors.passkeyRemoved" };
    }
    case "renewCodes": {
      const json = { password: input.password };
      const { recoveryCodes } = await call(() => factors["recovery-codes"].$post({ json }));
      return { done: "admin.settings.factors.renewed", recoveryCodes };
    }
    default:
      throw new Error(`Not a change of the second factors: ${input.intent}`);
  }
}

/** Asks the browser for a new passkey (docs/product.md §22.2) and keeps it under the name given. */
async function addPasskey(password: string, name: string) {
  const factors = api.auth.factors;
  // Hono's JSON typing loses the library's buffer types of extensions we never send: its own type says it.
  const options = await attempt("errors.secondFactor", () =>
    call(() => factors.passkeys.options.$post({ json: { password } })),
  );
  if (!options.ok) return options;
  let response;
  try {
    const { startRegistration } = await import("@simplewebauthn/browser");
    response = await startRegistration({
      optionsJSON: options.value as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    return failed("errors.secondFactor", error, { messageKey: "admin.settings.factors.passkeyCancelled" });
  }
  return attempt("errors.secondFactor", async (): Promise<FactorChange> => {
    const added = await call(() => factors.passkeys.$post({ json: { name, response } }));
    return { done: "admin.settings.factors.passkeyAdded", recoveryCodes: added.recoveryCodes };
  });
}
