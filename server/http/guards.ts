import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ApiErrorKey } from "#core/api-errors.ts";
import type { TranslateVars } from "#core/i18n.ts";
import { apiFail } from "./errors.ts";

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
