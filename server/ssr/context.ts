import { createContext } from "react-router";

/** What a page's loaders may know of the request beyond its URL and headers (server/ssr/page-handler.ts). */
export interface PageRequest {
  /** The visitor's address as the rate limits see it (the contact page's no-JavaScript post). */
  address: string;
  /** The site's absolute origin: SITE_URL's, or the one the request came to. */
  origin: string;
  /** Whether the request carries the owner's session; asked only on the admin page and previews. */
  owner: boolean;
  /**
   * Logs a failed read: the page still renders (with the error notice) but is not kept, and `error` lets the
   * server tell damaged data and a full disk (docs/product.md §23).
   */
  failed(message: string, fields?: Record<string, unknown>, error?: unknown): void;
}

export const pageRequestContext = createContext<PageRequest>();
/** The per-request CSP nonce, for the inline scripts React Router and our head script write. */
export const nonceContext = createContext<string>("");
