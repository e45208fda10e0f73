import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import type { Logger } from "#server/platform/logger.ts";

/**
 * Every request gets an id: the caller's X-Request-Id when it is a plain token (a load balancer's), else a new
 * UUID; it is echoed in the response's X-Request-Id and named in every log line about the request.
 */
export const requestIds = (): MiddlewareHandler => requestId({ limitLength: 128 });

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
