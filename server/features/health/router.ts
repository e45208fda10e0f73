import { Hono } from "hono";
import type { DbHandle } from "#db/client.ts";
import type { DataHealth } from "#server/kernel/data-health.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";

/**
 * GET /healthz, the liveness check: 200 while the database answers within 2 s, 503 when it does not.
 * GET /readyz, for load balancers: 200 when the database and the image storage both answer, 503 naming the one
 * that does not (and the reason in the log).
 * Damaged data makes both 503 (`database: "damaged"`); a full disk adds `disk: "full"`, /readyz 503 "degraded"
 * and /healthz 200 "degraded", until there is space again (docs/product.md §23).
 */
export function healthRouter(
  database: Pick<DbHandle, "ping">,
  options: { images?: Pick<ImageStore, "ready">; logger?: Logger; data?: DataHealth } = {},
) {
  const dataState = () => options.data?.check() ?? Promise.resolve({ database: "ok", disk: "ok" } as const);
  return new Hono()
    .get("/healthz", async (c) => {
      const data = await dataState();
      if (data.database === "damaged") return c.json({ status: "damaged" }, 503);
      try {
        await withTimeout(database.ping(), 2_000);
        return c.json(data.disk === "full" ? { status: "degraded", disk: "full" } : { status: "ok" }, 200);
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
      const [pinged, storage, data] = await Promise.all([
        check("database", () => database.ping()),
        check("storage", () => options.images?.ready() ?? Promise.resolve()),
        dataState(),
      ]);
      const db = data.database === "damaged" ? "damaged" : pinged;
      const ok = db === "ok" && storage === "ok";
      const full = data.disk === "full";
      c.header("Cache-Control", "no-store");
      const status = !ok ? "unavailable" : full ? "degraded" : "ok";
      return c.json(
        { status, database: db, storage, ...(full ? { disk: "full" as const } : {}) },
        ok && !full ? 200 : 503,
      );
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
