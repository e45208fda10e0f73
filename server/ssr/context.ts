import { createContext } from "react-router";
import type { ShareImageSpec } from "#server/features/share-images/render.ts";
import type { Page } from "#core/paging.ts";
import type { ArticleDetail, ArticleListItem, Project } from "#db/records.ts";
import type { ContactOutcome } from "#core/contact.ts";
import type { SiteSettings } from "#core/site-settings.ts";
import type { ImageInfo } from "#core/images.ts";
import type { Language } from "#core/preferences.ts";

/** What route loaders may ask of the server; handed to React Router through its context. */
export interface SiteServices {
  /** SITE_URL's origin, when it is set; pages then use the request's origin. */
  siteOrigin: string | undefined;
  /** Where the owner's admin page lives (ADMIN_PATH). */
  adminPath: string;
  sampleProjects: boolean;
  /** Every project in the owner's order. */
  listProjects(): Promise<Project[]>;
  /** The site's settings: config/site.ts with the owner's edits (docs/product.md §17). */
  settings(): Promise<SiteSettings>;
  /** The home page's: the featured ones in order, or the newest three. */
  listHomeProjects(): Promise<Project[]>;
  /** Every public article (the sitemap). */
  listArticles(): Promise<ArticleListItem[]>;
  /** One page of public articles, newest first (with `tag`, only those with that tag). */
  listArticlePage(options: { page: number; perPage: number; tag?: string }): Promise<Page<ArticleListItem>>;
  /** A public article by slug; drafts and scheduled articles are not found. */
  getArticleBySlug(slug: string): Promise<ArticleDetail | null>;
  /** Any article by id for the owner's preview; null without the owner's session (docs/product.md §18). */
  previewArticle(id: string): Promise<ArticleDetail | null>;
  /** The share image of a page (1200×630 PNG), drawn on first request and kept; its ETag names what it shows. */
  shareImage(spec: ShareImageSpec): Promise<{ png: Buffer; etag: string }>;
  /** The responsive variants of the uploads among these addresses (docs/product.md §13). */
  imageInfo(urls: (string | null | undefined)[]): Promise<Record<string, ImageInfo>>;
  /** An article's content in one language as its page shows it: sanitised, code highlighted (decision 034). */
  articleHtml(article: { id: string; language: Language; content: string }): Promise<string>;
  /** Logs a failed read; `error` lets the server tell damaged data and a full disk (docs/product.md §23). */
  logError(message: string, fields?: Record<string, unknown>, error?: unknown): void;
  /** Where the contact page posts: our /f/:formId, or an external endpoint (CONTACT_FORM_ENDPOINT). */
  contactForm: { endpoint: string; external: boolean };
  /** The contact page's no-JavaScript post: the same service as POST /f/:formId, for this request. */
  submitContactForm(fields: Record<string, unknown>, hasFiles: boolean): Promise<ContactOutcome>;
  /** The contact form's signed render time, for its hidden field (docs/product.md §25). */
  contactFormStamp(): Promise<string>;
}

export const siteServicesContext = createContext<SiteServices>();
/** The per-request CSP nonce, for the inline scripts React Router and our head script write. */
export const nonceContext = createContext<string>("");
