import { Hono, type MiddlewareHandler } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { PASSWORD_MAX_LENGTH } from "./password.ts";
import type { OwnerAuth } from "./owner-auth.ts";
import { clientAddress } from "#server/http/client-address.ts";
import {
  SESSION_COOKIE,
  findOwnerSession,
  limitBody,
  readSessionToken,
  sessionCookiePrefix,
} from "#server/http/guards.ts";
import { apiFail } from "#server/http/errors.ts";

type PasswordBody = { password: string };

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
  c.req.addValidatedData("json", { password });
  await next();
};

export function authRouter(options: { auth: OwnerAuth; secure: boolean; trustProxy: boolean }) {
  const { auth, secure, trustProxy } = options;
  const prefix = sessionCookiePrefix(secure);
  return new Hono()
    .post("/login", limitBody(16 * 1024), passwordBody, async (c) => {
      const { password } = c.req.valid("json");
      // A fresh token at every sign-in: an earlier session of this browser ends here.
      const previous = readSessionToken(c, secure);
      if (previous) await auth.signOut(previous);
      const result = await auth.signIn(password, clientAddress(c, trustProxy));
      if (result.kind === "limited") {
        c.header("Retry-After", String(result.retryAfterSeconds));
        return apiFail(c, 429, "signInLimited", { count: Math.ceil(result.retryAfterSeconds / 60) });
      }
      if (result.kind === "failed") return apiFail(c, 401, "signInFailed");
      setCookie(c, SESSION_COOKIE, result.token, {
        httpOnly: true,
        secure,
        sameSite: "Strict",
        path: "/",
        expires: result.expiresAt,
        prefix,
      });
      c.header("Cache-Control", "no-store");
      return c.json({ signedIn: true as const, expiresAt: result.expiresAt.toISOString() }, 200);
    })
    .post("/logout", async (c) => {
      const token = readSessionToken(c, secure);
      if (token) await auth.signOut(token);
      deleteCookie(c, SESSION_COOKIE, { path: "/", secure, prefix });
      return c.json({ signedIn: false });
    })
    .get("/session", async (c) => {
      const session = await findOwnerSession(c, auth, secure);
      c.header("Cache-Control", "no-store");
      return c.json(
        session ? { signedIn: true, expiresAt: session.expiresAt.toISOString() } : { signedIn: false },
      );
    });
}
