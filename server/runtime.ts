// The one way the server starts (docs/architecture.md "Runtime"): `npm start`, `npm run dev` and the tests all
// come through startServer, which builds everything a running server holds (environment, logger, database,
// page cache, notifier, owner password, data-folder lock) and knows how to take it down again. Start and dev
// differ in how pages are rendered (`ssr`), in what stands in front of the app (`front`: Vite) and in where the
// app's code comes from (`loadApp`: Vite's freshest modules, without the page cache).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, RequestError } from "@hono/node-server";
import { siteConfig } from "#config/site.ts";
import type { DbHandle } from "#db/client.ts";
import { DamagedDatabaseError, MarkedDatabaseError } from "#db/data-folder.ts";
import { createApp, type App, type AppOptions, type PageRoutes, type SsrHandler } from "#server/app.ts";
import { localChangeFeed, postgresChangeFeed } from "./kernel/change-feed.ts";
import { createPageCache, type PageCache } from "#server/ssr/page-cache.ts";
import type { Services } from "./services.ts";
import { DataDirLockedError } from "./kernel/data-lock.ts";
import { DataDirExposedError } from "./kernel/private-data-dir.ts";
import { openDatabase } from "./kernel/database.ts";
import { EnvError, loadEnv, type ServerEnv } from "./kernel/env.ts";
import { createLogger, logFormatOf, type Logger } from "./kernel/logger.ts";
import type { UnreadableAddress } from "#server/http/input-guard.ts";
import { imageStoreFromEnv, type ImageStore } from "#server/kernel/storage/image-store.ts";
import { readSettings } from "./features/settings/service.ts";
import { createVisitCounter, type VisitCounter } from "./features/visits/counter.ts";
import { newChannelKey, openLocalChannel } from "./features/backup/local-channel.ts";
import { builtAssets } from "./http/static-files.ts";

/** A connect-style handler that sees each request first and calls `next` for the ones it leaves to the app. */
export type FrontHandler = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

export interface StartOptions {
  env: ServerEnv;
  logger: Logger;
  /** React Router's request handler; absent in API-only uses. */
  ssr?: SsrHandler;
  /** React Router's routes (the build's): the page handler tells addresses that name no page by them. */
  routes?: PageRoutes;
  /** Folder of built client files (build/client); absent in development, where Vite serves them. */
  clientDir?: string;
  /** Development: Vite's middleware (assets, hot reload) in front of the app. */
  front?: FrontHandler;
  /**
   * Development: the app's module as it is now (Vite reloads it when a file it imports changes); each request is
   * answered by an app built from it, so a change to the server's routes and services needs no restart.
   */
  loadApp?: () => Promise<{ createApp: typeof createApp }>;
  /** Where the generated owner password is shown; stdout by default. */
  output?: { write(text: string): unknown };
  /** Tests: an in-memory PGlite instead of DATA_DIR, started from `databaseCopy` when given. */
  inMemory?: boolean;
  /** Tests: a copy of a migrated PGlite data folder (PGlite's `dumpDataDir`) for the in-memory database. */
  databaseCopy?: Blob;
}

export interface RunningServer {
  url: string;
  port: number;
  database: DbHandle;
  /** Where uploads are kept: DATA_DIR/storage or the S3 bucket. */
  images: ImageStore;
  /** Rendered pages; writes to the content clear it. */
  pageCache: PageCache;
  /** The page views counted and not yet written (docs/product.md §27); tests write them with flush(). */
  visits: VisitCounter;
  /** Stops accepting, lets open requests finish, stops the notifier, then checkpoints and closes the database. */
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env, logger } = options;
  const images = await imageStoreFromEnv(env);
  const opened = await openDatabase(env, { inMemory: options.inMemory, copyOf: options.databaseCopy });
  const { database } = opened;

  const pageCache = createPageCache({ ttlMs: env.pageCacheSeconds * 1000 });
  // Several instances on one PostgreSQL hear of each other's writes; the embedded database has one instance.
  const changes = env.databaseUrl ? postgresChangeFeed(env.databaseUrl, logger) : localChangeFeed();
  changes.subscribe(() => pageCache.clear());
  changes.watch((down) => pageCache.pause(down));
  // One counter for the process, kept when development rebuilds the app; written every few seconds and on stop.
  const visits = createVisitCounter({
    db: database.db,
    logger,
    settings: () => readSettings(database.db, siteConfig),
    initial: { countVisits: siteConfig.countVisits, timeZone: siteConfig.timeZone },
  });
  // `npm run backup` asks a running server for the archive when the database is embedded (decision 018).
  const embedded = !env.databaseUrl && !options.inMemory;
  const backupKey = embedded ? newChannelKey() : undefined;
  const appOptions: AppOptions = {
    backupKey,
    changes,
    visits,
    env,
    database,
    logger,
    images,
    ssr: options.ssr,
    routes: options.routes,
    clientDir: options.clientDir,
    dev: Boolean(options.front),
    // In development every request is rendered afresh.
    pageCache: options.front ? undefined : pageCache,
  };
  let app: App;
  let generated: string | undefined;
  try {
    app = createApp(appOptions);
    ({ generated } = await app.services.auth.ensurePassword(env.adminPassword));
    // Items saved before the search index existed, or indexed by an older normaliser (docs/product.md §30).
    if (await app.services.search.ensureIndex()) logger.info("search index rebuilt");
  } catch (error) {
    await changes.close();
    await opened.close();
    throw error;
  }
  const { notifier, uploads } = app.services;
  notifier?.start();
  uploads.variants.start();
  visits.start();
  const stopHousekeeping = scheduleHousekeeping(app.services, logger, env.auditRetentionDays);
  // Every request goes to the app (decision 008); the Node adapter hands it the socket (visitors' addresses for
  // rate limits), behind Vite in dev.
  let listener = nodeListener(app.fetch);
  const { front, loadApp } = options;
  if (loadApp) {
    const built = { listener, from: createApp };
    listener = (req, res) =>
      loadApp().then(({ createApp: current }) => {
        if (current !== built.from)
          Object.assign(built, { listener: nodeListener(current(appOptions).fetch), from: current });
        return built.listener(req, res);
      });
  }
  // Hashed assets are answered before the app, as React Router's server template does (decision 008); Vite serves
  // them in development.
  const assets = options.clientDir && !front ? builtAssets(options.clientDir) : undefined;
  const first = front ?? assets;
  const server = http.createServer(
    first ? (req, res) => first(req, res, () => void listener(req, res)) : listener,
  );
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(env.port, env.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    stopHousekeeping();
    await uploads.variants.stop();
    await visits.stop();
    await notifier?.stop();
    await changes.close();
    await opened.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const anyHost = env.host === "0.0.0.0" || env.host === "::";
  const shownHost = anyHost ? "localhost" : env.host;
  const url = `http://${shownHost}:${port}`;
  const closeChannel = backupKey
    ? openLocalChannel(env.dataDir, {
        url: `http://${anyHost ? "127.0.0.1" : env.host.includes(":") ? `[${env.host}]` : env.host}:${port}`,
        key: backupKey,
      })
    : () => undefined;
  if (generated)
    (options.output ?? process.stdout).write(
      generatedPasswordBlock(generated, `${env.publicOrigin ? env.siteUrl : url}${env.adminPath}`),
    );

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    database,
    images,
    pageCache,
    visits,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold close() open; idle ones go now, busy ones after their reply.
          server.closeIdleConnections();
        });
        closeChannel();
        // A notification being sent finishes (or fails and is rescheduled) before the database closes.
        stopHousekeeping();
        // An image's variants being made are finished; the uploads still waiting are taken up at the next start.
        await uploads.variants.stop();
        // The views counted since the last write are written before the database closes.
        await visits.stop();
        await notifier?.stop();
        await changes.close();
        await opened.close();
      })();
      return closing;
    },
  };
}

type NodeListener = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/**
 * The Node adapter's listener for the app. A request the adapter cannot turn into an address (a backslash in its
 * path, a Host that is no host: its RequestError) would get the adapter's empty 400; the adapter's error handler
 * hands the app a readable stand-in instead (the same path with its backslashes percent-encoded, the same headers,
 * no body), marked unreadable, which the app answers as every malformed address (docs/product.md §20).
 */
function nodeListener(fetch: App["fetch"]): NodeListener {
  const standIn = (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => {
    let target = (incoming.url ?? "/").replaceAll("\\", "%5C");
    if (!target.startsWith("/") || !URL.canParse(target, "http://localhost")) target = "/";
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (name === "host" || value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) {
        try {
          headers.append(name, one);
        } catch {
          // A value Headers refuses is left out: the answer is a refusal either way.
        }
      }
    }
    const env: UnreadableAddress & { incoming: http.IncomingMessage; outgoing: http.ServerResponse } = {
      incoming,
      outgoing,
      unreadableAddress: true,
    };
    return fetch(new Request(new URL(target, "http://localhost"), { headers }), env);
  };
  return (incoming, outgoing) =>
    getRequestListener(fetch, {
      errorHandler: (error) =>
        error instanceof RequestError ? standIn(incoming, outgoing) : new Response(null, { status: 500 }),
    })(incoming, outgoing);
}

/**
 * The hourly housekeeping, an hour after start and every hour: uploads nothing uses (docs/product.md §13),
 * rate-limit rows that hold nothing back any more (older than the longest window, an hour), and audit events older
 * than AUDIT_RETENTION_DAYS (docs/product.md §26). Errors are logged. Returns the stop function.
 */
export function scheduleHousekeeping(
  services: Pick<Services, "uploads" | "rateLimits" | "audit">,
  logger: Logger,
  auditRetentionDays: number,
  everyMs = 60 * 60 * 1000,
): () => void {
  const run = () => {
    void services.uploads
      .sweep()
      .catch((error: unknown) => logger.error("unused uploads could not be swept", { error: String(error) }));
    void services.rateLimits
      .prune(60 * 60 * 1000)
      .catch((error: unknown) => logger.error("rate limits could not be pruned", { error: String(error) }));
    const keptSince = new Date(Date.now() - auditRetentionDays * 24 * 60 * 60 * 1000);
    void services.audit
      .prune(keptSince)
      .catch((error: unknown) => logger.error("the audit log could not be pruned", { error: String(error) }));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs the server as a process: the environment from process.env (and .env, loaded by server.js), a clear message
 * and exit code 1 when it cannot start, and a clean stop on SIGTERM or SIGINT.
 */
export async function runServer(
  options: Omit<StartOptions, "env" | "logger" | "inMemory"> & {
    /** Development: closes Vite once the server has stopped. */
    onStopped?: () => Promise<void>;
  },
): Promise<void> {
  const logger = createLogger(logFormatOf(process.env));
  let running: RunningServer;
  let env: ServerEnv;
  try {
    env = loadEnv(process.env);
    running = await startServer({ ...options, env, logger });
  } catch (error) {
    if (
      error instanceof EnvError ||
      error instanceof DataDirLockedError ||
      error instanceof DataDirExposedError ||
      error instanceof DamagedDatabaseError ||
      error instanceof MarkedDatabaseError
    )
      logger.error(error.message);
    else
      logger.error("The server could not start", {
        error: error instanceof Error ? error.message : String(error),
      });
    process.exit(1);
  }
  const mode = options.front ? " (development)" : "";
  logger.info(`Sira${mode} is listening on ${running.url}`, {
    database: running.database.kind,
    storage: running.images.kind,
  });
  if (!env.publicOrigin)
    logger.warn(
      "SITE_URL is not set: canonical links, feeds, the sitemap and link previews use the address each request came to. Set SITE_URL to the site's public address.",
    );

  const stop = (signal: string) => {
    logger.info(`${signal} received: finishing open requests and closing the database`);
    const force = setTimeout(() => {
      logger.error("Shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    running
      .close()
      .then(() => options.onStopped?.())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error("Shutdown failed", { error: String(error) });
          process.exit(1);
        },
      );
  };
  // The process stops one way: the Vite server React Router's plugin starts inside `npm run dev` would
  // otherwise exit at once on SIGTERM (code 143), before the database is closed.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => stop(signal));
  }
}

/**
 * The generated password, shown once, at the first start, in a block of its own (never in a log line, which a log
 * platform would keep): only its hash is kept.
 */
export function generatedPasswordBlock(password: string, adminPage: string) {
  const rule = "─".repeat(72);
  return [
    "",
    rule,
    "  ADMIN_PASSWORD is not set, so Sira made an owner password.",
    "  It is shown only this once and will not be shown again: keep it somewhere safe now.",
    "",
    `    Admin page:  ${adminPage}`,
    `    Password:    ${password}`,
    "",
    "  Change it with `npm run admin:password`, or set ADMIN_PASSWORD.",
    rule,
    "",
    "",
  ].join("\n");
}
