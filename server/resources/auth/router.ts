import { Hono, type MiddlewareHandler } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordIssue } from "./password.ts";
import { passwordWeakness } from "./weak-passwords.ts";
import type { OwnerAuth } from "./owner-auth.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { limitIgnoredBody } from "#server/http/input-guard.ts";
import {
  SESSION_COOKIE,
  findOwnerSession,
  limitBody,
  readSessionToken,
  sessionCookiePrefix,
} from "#server/http/guards.ts";
import { apiError, apiFail, requestLanguage } from "#server/http/errors.ts";
import { jsonBody } from "#server/http/validate.ts";
import { apiErrorText } from "#core/api-errors.ts";

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
  /** The owner's name in each language and e-mail address: a new password must not be built on them. */
  personal: () => Promise<string[]>;
}) {
  const { auth, secure, trustProxy, owner } = options;
  const prefix = sessionCookiePrefix(secure);
  return (
    new Hono()
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
      .post("/logout", limitIgnoredBody(), async (c) => {
        const token = readSessionToken(c, secure);
        if (token) await auth.signOut(token);
        deleteCookie(c, SESSION_COOKIE, { path: "/", secure, prefix });
        return c.json({ signedIn: false });
      })
      // The owner changes the password from Settings (docs/product.md §17): every other session ends, this one stays.
      .post("/password", owner, limitBody(16 * 1024), jsonBody(PasswordChangeSchema), async (c) => {
        const { current, next } = c.req.valid("json");
        const language = requestLanguage(c);
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
        if (result.kind === "limited") {
          c.header("Retry-After", String(result.retryAfterSeconds));
          return apiFail(c, 429, "signInLimited", { count: Math.ceil(result.retryAfterSeconds / 60) });
        }
        if (result.kind === "failed") {
          const message = apiErrorText(language, "passwordCurrentWrong");
          return apiError(c, 422, message, [{ path: "current", message }]);
        }
        return c.json({ changed: true as const }, 200);
      })
      .post("/sessions/end-others", owner, limitIgnoredBody(), async (c) => {
        const ended = await auth.endOtherSessions(readSessionToken(c, secure)!);
        return c.json({ ended }, 200);
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
