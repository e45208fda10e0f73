import { eq, sql } from "drizzle-orm";
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
import type { Uploads } from "#server/features/uploads/service.ts";

// The site's settings (docs/product.md §17): config/site.ts gives the defaults, the one row of site_settings the
// owner's edits, stored as the fields that differ. Reading merges them; saving is one statement, so a save
// either lands whole or not at all.

export interface SettingsService {
  /** The settings every page shows now. */
  read(): Promise<SiteSettings>;
  /** Saves a whole document (the fields equal to the defaults are not stored) and answers what is now in force. */
  save(settings: SiteSettings): Promise<SiteSettings>;
  /** Puts one section back to config/site.ts. */
  reset(section: SettingsSection): Promise<SiteSettings>;
}

const IMAGE_FIELDS = ["portrait", "aboutImage"] as const;

/** The stored overrides of the settings (none when the owner never saved). */
async function storedOverrides(db: Pick<Database, "select">): Promise<Record<string, unknown>> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const overrides = row?.overrides;
  return typeof overrides === "object" && overrides !== null ? (overrides as Record<string, unknown>) : {};
}

/** The settings in force, for the commands that only read them. */
export async function readSettings(db: Database, config: SiteConfig): Promise<SiteSettings> {
  return mergeSettings(defaultSettings(config), await storedOverrides(db));
}

/**
 * The settings service. Every write tells the site its content changed (pages show the settings in both
 * languages); an image must be one of our uploads in `site` or a bundled one under /images/.
 */
export function createSettingsService(deps: {
  db: Database;
  config: SiteConfig;
  uploads: Pick<Uploads, "requireStored" | "removeUnused">;
  contentChanged: () => void;
  /** Told of the settings in force after each save, before the save answers. */
  saved?: (settings: SiteSettings) => void;
}): SettingsService {
  const { db, uploads } = deps;
  const defaults = defaultSettings(deps.config);

  async function store(next: SiteSettings, before: SiteSettings): Promise<SiteSettings> {
    const overrides = settingsOverrides(defaults, next);
    await db
      .insert(siteSettings)
      .values({ id: 1, overrides, updated_at: new Date() })
      .onConflictDoUpdate({ target: siteSettings.id, set: { overrides, updated_at: sql`now()` } });
    // An uploaded portrait or about image that was replaced goes, once nothing points at it (decision 009).
    for (const field of IMAGE_FIELDS) {
      if (before[field].url !== next[field].url) await uploads.removeUnused(before[field].url);
    }
    deps.contentChanged();
    deps.saved?.(next);
    return next;
  }

  return {
    async read() {
      return mergeSettings(defaults, await storedOverrides(db));
    },

    async save(settings) {
      const before = mergeSettings(defaults, await storedOverrides(db));
      for (const field of IMAGE_FIELDS) {
        const url = settings[field].url;
        if (url.startsWith("/images/")) continue;
        await uploads.requireStored(url, before[field].url, "site", `${field}.url`);
      }
      return store(settings, before);
    },

    async reset(section) {
      const before = mergeSettings(defaults, await storedOverrides(db));
      const next = { ...before };
      for (const field of SETTINGS_SECTIONS[section]) Object.assign(next, { [field]: defaults[field] });
      return store(next, before);
    },
  };
}
