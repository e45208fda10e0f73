import type { MiddlewareHandler } from "hono";
import type { ConfirmPassword } from "#server/features/auth/guards.ts";
import type { Database } from "#db/client.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import type { SettingsService } from "./settings/service.ts";

/** What the resource routers and their services share; built once by createApp. */
export interface ResourceDeps {
  db: Database;
  images: ImageStore;
  logger: Logger;
  /** The guard of every owner route: 401 without the owner's session. */
  owner: MiddlewareHandler;
  /** The owner's writes change public pages: forget the rendered copies. */
  contentChanged(): void;
  /** The clock of sessions, rate limits and messages; tests move it. */
  now: () => Date;
  /** The site's settings: config/site.ts and the owner's edits. */
  settings: SettingsService;
  /** The owner's password asked again before a destructive action; throws when it is wrong or missing. */
  confirmPassword: ConfirmPassword;
}

/** What a write service needs of them. */
export type WriteDeps = Pick<ResourceDeps, "db" | "images" | "logger"> & { now?: () => Date };
