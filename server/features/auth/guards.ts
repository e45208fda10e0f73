import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { PASSWORD_MAX_LENGTH } from "#core/passwords.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { apiFail, ServiceError } from "#server/http/errors.ts";
import type { OwnerAuth } from "./owner-auth.ts";

// The owner's session on each request: the cookie, the guard of every owner route, and the password asked again
// before a destructive action. Other features get the guard and the confirmation from the composition root.

export const SESSION_COOKIE = "sira_session";

/** The cookie's name: `__Host-` prefixed when the site is served over https (bound to this host, Secure). */
export function sessionCookiePrefix(secure: boolean): "host" | undefined {
  return secure ? "host" : undefined;
}

export function readSessionToken(c: Context, secure: boolean): string | undefined {
  return getCookie(c, SESSION_COOKIE, sessionCookiePrefix(secure));
}

/** The owner's session behind this request's cookie, refreshed; null without a valid one. */
export async function findOwnerSession(c: Context, auth: OwnerAuth, secure: boolean) {
  const token = readSessionToken(c, secure);
  return token ? auth.findSession(token) : null;
}

/** Every owner endpoint sits behind this: 401 without a valid session, and never cached. */
export function requireOwner(auth: OwnerAuth, secure: boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!(await findOwnerSession(c, auth, secure))) return apiFail(c, 401, "unauthorized");
    c.header("Cache-Control", "no-store");
    return next();
  };
}

/**
 * The owner's password asked again before a destructive action (docs/product.md §26): restoring a backup, signing
 * out everywhere. A wrong one counts as a failed sign-in of this address; throws the refusal as a ServiceError.
 */
export type ConfirmPassword = (c: Context, password: unknown) => Promise<void>;

export function passwordConfirmation(
  auth: OwnerAuth,
  trustProxy: boolean,
  /** Told of each wrong password (the audit log records it). */
  onWrongPassword: (c: Context, address: string) => Promise<void> = () => Promise.resolve(),
): ConfirmPassword {
  return async (c, password) => {
    if (typeof password !== "string" || password === "")
      throw new ServiceError(422, "passwordConfirmRequired", { path: "password" });
    const address = clientAddress(c, trustProxy);
    const result =
      password.length > PASSWORD_MAX_LENGTH
        ? ({ kind: "failed" } as const)
        : await auth.confirmPassword(password, address);
    if (result.kind === "limited" || result.kind === "busy")
      throw new ServiceError(429, result.kind === "busy" ? "signInBusy" : "signInLimited", {
        vars: { count: Math.ceil(result.retryAfterSeconds / 60) },
      });
    if (result.kind === "failed") {
      await onWrongPassword(c, address);
      throw new ServiceError(422, "passwordConfirmWrong", { path: "password" });
    }
  };
}
