import { Hono } from "hono";
import { except } from "hono/combine";
import { compress } from "hono/compress";
import { IMAGE_URL_PREFIX } from "#core/images.ts";
import { sampleCategory } from "#core/projects.ts";
import type { DbHandle } from "#db/client.ts";
import type { ChangeFeed } from "./kernel/change-feed.ts";
import { createDataHealth, type DataHealth } from "./kernel/data-health.ts";
import type { ServerEnv } from "./kernel/env.ts";
import type { Logger } from "./kernel/logger.ts";
import type { ImageStore } from "./kernel/storage/image-store.ts";
import { apiFail, handleAppError } from "./http/errors.ts";
import { refuseCrossSite, requireJsonBody } from "./http/guards.ts";
import { createSecurityHeaders, securityHeaders } from "./http/headers.ts";
import { drainUnreadBody, limitIgnoredBody, refuseMalformedAddress } from "./http/input-guard.ts";
import { requestIds, requestLog } from "./http/request-log.ts";
import { builtFiles } from "./http/static-files.ts";
import type { OwnerAlerts } from "./features/alerts/owner-alerts.ts";
import { adminArticlesRouter, articlesRouter } from "./features/articles/router.ts";
import { auditRouter } from "./features/audit/router.ts";
import { findOwnerSession, passwordConfirmation, requireOwner } from "./features/auth/guards.ts";
import { authRouter } from "./features/auth/router.ts";
import { backupRouter } from "./features/backup/router.ts";
import { ownerOrLocalKey } from "./features/backup/local-channel.ts";
import type { FetchImage } from "./features/moving/fetch-image.ts";
import { movingRouter } from "./features/moving/router.ts";
import type { Notifier } from "./features/contact/notifier.ts";
import { contactRouter } from "./features/contact/router.ts";
import { cvFilesRouter, cvRouter } from "./features/cv/router.ts";
import { cspReportRouter } from "./features/csp-report/router.ts";
import { healthRouter } from "./features/health/router.ts";
import { inboxRouter } from "./features/inbox/router.ts";
import { adminProjectsRouter, projectsRouter } from "./features/projects/router.ts";
import { testimonialsRouter } from "./features/testimonials/router.ts";
import { securityTxtRouter } from "./features/security-txt/router.ts";
import { settingsRouter } from "./features/settings/router.ts";
import { uploadsRouter } from "./features/uploads/router.ts";
import { storedImagesRouter } from "./features/uploads/serve.ts";
import type { VisitCounter } from "./features/visits/counter.ts";
import { visitsRouter } from "./features/visits/router.ts";
import type { PageCache } from "./ssr/page-cache.ts";
import { pageHandler, type PageRoutes, type SsrHandler } from "./ssr/page-handler.ts";
import { createServices, servicesContext, type Services } from "./services.ts";

export type { PageRoutes, SsrHandler };

export interface AppOptions {
  env: ServerEnv;
  database: DbHandle;
  logger: Logger;
  /** React Router's request handler; absent in API-only tests. */
  ssr?: SsrHandler;
  /** React Router's routes (the build's): an address none names gets its language's one kept 404 page. */
  routes?: PageRoutes;
  /** Folder of built client files (build/client); absent in API-only tests and in development. */
  clientDir?: string;
  /** Development: Vite injects inline scripts and styles, so the CSP is left out. */
  dev?: boolean;
  /** Rendered public pages kept for PAGE_CACHE_SECONDS; absent means every page is rendered. */
  pageCache?: PageCache;
  /** Uploaded images; by default on disk under DATA_DIR. */
  images?: ImageStore;
  /** The clock of sessions, rate limits and contact messages; tests move it forward. */
  now?: () => Date;
  /** E-mails the owner about new contact messages; by default from SMTP_URL. Its owner starts and stops it. */
  notifier?: Notifier;
  /** Tells the other instances of the site about the owner's writes (server/kernel/change-feed.ts). */
  changes?: ChangeFeed;
  /** E-mails to the owner about the site's defences; by default from SMTP_URL (docs/product.md §25). */
  alerts?: OwnerAlerts;
  /** Damaged data and a full disk, as requests meet them (docs/product.md §23); one per app by default. */
  dataHealth?: DataHealth;
  /** Counts public page views (docs/product.md §27); by default one per app, written when flushed. */
  visits?: VisitCounter;
  /** Fetches an imported source's images by address; tests reach their own loopback server with it. */
  fetchImage?: FetchImage;
  /** The key of `npm run backup` while this server runs on the embedded database (decision 018). */
  backupKey?: string;
}

/** The routers of the owner's API take the owner's guards besides their services. */
interface Guards {
  /** The guard of every owner route: 401 without the owner's session. */
  owner: ReturnType<typeof requireOwner>;
  /** The owner's password asked again before a destructive action (docs/product.md §26). */
  confirmPassword: ReturnType<typeof passwordConfirmation>;
}

/** The JSON API under /api (docs/architecture.md "API"); its type is what the admin page's client is typed from. */
function apiRouter(
  services: Services,
  guards: Guards,
  env: ServerEnv,
  logger: Logger,
  backupKey: string | undefined,
) {
  const { owner } = guards;
  const secure = env.siteUrl.startsWith("https:");
  return new Hono()
    .route(
      "/auth",
      authRouter({
        auth: services.auth,
        secure,
        trustProxy: env.trustProxy,
        owner,
        confirmPassword: guards.confirmPassword,
        audit: services.audit,
        personal: async () => {
          const settings = await services.settings.read();
          return [settings.name.en, settings.name.ar, settings.email];
        },
        publicOrigin: env.publicOrigin,
        adminPath: env.adminPath,
        ownerOrConsole: ownerOrLocalKey(backupKey, owner),
      }),
    )
    .route("/projects", projectsRouter({ ...services, owner }))
    .route("/articles", articlesRouter({ ...services, owner }))
    .route("/admin/projects", adminProjectsRouter({ ...services, owner }))
    .route("/admin/articles", adminArticlesRouter({ ...services, owner }))
    .route("/testimonials", testimonialsRouter({ ...services, owner }))
    .route("/uploads", uploadsRouter({ ...services, owner, logger }))
    .route("/messages", inboxRouter({ ...services, owner }))
    .route("/settings", settingsRouter({ ...services, owner }))
    .route("/cv", cvRouter({ ...services, owner }))
    .route("/backup", backupRouter({ ...services, ...guards, backupKey }))
    .route("/moving", movingRouter({ ...services, owner }))
    .route("/audit", auditRouter({ ...services, owner }))
    .route("/visits", visitsRouter({ ...services, owner }))
    .all("*", (c) => apiFail(c, 404, "notFound"));
}

export type ApiRoutes = ReturnType<typeof apiRouter>;

/** The whole server as one Hono app: composition only; each part lives in its room. */
export function createApp(options: AppOptions) {
  const { env, database, logger } = options;
  const secure = env.siteUrl.startsWith("https:");
  const services = createServices({
    ...options,
    contentChanged: () => {
      options.pageCache?.clear();
      void options.changes?.publish();
    },
  });
  const { audit, auth, images } = services;
  const dataHealth =
    options.dataHealth ??
    createDataHealth({ logger, dataDir: env.dataDir, localDatabase: database.kind === "pglite" });
  const guards: Guards = {
    owner: requireOwner(auth, secure),
    confirmPassword: passwordConfirmation(auth, env.trustProxy, (c) =>
      audit.record(c, "confirmFailed", c.req.path),
    ),
  };
  // An external form endpoint (decision 012): the page's fetch and its plain form post both go there.
  const formOrigins = env.contactFormEndpoint ? [new URL(env.contactFormEndpoint).origin] : [];

  const headerOptions = {
    siteUrl: env.siteUrl,
    formOrigins,
    dev: Boolean(options.dev),
    trustProxy: env.trustProxy,
    publicOrigin: env.publicOrigin,
  };
  const security = createSecurityHeaders(headerOptions);

  // Every request takes one path, through the middleware below in this order (decision 008).
  const app = new Hono<{ Variables: { requestId: string } }>();
  app.use(requestIds(env.trustProxy));
  if (env.logRequests) app.use(requestLog(logger));
  // docs/product.md §20: an address that cannot be decoded, or holds control characters, reaches no route: 400,
  // or for a page the site's not-found page in the address's language.
  const documentHeaders = securityHeaders(headerOptions, security);
  app.use(
    refuseMalformedAddress({
      page: options.ssr ? (c) => notFoundPage(app, c.req.raw) : undefined,
      headers: documentHeaders,
    }),
  );
  app.use(drainUnreadBody);
  app.use(compress());
  app.use(documentHeaders);
  app.route("/", healthRouter(database, { images, logger, data: dataHealth }));
  // Before the cross-site refusal: browsers post reports without a page's Origin, and a report changes nothing.
  app.route("/", cspReportRouter({ logger, rateLimits: services.rateLimits, trustProxy: env.trustProxy }));
  app.route("/", securityTxtRouter({ ...services, publicOrigin: env.publicOrigin }));
  // Every state-changing request, API or page, must come from this site (CSRF).
  app.use(refuseCrossSite(env.siteUrl));
  // JSON endpoints take JSON only; uploads are multipart.
  app.use(
    "/api/*",
    except(
      ["/api/uploads", "/api/backup/restore", "/api/moving/preview", "/api/moving/import"],
      requireJsonBody,
    ),
  );
  // A delete takes no body: a large one is refused, not buffered (docs/product.md §20).
  app.use("/api/*", limitIgnoredBody(["DELETE"]));
  app.route("/api", apiRouter(services, guards, env, logger, options.backupKey));
  // The contact form endpoint, outside /api: it takes form data as well as JSON.
  app.route("/f", contactRouter({ ...services, trustProxy: env.trustProxy, publicOrigin: env.publicOrigin }));
  app.route(IMAGE_URL_PREFIX.slice(0, -1), storedImagesRouter(images, logger));
  // The CV's PDF and JSON Resume files, beside its page (docs/product.md §32).
  app.route("/", cvFilesRouter({ cv: services.cv, publicOrigin: env.publicOrigin }));
  if (options.clientDir) app.route("/", builtFiles(options.clientDir));
  if (options.ssr) {
    app.route(
      "/",
      pageHandler({
        env,
        logger,
        dataHealth,
        ssr: options.ssr,
        routes: options.routes,
        // The loaders read the one service container the API uses (decision 001).
        provide: (context) => context.set(servicesContext, services),
        pageCache: options.pageCache,
        securityHeaders: security,
        isOwner: async (c) => (await findOwnerSession(c, auth, secure)) !== null,
        nextPublication: () => services.articles.nextPublication(),
        countPublicArticles: (tag) => services.articles.countPublic(tag),
        countPublicProjects: async (language, category) => {
          const total = await services.projects.countPublic(language, category);
          if (total > 0 || !services.site.sampleProjects) return total;
          // While there are no projects the samples stand in, with their categories (docs/product.md §3.3).
          if (category !== undefined && (await services.projects.countPublic(language)) > 0) return 0;
          return sampleCategory(language, category ?? null)?.projects.length ?? 0;
        },
        viewed: (request) => services.visits.view(request),
        now: services.now,
      }),
    );
  }
  app.notFound((c) =>
    c.req.path.startsWith("/api/") ? apiFail(c, 404, "notFound") : c.text("Not found", 404),
  );
  app.onError(handleAppError(logger, dataHealth));
  return Object.assign(app, { services });
}

export type App = ReturnType<typeof createApp>;

/**
 * The site's not-found page in the language of `request`'s address, for an address no page can have
 * (docs/product.md §20): rendered as a GET of a path only the not-found route takes.
 */
function notFoundPage(app: { fetch: (request: Request) => Response | Promise<Response> }, request: Request) {
  const url = new URL(request.url);
  const arabic = url.pathname === "/ar" || url.pathname.startsWith("/ar/");
  const headers = new Headers(request.headers);
  for (const name of ["Content-Length", "Content-Type", "Transfer-Encoding"]) headers.delete(name);
  return app.fetch(new Request(new URL(`${arabic ? "/ar" : ""}/__invalid/address`, url), { headers }));
}
