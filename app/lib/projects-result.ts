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

/** One page of the projects page (docs/product.md §2.5): of all projects, or of one category. */
export interface ProjectPageResult extends ProjectsResult {
  /** 404: a page past the last, or a category no project has. */
  status: 200 | 404;
  /** The categories in the page's language, in order of first appearance ("All" goes before them). */
  categories: string[];
  /** The category shown; null for all of them. */
  category: string | null;
  page: number;
  pages: number;
}
