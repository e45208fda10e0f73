import { Hono } from "hono";
import type { DbHandle } from "#db/client.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { ImageStore } from "#server/storage/image-store.ts";

/**
 * GET /healthz, the liveness check: 200 while the database answers within 2 s, 503 when it does not.
 * GET /readyz, for load balancers: 200 when the database and the image storage both answer, 503 naming the one
 * that does not (and the reason in the log).
 */
export function healthRouter(
  database: Pick<DbHandle, "ping">,
  options: { images?: Pick<ImageStore, "ready">; logger?: Logger } = {},
) {
  return new Hono()
    .get("/healthz", async (c) => {
      try {
        await withTimeout(database.ping(), 2_000);
        return c.json({ status: "ok" }, 200);
      } catch {
        return c.json({ status: "unavailable" }, 503);
      }
    })
    .get("/readyz", async (c) => {
      const check = async (name: string, work: () => Promise<void>) => {
        try {
          await withTimeout(work(), 2_000);
          return "ok" as const;
        } catch (error) {
          options.logger?.warn("not ready", { part: name, error: String(error) });
          return "unavailable" as const;
        }
      };
      const [db, storage] = await Promise.all([
        check("database", () => database.ping()),
        check("storage", () => options.images?.ready() ?? Promise.resolve()),
      ]);
      const ok = db === "ok" && storage === "ok";
      c.header("Cache-Control", "no-store");
      return c.json({ status: ok ? "ok" : "unavailable", database: db, storage }, ok ? 200 : 503);
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
