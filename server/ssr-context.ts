import { createContext } from "react-router";
import type { ArticleDetail, ArticleListItem } from "../core/articles.ts";
import type { Project } from "../core/projects.ts";

/** What route loaders may ask of the server; handed to React Router through its context. */
export interface SiteServices {
  siteUrl: string;
  /** Where the owner's admin page lives (ADMIN_PATH). */
  adminPath: string;
  sampleProjects: boolean;
  listProjects(): Promise<Project[]>;
  listArticles(): Promise<ArticleListItem[]>;
  getArticleBySlug(slug: string): Promise<ArticleDetail | null>;
  /** Sanitised article HTML with its code samples highlighted. */
  renderArticleHtml(html: string): Promise<string>;
  logError(message: string, fields?: Record<string, unknown>): void;
}

export const siteServicesContext = createContext<SiteServices>();
/** The per-request CSP nonce, for the inline scripts React Router and our head script write. */
export const nonceContext = createContext<string>("");
