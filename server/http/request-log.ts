import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import type { Logger } from "#server/platform/logger.ts";

/**
 * Every request gets an id: the caller's X-Request-Id when it is a plain token (a load balancer's), else a new
 * UUID; it is echoed in the response's X-Request-Id and named in every log line about the request.
 */
export function requestIds(): MiddlewareHandler {
  const assign = requestId({ limitLength: 128 });
  return async (c, next) => {
    await assign(c, next);
    // A response built whole (a rendered page, a static file) did not take the header set before it.
    const id = c.get("requestId") as string;
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
