import { Hono, type Context } from "hono";
import { except } from "hono/combine";
import { compress } from "hono/compress";
import { CONTACT_BODY_LIMIT } from "#core/contact.ts";
import { IMAGE_URL_PREFIX } from "#core/images.ts";
import type { DbHandle } from "#db/client.ts";
import { siteConfig } from "#config/site.ts";
import { apiFail, handleAppError } from "./http/errors.ts";
import { limitBody, refuseCrossSite, requireJsonBody } from "./http/guards.ts";
import { findOwnerSession, passwordConfirmation, requireOwner } from "./features/auth/guards.ts";
import { createFastPath } from "./http/fast-path.ts";
import { createSecurityHeaders, securityHeaders } from "./http/headers.ts";
import { cspReportRouter } from "./features/csp-report/router.ts";
import { securityTxtRouter } from "./features/security-txt/router.ts";
import { drainUnreadBody, limitIgnoredBody, refuseMalformedAddress } from "./http/input-guard.ts";
import { healthRouter } from "./features/health/router.ts";
import { createRateLimits } from "./kernel/rate-limits.ts";
import { requestIds, requestLog } from "./http/request-log.ts";
import { builtAssets, builtFiles, loadBuiltAssets } from "./http/static-files.ts";
import type { ChangeFeed } from "./kernel/change-feed.ts";
import { createDataHealth, type DataHealth } from "./kernel/data-health.ts";
import type { ServerEnv } from "./kernel/env.ts";
import type { Logger } from "./kernel/logger.ts";
import { adminArticlesRouter, articlesRouter } from "./features/articles/router.ts";
import { createOwnerAuth } from "./features/auth/owner-auth.ts";
import { ownerAlertsFromEnv, type OwnerAlerts } from "./features/alerts/owner-alerts.ts";
import { authRouter } from "./features/auth/router.ts";
import type { Notifier } from "./features/contact/notifier.ts";
import { contactRouter } from "./features/contact/router.ts";
import type { ContactDeps } from "./features/contact/submit.ts";
import { createFormStamps } from "./features/contact/form-stamp.ts";
import type { ResourceDeps } from "./features/deps.ts";
import { inboxRouter } from "./features/inbox/router.ts";
import { adminProjectsRouter, projectsRouter } from "./features/projects/router.ts";
import { createSettingsService, type SettingsService } from "./features/settings/service.ts";
import { settingsRouter } from "./features/settings/router.ts";
import { backupRouter } from "./features/backup/router.ts";
import { auditRouter } from "./features/audit/router.ts";
import { recordAudit } from "./features/audit/service.ts";
import { auditTrail } from "./features/audit/trail.ts";
import { uploadsRouter } from "./features/uploads/router.ts";
import { storedImagesRouter } from "./features/uploads/serve.ts";
import type { PageCache } from "./ssr/page-cache.ts";
import { pageHandler, type SsrHandler } from "./ssr/page-handler.ts";
import { createDiskImageStore } from "./kernel/storage/disk-store.ts";
import type { ImageStore } from "./kernel/storage/image-store.ts";

export type { SsrHandler };

export interface AppOptions {
  env: ServerEnv;
  database: DbHandle;
  logger: Logger;
  /** React Router's request handler; absent in API-only tests. */
  ssr?: SsrHandler;
  /** Folder of built client files (build/client); absent in API-only tests and in development. */
  clientDir?: string;
  /** CSP sources (`'sha256-…'`) of the `<style>` elements the pages carry: the built stylesheet (decision 030). */
  styleSources?: readonly string[];
  /** Development: Vite injects inline scripts and styles, so the CSP is left out. */
  dev?: boolean;
  /** Rendered public pages kept for a few seconds; absent means every page is rendered. */
  pageCache?: PageCache;
  /** Uploaded images; by default on disk under DATA_DIR. */
  images?: ImageStore;
  /** The clock of sessions, rate limits and contact messages; tests move it forward. */
  now?: () => Date;
  /** E-mails the owner about new contact messages (SMTP_URL); its owner starts and stops it. */
  notifier?: Notifier;
  /** The site's settings; by default config/site.ts with the owner's edits in this database. */
  settings?: SettingsService;
  /** Tells the other instances of the site about the owner's writes (server/kernel/change-feed.ts). */
  changes?: ChangeFeed;
  /** E-mails to the owner about the site's defences; by default from SMTP_URL (docs/product.md §25). */
  alerts?: OwnerAlerts;
  /** Damaged data and a full disk, as requests meet them (docs/product.md §23); one per app by default. */
  dataHealth?: DataHealth;
}

/** The JSON API under /api (docs/architecture.md "API"); its type is what the admin page's client is typed from. */
function apiRouter(
  deps: ResourceDeps,
  auth: {
    secure: boolean;
    trustProxy: boolean;
    ownerAuth: ReturnType<typeof createOwnerAuth>;
    publicOrigin?: string;
  },
) {
  return new Hono()
    .route(
      "/auth",
      authRouter({
        auth: auth.ownerAuth,
        secure: auth.secure,
        trustProxy: auth.trustProxy,
        owner: deps.owner,
        confirmPassword: deps.confirmPassword,
        personal: async () => {
          const settings = await deps.settings.read();
          return [settings.name.en, settings.name.ar, settings.email];
        },
        publicOrigin: auth.publicOrigin,
      }),
    )
    .route("/projects", projectsRouter(deps))
    .route("/articles", articlesRouter(deps))
    .route("/admin/projects", adminProjectsRouter(deps))
    .route("/admin/articles", adminArticlesRouter(deps))
    .route("/uploads", uploadsRouter(deps))
    .route("/messages", inboxRouter(deps))
    .route("/settings", settingsRouter(deps))
    .route("/backup", backupRouter(deps))
    .route("/audit", auditRouter(deps))
    .all("*", (c) => apiFail(c, 404, "notFound"));
}

export type ApiRoutes = ReturnType<typeof apiRouter>;

/** The whole server as one Hono app: composition only; each part lives in its room. */
export function createApp(options: AppOptions) {
  const { env, database, logger } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const secure = env.siteUrl.startsWith("https:");
  // An external form endpoint (decision 012): the page's fetch and its plain form post both go there.
  const formOrigins = env.contactFormEndpoint ? [new URL(env.contactFormEndpoint).origin] : [];
  const rateLimits = createRateLimits(db, now);
  const settings = options.settings ?? createSettingsService(db, siteConfig);
  const alerts = options.alerts ?? ownerAlertsFromEnv(env, { logger, settings: () => settings.read() });
  const ownerAuth = createOwnerAuth({ db, logger, rateLimits, now, alerts });
  const images = options.images ?? createDiskImageStore(env.dataDir);
  const dataHealth =
    options.dataHealth ??
    createDataHealth({ logger, dataDir: env.dataDir, localDatabase: database.kind === "pglite" });
  const deps: ResourceDeps = {
    db,
    logger,
    images,
    now,
    owner: requireOwner(ownerAuth, secure),
    contentChanged: () => {
      options.pageCache?.clear();
      void options.changes?.publish();
    },
    settings,
    confirmPassword: passwordConfirmation(ownerAuth, env.trustProxy, (c, address) =>
      recordAudit(db, {
        action: "confirmFailed",
        subject: c.req.path,
        address,
        userAgent: c.req.header("User-Agent"),
        requestId: c.get("requestId") as string | undefined,
        at: now(),
      }),
    ),
  };
  const contact: ContactDeps = {
    db,
    logger,
    rateLimits,
    now,
    formId: env.contactFormId,
    inactive: formOrigins.length > 0,
    notifier: options.notifier,
    alerts,
    stamps: createFormStamps(db),
  };

  const headerOptions = {
    siteUrl: env.siteUrl,
    formOrigins,
    dev: Boolean(options.dev),
    trustProxy: env.trustProxy,
    publicOrigin: env.publicOrigin,
    styleSources: options.styleSources ?? [],
  };
  const security = createSecurityHeaders(headerOptions);
  const assets = options.clientDir ? loadBuiltAssets(options.clientDir) : undefined;

  const app = new Hono<{ Variables: { secureHeadersNonce?: string; requestId: string } }>();
  // The order below is the app's; the fast path (server/http/fast-path.ts, decision 028) answers hashed assets
  // and stored pages before it, as these would answer them.
  // A hashed asset's answer carries no id the caller did not send, unless a log line names it (decision 035).
  const builtAsset = assets
    ? (c: Context) => (c.req.method === "GET" || c.req.method === "HEAD") && assets.has(c.req.path)
    : undefined;
  app.use(requestIds({ asset: builtAsset, logged: env.logRequests }));
  if (env.logRequests) app.use(requestLog(logger));
  // docs/product.md §20: an address that cannot be decoded, or holds control characters, reaches no route: 400,
  // or for a page the site's not-found page in the address's language.
  app.use(refuseMalformedAddress({ page: options.ssr ? (c) => notFoundPage(app, c.req.raw) : undefined }));
  app.use(drainUnreadBody);
  // Hashed assets first: answered from memory, already compressed, without the document headers below.
  if (assets) app.use("/assets/*", builtAssets(assets));
  app.use(compress());
  app.use(securityHeaders(headerOptions, security));
  app.route("/", healthRouter(database, { images, logger, data: dataHealth }));
  // Before the cross-site refusal: browsers post reports without a page's Origin, and a report changes nothing.
  app.route("/", cspReportRouter({ logger, rateLimits, trustProxy: env.trustProxy }));
  app.route("/", securityTxtRouter({ settings: deps.settings, publicOrigin: env.publicOrigin, now }));
  // Every state-changing request, API or page, must come from this site (CSRF).
  app.use(refuseCrossSite(env.siteUrl));
  // JSON endpoints take JSON only; uploads are multipart.
  app.use("/api/*", except(["/api/uploads", "/api/backup/restore"], requireJsonBody));
  // A delete takes no body: a large one is refused, not buffered (docs/product.md §20).
  app.use("/api/*", limitIgnoredBody(["DELETE"]));
  // Security events and the owner's actions, recorded after each request (docs/product.md §26).
  app.use("/api/*", auditTrail({ db, logger, trustProxy: env.trustProxy, now, alerts }));
  app.route(
    "/api",
    apiRouter(deps, { ownerAuth, secure, trustProxy: env.trustProxy, publicOrigin: env.publicOrigin }),
  );
  // The contact form endpoint, outside /api: it takes form data as well as JSON.
  app.route("/f", contactRouter({ ...contact, trustProxy: env.trustProxy, publicOrigin: env.publicOrigin }));
  // The contact page's no-JavaScript post reaches React Router's action: the same cap on its size.
  app.post("/contact", limitBody(CONTACT_BODY_LIMIT));
  app.route(IMAGE_URL_PREFIX.slice(0, -1), storedImagesRouter(images, logger));
  if (options.clientDir) app.route("/", builtFiles(options.clientDir));
  if (options.ssr) {
    app.all(
      "*",
      pageHandler({
        env,
        db,
        logger,
        dataHealth,
        ssr: options.ssr,
        pageCache: options.pageCache,
        securityHeaders: security,
        settings: deps.settings,
        now,
        isOwner: async (c) => (await findOwnerSession(c, ownerAuth, secure)) !== null,
        contact,
        contactForm: {
          endpoint: env.contactFormEndpoint ?? `/f/${env.contactFormId}`,
          external: formOrigins.length > 0,
        },
      }),
    );
  }
  app.notFound((c) =>
    c.req.path.startsWith("/api/") ? apiFail(c, 404, "notFound") : c.text("Not found", 404),
  );
  app.onError(handleAppError(logger, dataHealth));
  // What the Node listener asks before handing a request to the app (server/runtime.ts).
  const fastPath = createFastPath({
    assets,
    pages: options.ssr ? options.pageCache : undefined,
    siteUrl: env.siteUrl,
    publicOrigin: env.publicOrigin,
    trustProxy: env.trustProxy,
    requestLog: env.logRequests ? logger : undefined,
  });
  return Object.assign(app, { fastPath });
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
