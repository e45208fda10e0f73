import type { Project } from "#db/records.ts";
import type { TranslationKey } from "#app/i18n/keys.ts";

export interface ProjectsResult {
  projects: Project[];
  /** A translation key for the error toast's description, when the database could not be read. */
  errorKey: TranslationKey | null;
}
