import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "#server/kernel/logger.ts";

/** The longest caller's request id that is kept. */
const REQUEST_ID_LIMIT = 128;

/**
 * The id of a request: the caller's X-Request-Id when it is a plain token (a load balancer's) of at most 128
 * characters, else a new UUID.
 */
export function requestIdOf(given: string | undefined): string {
  return given && given.length <= REQUEST_ID_LIMIT && !/[^\w\-=]/.test(given) ? given : randomUUID();
}

/**
 * Every request gets an id, echoed in the response's X-Request-Id and named in every log line about it. The
 * caller's id is kept only behind a trusted proxy (TRUST_PROXY), whose load balancer sets it: from anyone else it
 * could name a line after another request, or make many requests share one id in the log.
 */
export function requestIds(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const id = trustProxy ? requestIdOf(c.req.header("X-Request-Id")) : randomUUID();
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
