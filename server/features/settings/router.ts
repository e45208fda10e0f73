import { Hono } from "hono";
import { isSettingsSection, SiteSettingsSchema } from "#core/site-settings.ts";
import { ServiceError } from "#server/http/errors.ts";
import { limitBody } from "#server/http/guards.ts";
import { jsonBody } from "#server/http/validate.ts";
import type { ResourceDeps } from "#server/features/deps.ts";

/**
 * /api/settings (docs/product.md §17), the owner's only: GET answers the whole settings document, PUT takes the
 * same document back and saves it whole, DELETE /:section puts one section back to config/site.ts. Every write
 * clears the rendered pages, which show the settings in both languages.
 */
export function settingsRouter(deps: ResourceDeps) {
  return new Hono()
    .use(deps.owner)
    .get("/", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await deps.settings.read(), 200);
    })
    .put("/", limitBody(256 * 1024), jsonBody(SiteSettingsSchema), async (c) => {
      const saved = await deps.settings.save(deps, c.req.valid("json"));
      deps.contentChanged();
      return c.json(saved, 200);
    })
    .delete("/:section", async (c) => {
      const section = c.req.param("section");
      if (!isSettingsSection(section)) throw new ServiceError(404, "settingsSection");
      const saved = await deps.settings.reset(deps, section);
      deps.contentChanged();
      return c.json(saved, 200);
    });
}
