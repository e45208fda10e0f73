import { Hono } from "hono";
import { except } from "hono/combine";
import { compress } from "hono/compress";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { serveStatic } from "@hono/node-server/serve-static";
import { RouterContextProvider } from "react-router";
import type { DbHandle } from "../db/client.ts";
import { adminRouter } from "./api/admin.ts";
import { apiError, apiFail, requestLanguage } from "./api/errors.ts";
import { apiMessage } from "../core/api-messages.ts";
import { ServiceError } from "./services/service-error.ts";
import { articlesRouter } from "./api/articles.ts";
import { authRouter } from "./api/auth.ts";
import { messagesRouter } from "./api/messages.ts";
import { projectsRouter } from "./api/projects.ts";
import { uploadsRouter } from "./api/uploads.ts";
import { createOwnerAuth } from "./auth/owner-auth.ts";
import { contactRouter } from "./contact/contact-router.ts";
import type { Notifier } from "./contact/notifier.ts";
import { submitContact, type ContactDeps } from "./contact/submit-contact.ts";
import { clientAddress } from "./http/client-address.ts";
import { limitBody, refuseCrossSite, requireJsonBody, requireOwner } from "./http/guards.ts";
import { storedImagesRouter } from "./http/stored-images.ts";
import { IMAGE_URL_PREFIX } from "../core/images.ts";
import { createRateLimits } from "./services/rate-limits.ts";
import { createImageStore, type ImageStore } from "./storage/image-store.ts";
import type { ServerEnv } from "./env.ts";
import type { Logger } from "./logger.ts";
import type { PageCache } from "./page-cache.ts";
import { CONTACT_BODY_LIMIT } from "../core/contact.ts";
import { readPreferences } from "../core/preferences.ts";
import { getArticleBySlug, listArticles } from "./services/articles.ts";
import { listProjects } from "./services/projects.ts";
import { renderArticleHtml } from "./services/sanitize.ts";
import { nonceContext, siteServicesContext, type SiteServices } from "./ssr-context.ts";

export type SsrHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface AppOptions {
  env: ServerEnv;
  database: DbHandle;
  logger: Logger;
  /** React Router's request handler; absent in API-only tests. */
  ssr?: SsrHandler;
  /** Folder of built client files (build/client); absent in API-only tests. */
  clientDir?: string;
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
}

type AppEnv = { Variables: { secureHeadersNonce?: string } };

const YEAR = 60 * 60 * 24 * 365;

export function createApp(options: AppOptions) {
  const { env, database, logger } = options;
  const db = database.db;
  const app = new Hono<AppEnv>();
  // An external form endpoint (decision 012): the page's fetch and its plain form post both go there.
  const formOrigin = env.contactFormEndpoint ? [new URL(env.contactFormEndpoint).origin] : [];

  if (env.logRequests) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      const ms = Math.round(performance.now() - started);
      logger.info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
    });
  }

  app.use(compress());
  app.use(
    secureHeaders({
      contentSecurityPolicy: options.dev
        ? undefined
        : {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", NONCE],
            styleSrc: ["'self'", "'unsafe-inline'"],
            // blob: for the admin page's preview of a chosen image before it is uploaded (URL.createObjectURL).
            imgSrc: ["'self'", "data:", "blob:", "https:"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'", ...formOrigin],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'", ...formOrigin],
            frameAncestors: ["'none'"],
          },
      // Cross-origin isolation headers would block project images hosted elsewhere.
      crossOriginEmbedderPolicy: false,
      // "no-referrer" makes browsers send `Origin: null` on plain form posts, which React Router's CSRF
      // check refuses; this policy still sends no path to other sites.
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: env.siteUrl.startsWith("https:")
        ? "max-age=63072000; includeSubDomains"
        : false,
      // A response that sets its own header keeps it: uploaded images carry a stricter CSP (sandbox).
      overwrite: false,
    }),
  );

  app.get("/healthz", async (c) => {
    try {
      await withTimeout(database.ping(), 2_000);
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "unavailable" }, 503);
    }
  });

  const now = options.now ?? (() => new Date());
  const rateLimits = createRateLimits(db, now);
  const auth = createOwnerAuth({ db, logger, rateLimits, now });
  const secure = env.siteUrl.startsWith("https:");
  const images = options.images ?? createImageStore(env.dataDir);
  /** The owner's writes change public pages: forget the rendered copies at once. */
  const contentChanged = () => options.pageCache?.clear();
  const writeDeps = { db, logger, images, owner: requireOwner(auth, secure), contentChanged };
  const contactDeps: ContactDeps = {
    db,
    logger,
    rateLimits,
    now,
    formId: env.contactFormId,
    inactive: formOrigin.length > 0,
    thanksUrl: `${env.siteUrl}/contact?sent=1`,
    notifier: options.notifier,
  };

  // Every state-changing request, API or page, must come from this site (CSRF).
  app.use(refuseCrossSite(env.siteUrl));
  // JSON endpoints take JSON only; uploads are multipart.
  app.use("/api/*", except("/api/uploads", requireJsonBody));

  const api = new Hono()
    .route("/auth", authRouter({ auth, secure, trustProxy: env.trustProxy }))
    .route("/projects", projectsRouter(writeDeps))
    .route("/articles", articlesRouter(writeDeps))
    .route("/admin", adminRouter(writeDeps))
    .route("/uploads", uploadsRouter(writeDeps))
    .route("/messages", messagesRouter({ db, owner: writeDeps.owner, now }))
    .all("*", (c) => apiFail(c, 404, "notFound"));
  app.route("/api", api);
  // The contact form endpoint, outside /api: it takes form data as well as JSON.
  app.route("/f", contactRouter({ ...contactDeps, trustProxy: env.trustProxy }));
  // The contact page's no-JavaScript post reaches React Router's action: the same cap on its size.
  app.post("/contact", limitBody(CONTACT_BODY_LIMIT));

  app.route(IMAGE_URL_PREFIX.slice(0, -1), storedImagesRouter(images));

  if (options.clientDir) {
    const root = options.clientDir;
    app.use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header("Cache-Control", `public, max-age=${YEAR}, immutable`);
        },
      }),
    );
    // Not hashed, so not immutable: a week for images (the owner rarely replaces them), an hour for the rest.
    const publicFiles = serveStatic({
      root,
      onFound: (path, c) => {
        const week = /\.(webp|png|jpe?g|gif|ico|svg)$/i.test(path);
        c.header(
          "Cache-Control",
          week ? "public, max-age=604800, stale-while-revalidate=86400" : "public, max-age=3600",
        );
      },
    });
    // Other public files (favicon, images, robots.txt) all have an extension and pages never do, so a page
    // request does not touch the disk looking for a file.
    app.on(["GET", "HEAD"], "*", (c, next) =>
      /\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next(),
    );
  }

  // What every request shares; the contact submission is bound to its request (address, language) below.
  const services: Omit<SiteServices, "submitContactForm"> = {
    logError: (message, fields) => logger.error(message, fields),
    siteUrl: env.siteUrl,
    adminPath: env.adminPath,
    sampleProjects: env.sampleProjects,
    listProjects: () => listProjects(db),
    listArticles: () => listArticles(db),
    getArticleBySlug: (slug) => getArticleBySlug(db, slug),
    renderArticleHtml,
    contactForm: {
      endpoint: env.contactFormEndpoint ?? `/f/${env.contactFormId}`,
      external: formOrigin.length > 0,
    },
  };

  if (options.ssr) {
    const ssr = options.ssr;
    const pageCache = options.pageCache;
    app.all("*", async (c) => {
      const nonce = c.get("secureHeadersNonce") ?? "";
      const url = new URL(c.req.url);
      // The admin page: never stored by anyone, never indexed (its route renders a shell; the app runs in the
      // browser and reads the owner API).
      const admin = url.pathname === env.adminPath || url.pathname === `${env.adminPath}.data`;
      // Whole documents only: not React Router's data (.data) or manifest (/__manifest) requests.
      const cacheable =
        pageCache &&
        !admin &&
        c.req.method === "GET" &&
        !url.pathname.endsWith(".data") &&
        !url.pathname.startsWith("/__");
      const { language, theme } = readPreferences(c.req.header("Cookie"));
      const key = `${url.pathname}${url.search}|${language}|${theme}`;
      if (cacheable) {
        const hit = pageCache.get(key, nonce);
        if (hit) return hit;
      }

      let failed = false;
      const context = new RouterContextProvider();
      context.set(siteServicesContext, {
        ...services,
        logError(message, fields) {
          failed = true;
          services.logError(message, fields);
        },
        submitContactForm: (fields, hasFiles) =>
          submitContact(contactDeps, {
            formId: env.contactFormId,
            fields,
            hasFiles,
            address: clientAddress(c, env.trustProxy),
            language,
          }),
      });
      context.set(nonceContext, nonce);
      const response = await ssr(c.req.raw, context);
      if (admin) {
        const headers = new Headers(response.headers);
        headers.set("Cache-Control", "no-store");
        headers.set("X-Robots-Tag", "noindex, nofollow");
        return new Response(response.body, { status: response.status, headers });
      }
      const contentType = response.headers.get("Content-Type") ?? "";
      // A page rendered while the database failed carries an error toast: it is never kept.
      if (!cacheable || failed || response.status !== 200 || !contentType.startsWith("text/html"))
        return response;
      if (response.headers.has("Set-Cookie")) return response;
      const body = await response.text();
      pageCache.set(key, nonce, { status: response.status, contentType, body });
      return new Response(body, { status: response.status, headers: response.headers });
    });
  }

  app.notFound((c) =>
    c.req.path.startsWith("/api/") ? apiFail(c, 404, "notFound") : c.text("Not found", 404),
  );
  app.onError((error, c) => {
    if (error instanceof ServiceError) {
      const message = apiMessage(requestLanguage(c), error.key, error.vars);
      return apiError(c, error.status, message, error.path ? [{ path: error.path, message }] : undefined);
    }
    logger.error("request failed", { method: c.req.method, path: c.req.path, error: String(error) });
    if (c.req.path.startsWith("/api/")) return apiFail(c, 500, "internal");
    return c.text("Internal server error", 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
