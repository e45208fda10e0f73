import type { Context, Handler } from "hono";
import { RouterContextProvider } from "react-router";
import { apiErrorText } from "#core/api-errors.ts";
import { languageOfPath, localizePath } from "#core/localized-paths.ts";
import { readPreferences } from "#core/preferences.ts";
import type { DataHealth } from "#server/kernel/data-health.ts";
import type { ServerEnv } from "#server/kernel/env.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { clientAddress } from "#server/http/client-address.ts";
import type { SecurityHeaders } from "#server/http/headers.ts";
import { nonceContext, pageRequestContext } from "./context.ts";
import { pageCacheKey, type PageCache } from "./page-cache.ts";

/** What a page answers (docs/product.md §20); the rest get 405 before React Router. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);

export type SsrHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/**
 * Every request no other route took: a page, rendered by React Router with the services its loaders use, and
 * kept in the page cache for a few seconds when it is a public page (decision 008). The admin page is never
 * stored by anyone and never indexed.
 */
export function pageHandler(options: {
  env: ServerEnv;
  logger: Logger;
  /** Told of every failed read: a page that met damaged data answers 503 (docs/product.md §23). */
  dataHealth?: DataHealth;
  ssr: SsrHandler;
  /** Puts what loaders read (the service container, server/services.ts) into each request's load context. */
  provide: (context: RouterContextProvider) => void;
  pageCache?: PageCache;
  /** The security headers a stored page is kept with (its CSP names its scripts' hashes). */
  securityHeaders: SecurityHeaders;
  /** Whether a request carries the owner's session (the preview needs it). */
  isOwner: (c: Context) => Promise<boolean>;
  /** When the next scheduled article goes public: a page listing articles is stale from then. */
  nextPublication: () => Promise<Date | null>;
}): Handler<{ Variables: { secureHeadersNonce?: string } }> {
  const { env, logger, ssr, pageCache } = options;

  return async (c) => {
    const nonce = c.get("secureHeadersNonce") ?? "";
    const url = new URL(c.req.url);
    // Pages are read, and posted to (a page without an action shows React Router's 405 screen). Any other method is
    // answered here, in the address's language: React Router's 405 would render without the site's texts (§20).
    if (!PAGE_METHODS.has(c.req.method))
      return new Response(apiErrorText(languageOfPath(url.pathname), "methodNotAllowed"), {
        status: 405,
        headers: {
          Allow: "GET, HEAD",
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
        },
      });
    // The admin page and the owner's previews: never kept, never indexed.
    const page = url.pathname.replace(/\.data$/, "");
    const admin =
      page === env.adminPath || page.startsWith(`${env.adminPath}/`) || /^(\/ar)?\/preview\//.test(page);
    // Whole documents only: not React Router's data (.data) or manifest (/__manifest) requests.
    const cacheable =
      pageCache &&
      !admin &&
      c.req.method === "GET" &&
      !url.pathname.endsWith(".data") &&
      !url.pathname.startsWith("/__");
    const preferences = readPreferences(c.req.header("Cookie"));
    // A visitor who chose Arabic and opens the English home page is taken to the Arabic one; nobody else is ever
    // redirected, so search engines and link previews get exactly the page they ask for (docs/product.md §16.3).
    if (url.pathname === "/" && c.req.method === "GET" && preferences.language === "ar") {
      return new Response(null, {
        status: 302,
        headers: {
          Location: localizePath(`/${url.search}`, "ar"),
          Vary: "Cookie",
          "Cache-Control": "private, no-cache",
        },
      });
    }
    const origin = env.publicOrigin ?? url.origin;
    // The language is in the path; without SITE_URL the absolute addresses in a page depend on its origin too.
    const key = pageCacheKey(url, preferences.theme, env.publicOrigin ? null : origin);
    if (cacheable && key) {
      // Stored with every header it is sent with; most hits are answered before the app (decision 028).
      const hit = pageCache.get(key, c.req.header("Accept-Encoding"));
      if (hit) return hit;
    }

    let failed = false;
    let damaged = false;
    const context = new RouterContextProvider();
    options.provide(context);
    context.set(pageRequestContext, {
      address: clientAddress(c, env.trustProxy),
      origin,
      owner: admin && (await options.isOwner(c)),
      failed(message, fields, error) {
        failed = true;
        const problem = options.dataHealth?.note(error);
        if (problem === "damaged") damaged = true;
        // Damaged data and a full disk are logged once, by the data health, not once per page.
        if (!problem) logger.error(message, fields);
      },
    });
    context.set(nonceContext, nonce);
    let response = withVary(await ssr(c.req.raw, context));
    // The page still renders (with the error notice in the visitor's language), but says it is not whole.
    if (damaged && response.status === 200) {
      const headers = new Headers(response.headers);
      headers.set("Retry-After", "300");
      headers.set("Cache-Control", "no-store");
      response = new Response(response.body, { status: 503, headers });
    }
    if (admin) {
      const headers = new Headers(response.headers);
      headers.set("Cache-Control", "no-store");
      headers.set("X-Robots-Tag", "noindex, nofollow");
      return new Response(response.body, { status: response.status, headers });
    }
    const contentType = response.headers.get("Content-Type") ?? "";
    // A page rendered while the database failed carries an error toast: it is never kept.
    if (!cacheable || !key || failed || response.status !== 200 || !contentType.startsWith("text/html"))
      return response;
    if (response.headers.has("Set-Cookie")) return response;
    // A page that must be fresh for each visitor (the contact form's render time, docs/product.md §25).
    if (/no-store/.test(response.headers.get("Cache-Control") ?? "")) return response;
    const body = await response.text();
    // A page may list articles: it is stale from the moment the next scheduled one goes public.
    const until = await options.nextPublication().catch(() => new Date());
    pageCache.set(
      key,
      nonce,
      {
        status: response.status,
        contentType,
        body,
        headers: (hashes) => ({
          ...Object.fromEntries(options.securityHeaders.list(hashes, url.origin)),
          Vary: STORED_PAGE_VARY,
        }),
      },
      until,
    );
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

/** A stored page is kept in three encodings, and depends on the theme cookie (and `/` on the language cookie). */
const STORED_PAGE_VARY = "Accept-Encoding, Cookie";

/** A page depends on the visitor's theme cookie (and `/` on the language cookie): shared caches must know it. */
function withVary(response: Response): Response {
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  const headers = new Headers(response.headers);
  headers.append("Vary", "Cookie");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
