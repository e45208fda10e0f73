import { Hono, type Context, type MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { PASSKEY_NAME_MAX_LENGTH, relyingParty } from "./factors.ts";
import { PASSWORD_MAX_LENGTH, passwordIssue } from "#core/passwords.ts";
import { passwordWeakness } from "./weak-passwords.ts";
import { DEVICE_COOKIE_MS } from "./device-cookie.ts";
import type { OwnerAuth, SecondFactorResult } from "./owner-auth.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { limitIgnoredBody } from "#server/http/input-guard.ts";
import { limitBody } from "#server/http/guards.ts";
import { ServiceError, apiError, apiFail, preferredLanguage } from "#server/http/errors.ts";
import {
  SESSION_COOKIE,
  findOwnerSession,
  readSessionToken,
  sessionCookiePrefix,
  type ConfirmPassword,
} from "./guards.ts";
import { describeDevice } from "#server/http/user-agent.ts";
import type { AuditLog } from "#server/features/audit/service.ts";
import { jsonBody } from "#server/http/validate.ts";
import { apiErrorText } from "#core/api-errors.ts";

type PasswordBody = { password: string; code?: string };

/**
 * The sign-in body, typed for the admin page's client like a validated one, but never refused: every failure,
 * a malformed request included, gets the same answer as a wrong password.
 */
const passwordBody: MiddlewareHandler<
  object,
  string,
  { in: { json: PasswordBody }; out: { json: PasswordBody } }
> = async (c, next) => {
  const body: unknown = await c.req.json().catch(() => null);
  const given = (body as { password?: unknown } | null)?.password;
  const password = typeof given === "string" && given.length <= PASSWORD_MAX_LENGTH ? given : "";
  // A second factor's code with the password, for a sign-in paused for everyone (docs/product.md §25).
  const code = (body as { code?: unknown } | null)?.code;
  c.req.addValidatedData("json", {
    password,
    ...(typeof code === "string" && code.trim() && code.length <= 64 ? { code: code.trim() } : {}),
  });
  await next();
};

/** What a confirmation carries (docs/product.md §26): the password only (any other field is dropped). */
const ConfirmSchema = z.object({ password: z.string().optional() }).strip();

const CodeSchema = z.object({ code: z.string().max(64, { error: "secondFactorFailed" }) }).strip();

/** The outline of a WebAuthn answer as @simplewebauthn/browser sends it; the library checks the rest. */
const WebAuthnOutline = z.looseObject({
  id: z.string().max(1024),
  rawId: z.string().max(1024),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(4096) }),
  clientExtensionResults: z.looseObject({}),
});

/** A WebAuthn answer, typed as the library's JSON for the admin page's client. */
const webAuthnAnswer = <Answer>() =>
  z.custom<Answer>((value) => WebAuthnOutline.safeParse(value).success, { error: "passkeyFailed" });

const PasskeySignInSchema = z.object({ response: webAuthnAnswer<AuthenticationResponseJSON>() }).strip();

const PasskeyRegistrationSchema = z
  .object({
    name: z
      .string({ error: "passkeyNameRequired" })
      .trim()
      .min(1, { error: "passkeyNameRequired" })
      .max(PASSKEY_NAME_MAX_LENGTH, { error: "tooLong" }),
    response: webAuthnAnswer<RegistrationResponseJSON>(),
  })
  .strip();

/** The cookie of the step between password and second factor: it names that step, it is not a session. */
export const PENDING_COOKIE = "sira_pending";

/** The owner's device cookie (docs/product.md §25, decision 026): this browser has signed in before. */
export const DEVICE_COOKIE = "sira_device";

const PasswordChangeSchema = z
  .object({
    current: z.string().max(PASSWORD_MAX_LENGTH, { error: "passwordCurrentWrong" }),
    next: z.string(),
  })
  .strip();

export function authRouter(options: {
  auth: OwnerAuth;
  secure: boolean;
  trustProxy: boolean;
  /** The owner's session guard (401 without it). */
  owner: MiddlewareHandler;
  /** The password asked again before signing out everywhere else. */
  confirmPassword: ConfirmPassword;
  /** Sign-ins, failures and every change of the owner's access (docs/product.md §26). */
  audit: AuditLog;
  /** The owner's name in each language and e-mail address: a new password must not be built on them. */
  personal: () => Promise<string[]>;
  /** SITE_URL's origin; without it passkeys belong to the address each request came to. */
  publicOrigin?: string;
  /** Where a one-time sign-in link lands once it has signed the browser in. */
  adminPath: string;
  /**
   * Who may ask for a one-time sign-in link: the signed-in owner, or `npm run admin:password -- --link` with the
   * running server's local key (a running embedded database belongs to the server's process).
   */
  ownerOrConsole: MiddlewareHandler;
}) {
  const { auth, secure, trustProxy, owner, audit } = options;
  const prefix = sessionCookiePrefix(secure);
  const rp = (c: Context) => relyingParty(options.publicOrigin ?? new URL(c.req.url).origin);
  const address = (c: Context) => clientAddress(c, trustProxy);

  async function startSession(c: Context, token: string, expiresAt: Date) {
    await setSessionCookies(c, token, expiresAt);
    return c.json({ signedIn: true as const, expiresAt: expiresAt.toISOString() }, 200);
  }

  async function setSessionCookies(c: Context, token: string, expiresAt: Date) {
    if (getCookie(c, PENDING_COOKIE, prefix) !== undefined)
      deleteCookie(c, PENDING_COOKIE, { path: "/", secure, prefix });
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      secure,
      sameSite: "Strict",
      path: "/",
      expires: expiresAt,
      prefix,
    });
    // This browser has now signed in: it is let in while sign-in is paused for everyone (docs/product.md §25).
    setCookie(c, DEVICE_COOKIE, await auth.issueDeviceCookie(), {
      httpOnly: true,
      secure,
      sameSite: "Strict",
      path: "/",
      maxAge: DEVICE_COOKIE_MS / 1000,
      prefix,
    });
    c.header("Cache-Control", "no-store");
  }

  /** A refused attempt: recorded once per lockout, and answered 429 (`key`: this address's limit or everyone's). */
  async function limited(
    c: Context,
    retryAfterSeconds: number,
    subject = "",
    key: "signInLimited" | "signInBusy" | "secondFactorBusy" = "signInLimited",
  ) {
    await audit.record(c, "signInLimited", subject, { retryAfterSeconds });
    c.header("Retry-After", String(retryAfterSeconds));
    return apiFail(c, 429, key, { count: Math.ceil(retryAfterSeconds / 60) });
  }

  /** The second step of a sign-in, by `method`: a session, or the refusal recorded. */
  async function secondStep(c: Context, method: "code" | "passkey", result: SecondFactorResult) {
    if (result.kind === "limited") return limited(c, result.retryAfterSeconds, method);
    if (result.kind === "busy") return limited(c, result.retryAfterSeconds, method, "secondFactorBusy");
    if (result.kind !== "ok") {
      await audit.record(c, "secondFactorFailed", method);
      if (result.kind === "expired") return apiFail(c, 401, "secondFactorExpired");
      return apiFail(c, 401, method === "code" ? "secondFactorFailed" : "passkeyFailed");
    }
    await audit.record(c, "signIn", method);
    return startSession(c, result.token, result.expiresAt);
  }

  /** The current password, checked before a factor changes (docs/product.md §26); a wrong one is refused under its field. */
  const requirePassword = (c: Context, password: unknown) => options.confirmPassword(c, password);

  const sessionKey = (c: Context) => auth.sessionKey(readSessionToken(c, secure)!);
  const pendingToken = (c: Context) => getCookie(c, PENDING_COOKIE, prefix) ?? "";

  return (
    new Hono()
      .post("/login", limitBody(16 * 1024), passwordBody, async (c) => {
        const { password, code } = c.req.valid("json");
        // A fresh token at every sign-in: an earlier session of this browser ends here.
        const previous = readSessionToken(c, secure);
        if (previous) await auth.signOut(previous);
        const result = await auth.signIn(
          password,
          clientAddress(c, trustProxy),
          c.req.header("User-Agent"),
          getCookie(c, DEVICE_COOKIE, prefix),
          code,
        );
        // The hourly ceiling across every address (docs/product.md §25): not this visitor's fault, so its own words.
        if (result.kind === "busy")
          return limited(c, result.retryAfterSeconds, "", code ? "secondFactorBusy" : "signInBusy");
        if (result.kind === "limited") return limited(c, result.retryAfterSeconds);
        if (result.kind === "failed") {
          await audit.record(c, "signInFailed", code ? "code" : "");
          return apiFail(c, 401, code ? "signInCodeFailed" : "signInFailed");
        }
        if (result.kind === "secondFactor") {
          // No session yet (docs/product.md §22): a short step that only a second factor completes.
          setCookie(c, PENDING_COOKIE, result.pendingToken, {
            httpOnly: true,
            secure,
            sameSite: "Strict",
            path: "/",
            expires: result.expiresAt,
            prefix,
          });
          c.header("Cache-Control", "no-store");
          return c.json({ signedIn: false as const, secondFactor: result.methods }, 200);
        }
        await audit.record(c, "signIn", result.method);
        return startSession(c, result.token, result.expiresAt);
      })
      // The second step: a code from the authenticator app or a recovery code…
      .post("/login/code", limitBody(16 * 1024), jsonBody(CodeSchema), async (c) => {
        const result = await auth.completeSignIn(
          pendingToken(c),
          { code: c.req.valid("json").code },
          address(c),
          c.req.header("User-Agent"),
          getCookie(c, DEVICE_COOKIE, prefix),
        );
        return secondStep(c, "code", result);
      })
      // …or a passkey: options first, then the authenticator's answer.
      .post("/login/passkey/options", async (c) => {
        const request = await auth.passkeySignInOptions(pendingToken(c), rp(c));
        if (!request) throw new ServiceError(401, "secondFactorExpired");
        c.header("Cache-Control", "no-store");
        return c.json(request, 200);
      })
      .post("/login/passkey", limitBody(64 * 1024), jsonBody(PasskeySignInSchema), async (c) => {
        const passkey = c.req.valid("json").response;
        const result = await auth.completeSignIn(
          pendingToken(c),
          { passkey, relyingParty: rp(c) },
          address(c),
          c.req.header("User-Agent"),
          getCookie(c, DEVICE_COOKIE, prefix),
        );
        return secondStep(c, "passkey", result);
      })
      // The owner's one-time sign-in link (docs/product.md §25.9): made at the server's console, opened once in
      // the browser's address bar; it signs in without password or code and lands on the admin page.
      .post("/link", options.ownerOrConsole, limitIgnoredBody(), async (c) => {
        const { token, expiresAt } = await auth.issueSignInLink();
        await audit.record(c, "signInLinkMade", "npm run admin:password");
        c.header("Cache-Control", "no-store");
        return c.json({ path: `/api/auth/link/${token}`, expiresAt: expiresAt.toISOString() }, 201);
      })
      .get("/link/:token", async (c) => {
        c.header("Cache-Control", "no-store");
        c.header("Referrer-Policy", "no-referrer");
        const result = await auth.signInWithLink(
          c.req.param("token"),
          address(c),
          c.req.header("User-Agent"),
        );
        if (!result) return apiFail(c, 401, "signInLinkInvalid");
        await audit.record(c, "signIn", "link");
        await setSessionCookies(c, result.token, result.expiresAt);
        return c.redirect(options.adminPath, 303);
      })
      // The owner's second factors in Settings (docs/product.md §22); every change asks for the password.
      .get("/factors", owner, async (c) => c.json(await auth.factors.status(), 200))
      .post("/factors/totp", owner, limitBody(16 * 1024), jsonBody(ConfirmSchema), async (c) => {
        await requirePassword(c, c.req.valid("json").password);
        const { secret, uri, qrSvg } = await auth.factors.beginTotp(sessionKey(c), rp(c));
        const qr = `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString("base64")}`;
        return c.json({ secret, uri, qr }, 200);
      })
      .post("/factors/totp/confirm", owner, limitBody(16 * 1024), jsonBody(CodeSchema), async (c) => {
        const result = await auth.factors.confirmTotp(sessionKey(c), c.req.valid("json").code);
        if (result.kind === "expired") throw new ServiceError(409, "totpSetupExpired");
        if (result.kind === "wrong") throw new ServiceError(422, "secondFactorFailed", { path: "code" });
        await audit.record(c, "factorAdded", "authenticator app");
        return c.json({ recoveryCodes: result.recoveryCodes }, 200);
      })
      .post("/factors/totp/remove", owner, limitBody(16 * 1024), jsonBody(ConfirmSchema), async (c) => {
        await requirePassword(c, c.req.valid("json").password);
        if (!(await auth.factors.removeTotp())) throw new ServiceError(404, "factorNotFound");
        await audit.record(c, "factorRemoved", "authenticator app");
        return c.json(await auth.factors.status(), 200);
      })
      .post("/factors/passkeys/options", owner, limitBody(16 * 1024), jsonBody(ConfirmSchema), async (c) => {
        await requirePassword(c, c.req.valid("json").password);
        return c.json(await auth.factors.passkeyRegistrationOptions(sessionKey(c), rp(c)), 200);
      })
      .post(
        "/factors/passkeys",
        owner,
        limitBody(64 * 1024),
        jsonBody(PasskeyRegistrationSchema),
        async (c) => {
          const { name, response } = c.req.valid("json");
          const added = await auth.factors.registerPasskey(sessionKey(c), name, response, rp(c));
          if (!added) throw new ServiceError(422, "passkeyFailed");
          await audit.record(c, "factorAdded", `passkey ${added.passkey.name}`.trim());
          return c.json(added, 201);
        },
      )
      .post(
        "/factors/passkeys/:id/remove",
        owner,
        limitBody(16 * 1024),
        jsonBody(ConfirmSchema),
        async (c) => {
          await requirePassword(c, c.req.valid("json").password);
          const id = c.req.param("id");
          if (!/^[\w-]{1,1024}$/.test(id) || !(await auth.factors.removePasskey(id)))
            throw new ServiceError(404, "factorNotFound");
          await audit.record(c, "factorRemoved", "passkey");
          return c.json(await auth.factors.status(), 200);
        },
      )
      .post("/factors/recovery-codes", owner, limitBody(16 * 1024), jsonBody(ConfirmSchema), async (c) => {
        await requirePassword(c, c.req.valid("json").password);
        const codes = await auth.factors.renewRecoveryCodes();
        if (!codes) throw new ServiceError(409, "recoveryCodesNoFactor");
        await audit.record(c, "recoveryCodesRenewed");
        return c.json({ recoveryCodes: codes }, 200);
      })
      .post("/logout", limitIgnoredBody(), async (c) => {
        const token = readSessionToken(c, secure);
        const ended = token ? await auth.signOut(token) : false;
        // Only a sign-out that ended a session is an event: anyone may post here.
        if (ended) await audit.record(c, "signOut");
        deleteCookie(c, SESSION_COOKIE, { path: "/", secure, prefix });
        return c.json({ signedIn: false, ended });
      })
      // The owner changes the password from Settings (docs/product.md §17): every other session ends, this one stays.
      .post("/password", owner, limitBody(16 * 1024), jsonBody(PasswordChangeSchema), async (c) => {
        const { current, next } = c.req.valid("json");
        const language = preferredLanguage(c);
        const problem = passwordIssue(next);
        if (problem) {
          const message = apiErrorText(language, problem.key, { ...problem.vars });
          return apiError(c, 422, message, [{ path: "next", message }]);
        }
        const weakness = await passwordWeakness(next, await options.personal());
        if (weakness) {
          const message = apiErrorText(language, weakness);
          return apiError(c, 422, message, [{ path: "next", message }]);
        }
        const token = readSessionToken(c, secure)!;
        const result = await auth.changePassword(token, current, next, clientAddress(c, trustProxy));
        if (result.kind === "limited" || result.kind === "busy") {
          c.header("Retry-After", String(result.retryAfterSeconds));
          return apiFail(c, 429, "signInLimited", { count: Math.ceil(result.retryAfterSeconds / 60) });
        }
        if (result.kind === "failed") {
          const message = apiErrorText(language, "passwordCurrentWrong");
          return apiError(c, 422, message, [{ path: "current", message }]);
        }
        await audit.record(c, "passwordChanged");
        return c.json({ changed: true as const }, 200);
      })
      // Signing out everywhere else asks for the password again (docs/product.md §26).
      .post("/sessions/end-others", owner, limitBody(16 * 1024), jsonBody(ConfirmSchema), async (c) => {
        await options.confirmPassword(c, c.req.valid("json").password);
        const ended = await auth.endOtherSessions(readSessionToken(c, secure)!);
        await audit.record(c, "sessionsEnded", String(ended));
        return c.json({ ended }, 200);
      })
      // The signed-in browsers, for the sessions list in Settings.
      .get("/sessions", owner, async (c) => {
        c.header("Cache-Control", "no-store");
        const list = await auth.listSessions(readSessionToken(c, secure)!);
        return c.json(
          list.map((session) => ({
            id: session.id,
            createdAt: session.createdAt.toISOString(),
            lastSeenAt: session.lastSeenAt.toISOString(),
            address: session.address,
            device: describeDevice(session.userAgent),
            current: session.current,
          })),
          200,
        );
      })
      .delete("/sessions/:id", owner, async (c) => {
        if (!(await auth.endSession(c.req.param("id")))) throw new ServiceError(404, "sessionNotFound");
        await audit.record(c, "sessionEnded");
        return c.body(null, 204);
      })
      .get("/session", async (c) => {
        const session = await findOwnerSession(c, auth, secure);
        c.header("Cache-Control", "no-store");
        return c.json(
          session ? { signedIn: true, expiresAt: session.expiresAt.toISOString() } : { signedIn: false },
        );
      })
  );
}
