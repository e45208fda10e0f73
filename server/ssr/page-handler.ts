import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { etag, RETAINED_304_HEADERS } from "hono/etag";
import { rateLimiter } from "hono-rate-limiter";
import { matchRoutes, RouterContextProvider, type RouteObject } from "react-router";
import { apiErrorText } from "#core/api-errors.ts";
import { CONTACT_BODY_LIMIT } from "#core/contact.ts";
import { languageOfPath, localizePath } from "#core/localized-paths.ts";
import { readPreferences } from "#core/preferences.ts";
import { ARTICLES_PER_PAGE, PROJECTS_PER_PAGE, pageCount } from "#core/paging.ts";
import type { Language } from "#core/preferences.ts";
import type { DataHealth } from "#server/kernel/data-health.ts";
import type { ServerEnv } from "#server/kernel/env.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { addressGroup, clientAddress } from "#server/http/client-address.ts";
import { newNonce, type SecurityHeaders } from "#server/http/headers.ts";
import { nonceContext, pageRequestContext } from "./context.ts";
import {
  newScriptMarker,
  ownScripts,
  pageAddress,
  SEARCH_PATH,
  type PageAddress,
  type PageCache,
} from "./page-cache.ts";

/**
 * A path to redirect to, as a Location that can only resolve on this site: a browser reads `//host` and `/\host`
 * as another origin's address. Canonical paths never start so (`canonicalPath`); this says it where it matters.
 */
function onTheSite(path: string): string {
  return path.startsWith("/") && !/^\/[/\\]/.test(path) ? path : "/";
}

/** The most a page that takes no form reads of a post: enough for an empty form, not for a flood. */
export const PAGE_BODY_LIMIT = 1024;
/** A client's testimonial form: a quote of 1,500 characters and three short fields, percent-encoded Arabic. */
export const TESTIMONIAL_BODY_LIMIT = 32 * 1024;

/** The pages whose actions take a form, and the most each reads (docs/product.md §20). */
const PAGE_BODY_LIMITS: readonly (readonly [RegExp, number])[] = [
  [/^(?:\/ar)?\/contact\/?$/i, CONTACT_BODY_LIMIT],
  [/^(?:\/ar)?\/testimonial\/[^/]+\/?$/i, TESTIMONIAL_BODY_LIMIT],
];

/** The most a post to `path` may hold. */
export function pageBodyLimit(path: string): number {
  return PAGE_BODY_LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? PAGE_BODY_LIMIT;
}

/** What a page answers (docs/product.md §20); the rest get 405 before React Router. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);

/** How long a shared cache (a CDN) may serve a page while it asks for a fresh one (RFC 5861). */
const STALE_WHILE_REVALIDATE_SECONDS = 60;

export type SsrHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/** React Router's routes as the server build lists them (`build.routes`): which route an address names. */
export type PageRoutes = Readonly<
  Record<string, { id: string; parentId?: string; path?: string; index?: boolean } | undefined>
>;

/** The build's flat list of routes as the tree `matchRoutes` reads. */
function routeTree(routes: PageRoutes): RouteObject[] {
  const listed = Object.values(routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    listed
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        if (route.index) return { id: route.id, index: true, path: route.path };
        const children = childrenOf(route.id);
        return { id: route.id, path: route.path, ...(children.length > 0 ? { children } : {}) };
      });
  return childrenOf(undefined);
}

/**
 * Whether a page's path names nothing the site has, before anything is rendered: only the catch-all route takes
 * it. Every such address gets its language's one not-found page.
 */
function namesNoPage(tree: RouteObject[], path: string): boolean {
  const matches = matchRoutes(tree, path);
  if (!matches) return true;
  // An address the browser's router gives the admin's route (one segment, or one with an admin view's path) is
  // rendered: that route's loader answers 404 for any first segment but the admin's, and a page rendered for
  // another address would hydrate there as the admin page. Within the render budget below.
  return (
    matches.every(({ route }) => route.path !== ":admin") &&
    matches.some(({ route }) => route.path === "*" || route.path === "ar/*")
  );
}

/** The address the one not-found page of a language is rendered from: one only the catch-all route takes. */
const NOT_FOUND_PATH = "/__not-found/page";

/**
 * Renders one client address may cause, per `windowMs`, of pages no cache can answer: React Router's data
 * requests, the contact page's stamped form, an article or project the cache does not hold. A person reading the
 * site causes a few; past it the address waits, and nobody else does.
 */
export const RENDER_BUDGET = { windowMs: 10_000, limit: 100 };

type PageEnv = { Variables: { pageAddress?: PageAddress } };

/**
 * Every request no other route took: a page, rendered by React Router with the services its loaders use
 * (decision 008). A public page is the same HTML for every visitor of its language: it allows its inline scripts
 * by their hashes, carries an ETag and `Cache-Control` any shared cache honours (`s-maxage`,
 * `stale-while-revalidate`; browsers ask again each time), and is kept by the page cache for PAGE_CACHE_SECONDS.
 * Its address is canonical: a query the page does not read is redirected away. The admin page and the owner's
 * previews get a nonce of their own, and are never stored by anyone nor indexed.
 */
export function pageHandler(options: {
  env: ServerEnv;
  logger: Logger;
  /** Told of every failed read: a page that met damaged data answers 503 (docs/product.md §23). */
  dataHealth?: DataHealth;
  ssr: SsrHandler;
  /** Puts what loaders read (the service container, server/services.ts) into each request's load context. */
  provide: (context: RouterContextProvider) => void;
  /** Rendered public pages; absent renders every request (development, PAGE_CACHE_SECONDS=0). */
  pageCache?: PageCache;
  /** The security headers whose policy a page carries. */
  securityHeaders: SecurityHeaders;
  /** Whether a request carries the owner's session (the preview needs it). */
  isOwner: (c: Context) => Promise<boolean>;
  /** When the next scheduled article goes public: a page listing articles is stale from then. */
  nextPublication: () => Promise<Date | null>;
  /** How many articles are public (with a tag, those with it): how many pages the lists have. */
  countPublicArticles: (tag?: string) => Promise<number>;
  /** How many projects the projects page lists in a language (of a category when given; the samples too). */
  countPublicProjects: (language: Language, category?: string) => Promise<number>;
  /** The clock of publication; tests move it. */
  now: () => Date;
  /** Told of every view of a public page, whether rendered, kept or answered 304 (docs/product.md §27). */
  viewed?: (request: Request) => void;
  /** The build's routes: an address none of them names gets its language's one kept 404 page. */
  routes?: PageRoutes;
}) {
  const { env, logger, ssr, pageCache } = options;

  /** The admin page, previews and testimonial links: a nonce of their own, never kept, never indexed. */
  const isPrivate = (pathname: string) =>
    pathname === env.adminPath ||
    pathname.startsWith(`${env.adminPath}/`) ||
    pathname.startsWith(`${env.adminPath}.`) ||
    /^(\/ar)?\/(preview|testimonial)\//.test(pathname);
  /**
   * Whole documents of public pages, not React Router's data (.data) or manifest (/__manifest) requests; the
   * malformed-address guard's not-found page (/__invalid/address) is one.
   */
  const isPublicPage = (pathname: string) =>
    !isPrivate(pathname) && !pathname.endsWith(".data") && pathname !== "/__manifest";
  const tree = options.routes ? routeTree(options.routes) : null;
  // The verdicts on the last paths asked for: matching walks every route.
  const verdicts = new Map<string, boolean>();
  /** Whether a public page's (canonical) path names no page: its language's one not-found page answers it. */
  const isNowhere = (path: string) => {
    if (!tree || path.endsWith(".data")) return false;
    let nowhere = verdicts.get(path);
    if (nowhere === undefined) {
      nowhere = namesNoPage(tree, path);
      if (verdicts.size >= 1000) verdicts.clear();
      verdicts.set(path, nowhere);
    }
    return nowhere;
  };
  // Without SITE_URL the absolute addresses in a page depend on the origin it was asked at: part of its key.
  const addressOf = (c: Context<PageEnv>) => {
    let address = c.get("pageAddress");
    if (!address) {
      const url = new URL(c.req.url);
      c.set("pageAddress", (address = pageAddress(url, env.publicOrigin ? "" : url.origin)));
    }
    return address;
  };

  const render = async (c: Context<PageEnv>) => {
    const url = new URL(c.req.url);
    const owner = isPrivate(url.pathname);
    // A public page is the same for every visitor and kept: its scripts are allowed by their hashes, taken only of
    // the scripts the renderer marked as its own with this render's nonce (ownScripts), which then goes.
    const marked = !owner && options.securityHeaders.csp && isPublicPage(url.pathname);
    const nonce = owner && options.securityHeaders.csp ? newNonce() : marked ? newScriptMarker() : "";
    const origin = env.publicOrigin ?? url.origin;
    let failed = false;
    let damaged = false;
    const context = new RouterContextProvider();
    options.provide(context);
    context.set(pageRequestContext, {
      address: clientAddress(c, env.trustProxy),
      origin,
      owner: owner && (await options.isOwner(c)),
      failed(message, fields, error) {
        failed = true;
        const problem = options.dataHealth?.note(error);
        if (problem === "damaged") damaged = true;
        // Damaged data and a full disk are logged once, by the data health, not once per page.
        if (!problem) logger.error(message, fields);
      },
    });
    context.set(nonceContext, nonce);
    // HEAD is answered as GET without its body (by the app), so that both carry the same headers. An address that
    // names no page is answered by its language's one not-found page, the same bytes for all of them.
    const nowhere = c.req.method !== "POST" && isPublicPage(url.pathname) && isNowhere(url.pathname);
    const request = nowhere
      ? new Request(new URL(localizePath(NOT_FOUND_PATH, languageOfPath(url.pathname)), url), {
          headers: c.req.raw.headers,
        })
      : c.req.method === "HEAD"
        ? new Request(c.req.raw, { method: "GET" })
        : c.req.raw;
    const response = await ssr(request, context);
    const headers = new Headers(response.headers);
    const html = headers.get("Content-Type")?.startsWith("text/html") ?? false;
    // The page still renders (with the error notice in the visitor's language), but says it is not whole.
    const status = damaged && response.status === 200 ? 503 : response.status;
    if (status === 503) headers.set("Retry-After", "300");
    if (owner) {
      headers.set("Cache-Control", "no-store");
      headers.set("X-Robots-Tag", "noindex, nofollow");
      if (html)
        for (const [name, value] of options.securityHeaders.list(`'nonce-${nonce}'`, origin, nonce))
          if (name === "Content-Security-Policy" || name === "Reporting-Endpoints") headers.set(name, value);
      return new Response(response.body, { status, headers });
    }
    if (!html) return new Response(response.body, { status, headers });
    const page = await response.text();
    const { html: body, sources } = marked ? ownScripts(page, nonce) : { html: page, sources: "" };
    for (const [name, value] of options.securityHeaders.list(sources, origin))
      if (name === "Content-Security-Policy" || name === "Reporting-Endpoints") headers.set(name, value);
    headers.set("ETag", `W/"${createHash("sha1").update(body).digest("base64url")}"`);
    // A page rendered while the database failed carries an error toast, and the answer to a post is the poster's:
    // nobody keeps either.
    if (failed || status >= 500 || c.req.method === "POST") headers.set("Cache-Control", "no-store");
    else if (!headers.has("Cache-Control")) headers.set("Cache-Control", await publicCaching());
    return new Response(body, { status, headers });
  };

  /**
   * What shared caches may do with a public page: keep it PAGE_CACHE_SECONDS, or until the next scheduled
   * article goes public if that is sooner (a page may list it, docs/product.md §18).
   */
  const publicCaching = async () => {
    const until = await options.nextPublication().catch(() => options.now());
    const seconds = Math.min(
      env.pageCacheSeconds,
      until ? Math.floor((until.getTime() - options.now().getTime()) / 1000) : Infinity,
    );
    return seconds > 0
      ? `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`
      : "public, no-cache";
  };

  const pages = new Hono<PageEnv>();
  // A view is a public page a browser got to show: its document (200, or 304 for one it kept) or, for a
  // navigation in the browser, React Router's data request of the page. Redirects, errors, HEAD and posts are not.
  const { viewed } = options;
  if (viewed)
    pages.use("*", async (c, next) => {
      await next();
      const path = c.req.path;
      if (c.req.method !== "GET" || isPrivate(path) || path.startsWith("/__")) return;
      const { status, headers } = c.res;
      const data = path.endsWith(".data");
      if (
        status === 304 ||
        (status === 200 && (data || headers.get("Content-Type")?.startsWith("text/html")))
      )
        viewed(c.req.raw);
    });
  // Pages are read, and posted to (a page without an action shows React Router's 405 screen). Any other method is
  // answered here, in the address's language: React Router's 405 would render without the site's texts (§20).
  pages.use("*", async (c, next) => {
    if (PAGE_METHODS.has(c.req.method)) return next();
    return new Response(apiErrorText(languageOfPath(c.req.path), "methodNotAllowed"), {
      status: 405,
      headers: {
        Allow: "GET, HEAD",
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      },
    });
  });
  // A page's form post is refused over its page's limit before a byte of it is buffered or parsed (§20): every
  // page action, in both languages, and any page added later, which gets the limit of a page that takes no form.
  pages.post("*", (c, next) => {
    const maxSize = pageBodyLimit(c.req.path);
    return bodyLimit({
      maxSize,
      onError: () =>
        new Response(apiErrorText(languageOfPath(c.req.path), "tooLarge"), {
          status: 413,
          headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
        }),
    })(c, next);
  });
  // A visitor who chose Arabic and opens the English home page is taken to the Arabic one; nobody else is ever
  // redirected, so search engines and link previews get exactly the page they ask for (docs/product.md §16.3).
  pages.get("/", async (c, next) => {
    if (c.req.method !== "GET" || readPreferences(c.req.header("Cookie")).language !== "ar") return next();
    return new Response(null, {
      status: 302,
      headers: {
        Location: localizePath(`/${new URL(c.req.url).search}`, "ar"),
        Vary: "Cookie",
        "Cache-Control": "private, no-cache",
      },
    });
  });
  // One address per page, and one render a period whatever is asked: another spelling of the path (letter case,
  // doubled or trailing slashes, needless percent-encoding) and a query the page does not read are redirected to
  // the canonical address, documents and React Router's data requests alike.
  pages.get("*", async (c, next) => {
    if (isPrivate(c.req.path) || c.req.path.startsWith("/__")) return next();
    const { redirect } = addressOf(c);
    if (redirect === undefined) return next();
    return new Response(null, {
      status: 301,
      headers: {
        Location: onTheSite(redirect),
        "Cache-Control":
          env.pageCacheSeconds > 0 ? `public, max-age=0, s-maxage=${env.pageCacheSeconds}` : "no-cache",
      },
    });
  });
  // A 304 carries the page's policy: a browser puts the headers of a 304 on the page it kept, and any other
  // policy would refuse the page's scripts.
  const revalidate = etag({
    weak: true,
    retainedHeaders: [...RETAINED_304_HEADERS, "content-security-policy", "reporting-endpoints"],
  });
  pages.get("*", (c, next) => (isPublicPage(c.req.path) ? revalidate(c, next) : next()));
  if (pageCache)
    pages.get(
      "*",
      pageCache.middleware<PageEnv>({
        key: (c) =>
          !isPublicPage(c.req.path) || SEARCH_PATH.test(c.req.path)
            ? null
            : isNowhere(c.req.path)
              ? `${env.publicOrigin ? "" : new URL(c.req.url).origin}${localizePath("/", languageOfPath(c.req.path))}?✗nowhere`
              : addressOf(c).key,
        // When the count cannot be read the page is rendered: its loader shows the failure, and it is not kept.
        pastTheLast: (c) => pastTheLast(c).catch(() => null),
      }),
    );
  // What reaches the renderer now was answered by no cache: each address has a budget of such renders.
  pages.get(
    "*",
    rateLimiter<PageEnv>({
      windowMs: RENDER_BUDGET.windowMs,
      limit: RENDER_BUDGET.limit,
      standardHeaders: false,
      skip: (c) => isPrivate(c.req.path) || c.req.path.startsWith("/__"),
      keyGenerator: (c) => addressGroup(clientAddress(c, env.trustProxy)),
      handler: (c) =>
        new Response(apiErrorText(languageOfPath(c.req.path), "pagesLimited"), {
          status: 429,
          headers: {
            "Content-Type": "text/plain; charset=utf-8",
            "Cache-Control": "no-store",
            "Retry-After": String(RENDER_BUDGET.windowMs / 1000),
          },
        }),
    }),
  );
  pages.all("*", render);
  return pages;

  /** The key of a list's kept 404 when the request asks for a page past its last, or a category it lacks. */
  async function pastTheLast(c: Context<PageEnv>): Promise<string | null> {
    const list = addressOf(c).listPage;
    if (!list) return null;
    if (list.category !== undefined || /\/projects$/.test(c.req.path)) {
      const total = await options.countPublicProjects(languageOfPath(c.req.path), list.category);
      // A category no project has is not a page of the list.
      const pages = total === 0 && list.category !== undefined ? 0 : pageCount(total, PROJECTS_PER_PAGE);
      return list.number > pages ? list.notFoundKey : null;
    }
    const tag = /\/tag\/([^/]+)$/.exec(c.req.path)?.[1];
    const total = await options.countPublicArticles(tag);
    return list.number > pageCount(total, ARTICLES_PER_PAGE) ? list.notFoundKey : null;
  }
}
