import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "#server/kernel/logger.ts";

/** The longest caller's request id that is kept. */
const REQUEST_ID_LIMIT = 128;

/**
 * The id of a request: the caller's X-Request-Id when it is a plain token (a load balancer's) of at most 128
 * characters, else a new UUID. The app and the fast path (server/ssr/fast-path.ts) both take it from here.
 */
export function requestIdOf(given: string | undefined): string {
  return given && given.length <= REQUEST_ID_LIMIT && !/[^\w\-=]/.test(given) ? given : randomUUID();
}

/**
 * The id a response names (decision 035): the caller's, else a new one, except that a hashed asset gets none
 * when the caller sent none and no log line is written, since nothing could name it. The app (`requestIds`) and
 * the fast path (server/ssr/fast-path.ts) both decide here.
 */
export function responseRequestId(
  given: string | undefined,
  request: { asset: boolean; logged: boolean },
): string | undefined {
  return given === undefined && request.asset && !request.logged ? undefined : requestIdOf(given);
}

/**
 * Every request but an unnamed asset (`responseRequestId`) gets an id; it is echoed in the response's
 * X-Request-Id and named in every log line about the request. `asset` says whether a request is for a file the
 * build made; `logged`, whether LOG_REQUESTS writes a line for it.
 */
export function requestIds(
  options: { asset?: (c: Context) => boolean; logged?: boolean } = {},
): MiddlewareHandler {
  const logged = options.logged ?? false;
  return async (c, next) => {
    const given = c.req.header("X-Request-Id");
    const id = responseRequestId(given, { asset: options.asset?.(c) ?? false, logged });
    if (id === undefined) return next();
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    await next();
    // A response built whole (a rendered page, a static file) did not take the header set before it.
    if (c.res.headers.get("X-Request-Id") === id) return;
    try {
      c.res.headers.set("X-Request-Id", id);
    } catch {
      const response = new Response(c.res.body, c.res);
      response.headers.set("X-Request-Id", id);
      c.res = response;
    }
  };
}

/**
 * One JSON line per request (LOG_REQUESTS): method, path, status, duration and request id. The path only:
 * query strings can carry what does not belong in a log (the admin's searches, a reset token).
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const fields = {
      requestId: c.get("requestId") as string | undefined,
      method: c.req.method,
      path: c.req.path,
      status,
      ms,
    };
    if (status >= 500) logger.error("request", fields);
    else logger.info("request", fields);
  };
}
