import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import type { OwnerAuth } from "#server/features/auth/owner-auth.ts";
import type { ApiErrorKey } from "#core/api-errors.ts";
import type { TranslateVars } from "#core/i18n.ts";
import { PASSWORD_MAX_LENGTH } from "#server/features/auth/password.ts";
import { clientAddress } from "./client-address.ts";
import { apiFail, ServiceError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Browsers mark every such request
 * with Sec-Fetch-Site, or at least Origin; requests with neither do not come from a browser page (curl, tests)
 * and carry no ambient credentials worth forging, so they pass on to the session check.
 */
export function refuseCrossSite(siteUrl: string): MiddlewareHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const origin = c.req.header("Origin");
    const ownOrigin = new URL(c.req.url).origin;
    const crossSite =
      (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") ||
      (origin !== undefined && origin !== ownOrigin && origin !== siteOrigin);
    if (crossSite) return apiFail(c, 403, "crossSite");
    return next();
  };
}

/** JSON endpoints accept JSON only: a form post from another page cannot reach them as a "simple" request. */
export const requireJsonBody: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || c.req.method === "DELETE") return next();
  // A request without a body (sign-out) has nothing to type.
  if (c.req.raw.body === null || c.req.header("Content-Length") === "0") return next();
  const type = c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return apiFail(c, 415, "jsonOnly");
  return next();
};

/** Refuses bodies over `maxBytes` with 413, before they are read into memory; `key` says what was too large. */
export function limitBody(
  maxBytes: number,
  key: ApiErrorKey = "tooLarge",
  vars?: TranslateVars,
): MiddlewareHandler {
  return bodyLimit({ maxSize: maxBytes, onError: (c) => apiFail(c, 413, key, vars) });
}

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
