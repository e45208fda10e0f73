import type { MiddlewareHandler } from "hono";
import type { Logger } from "#server/platform/logger.ts";

/** One line per request: method, path, status and duration (LOG_REQUESTS). */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    logger.info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}
