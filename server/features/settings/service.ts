import { eq, sql } from "drizzle-orm";
import { parseImageUrl } from "#core/images.ts";
import {
  mergeSettings,
  SETTINGS_SECTIONS,
  settingsOverrides,
  type SettingsSection,
  type SiteConfig,
  type SiteSettings,
} from "#core/site-settings.ts";
import { defaultSettings } from "#core/site-view.ts";
import type { Database } from "#db/client.ts";
import { siteSettings } from "#db/schema.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { WriteDeps } from "#server/features/deps.ts";
import { removeUnusedImage } from "#server/features/uploads/references.ts";

// The site's settings (docs/product.md §17): config/site.ts gives the defaults, the one row of site_settings the
// owner's edits, stored as the fields that differ. Reading merges them; saving is one statement, so a save
// either lands whole or not at all.

export interface SettingsService {
  /** The settings every page shows now. */
  read(): Promise<SiteSettings>;
  /** Saves a whole document (the fields equal to the defaults are not stored) and answers what is now in force. */
  save(deps: WriteDeps, settings: SiteSettings): Promise<SiteSettings>;
  /** Puts one section back to config/site.ts. */
  reset(deps: WriteDeps, section: SettingsSection): Promise<SiteSettings>;
}

const IMAGE_FIELDS = ["portrait", "aboutImage"] as const;

export function createSettingsService(db: Database, config: SiteConfig): SettingsService {
  const defaults = defaultSettings(config);

  async function storedOverrides(database: Pick<Database, "select"> = db): Promise<Record<string, unknown>> {
    const [row] = await database.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
    const overrides = row?.overrides;
    return typeof overrides === "object" && overrides !== null ? (overrides as Record<string, unknown>) : {};
  }

  async function store(deps: WriteDeps, next: SiteSettings, before: SiteSettings): Promise<SiteSettings> {
    const overrides = settingsOverrides(defaults, next);
    await deps.db
      .insert(siteSettings)
      .values({ id: 1, overrides, updated_at: new Date() })
      .onConflictDoUpdate({ target: siteSettings.id, set: { overrides, updated_at: sql`now()` } });
    // An uploaded portrait or about image that was replaced goes, once nothing points at it (decision 009).
    for (const field of IMAGE_FIELDS) {
      if (before[field].url !== next[field].url) await removeUnusedImage(deps, before[field].url);
    }
    return next;
  }

  return {
    async read() {
      return mergeSettings(defaults, await storedOverrides());
    },

    async save(deps, settings) {
      const before = mergeSettings(defaults, await storedOverrides());
      for (const field of IMAGE_FIELDS) {
        const url = settings[field].url;
        if (url === before[field].url || url.startsWith("/images/")) continue;
        const stored = parseImageUrl(url);
        const exists = stored?.folder === "site" && (await deps.images.exists(stored.folder, stored.name));
        if (!exists) throw new ServiceError(422, "imageNotStored", { path: `${field}.url` });
      }
      return store(deps, settings, before);
    },

    async reset(deps, section) {
      const before = mergeSettings(defaults, await storedOverrides());
      const next = { ...before };
      for (const field of SETTINGS_SECTIONS[section]) Object.assign(next, { [field]: defaults[field] });
      return store(deps, next, before);
    },
  };
}
