import type { Project } from "#db/records.ts";

export interface ProjectsResult {
  projects: Project[];
  /** A translation key for the error toast's description, when the database could not be read. */
  errorKey: string | null;
}
