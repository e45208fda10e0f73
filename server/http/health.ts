import { Hono } from "hono";
import type { DbHandle } from "#db/client.ts";

/** GET /healthz: 200 while the database answers within 2 s, 503 when it does not. */
export function healthRouter(database: Pick<DbHandle, "ping">) {
  return new Hono().get("/healthz", async (c) => {
    try {
      await withTimeout(database.ping(), 2_000);
      return c.json({ status: "ok" }, 200);
    } catch {
      return c.json({ status: "unavailable" }, 503);
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
