import type { PublicProject } from "#core/projects.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";

export interface ProjectsResult {
  /** In the page's language. */
  projects: PublicProject[];
  /** A translation key for the error toast's description, when the database could not be read. */
  errorKey: TranslationKey | null;
  /** The drawing a project without an image shows (config/site.ts). */
  fallbackImage: string;
}
