import { Hono, type MiddlewareHandler } from "hono";
import { isSettingsSection, SiteSettingsSchema } from "#core/site-settings.ts";
import { ServiceError } from "#server/http/errors.ts";
import { limitBody } from "#server/http/guards.ts";
import { jsonBody } from "#server/http/validate.ts";
import type { AuditLog } from "#server/features/audit/service.ts";
import type { SettingsService } from "./service.ts";

/**
 * /api/settings (docs/product.md §17), the owner's only: GET answers the whole settings document, PUT takes the
 * same document back and saves it whole, DELETE /:section puts one section back to config/site.ts.
 */
export function settingsRouter(deps: {
  settings: SettingsService;
  owner: MiddlewareHandler;
  audit: AuditLog;
}) {
  const { settings, audit } = deps;
  return new Hono()
    .use(deps.owner)
    .get("/", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await settings.read(), 200);
    })
    .put("/", limitBody(256 * 1024), jsonBody(SiteSettingsSchema), async (c) => {
      const saved = await settings.save(c.req.valid("json"));
      await audit.record(c, "settingsChanged");
      return c.json(saved, 200);
    })
    .delete("/:section", async (c) => {
      const section = c.req.param("section");
      if (!isSettingsSection(section)) throw new ServiceError(404, "settingsSection");
      const saved = await settings.reset(section);
      await audit.record(c, "settingsReset", section);
      return c.json(saved, 200);
    });
}
