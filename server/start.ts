import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { createDb, type DbHandle } from "../db/client.ts";
import { createApp, type SsrHandler } from "./app.ts";
import { lockDataDir } from "./data-lock.ts";
import type { ServerEnv } from "./env.ts";
import type { Logger } from "./logger.ts";
import { findProjectRoot } from "./project-root.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import { createOwnerAuth } from "./auth/owner-auth.ts";
import { notifierFromEnv, type Notifier } from "./contact/notifier.ts";

export interface StartOptions {
  env: ServerEnv;
  logger: Logger;
  ssr?: SsrHandler;
  clientDir?: string;
  /** Tests: use an in-memory PGlite instead of DATA_DIR. */
  inMemory?: boolean;
  /** The owner's e-mail (app/site-config.ts): where new-message e-mails go unless SMTP_TO says otherwise. */
  ownerEmail?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  database: DbHandle;
  /** Rendered pages; writes to the content clear it. */
  pageCache: PageCache;
  /** Stops accepting, lets open requests finish, then checkpoints and closes the database. */
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env, logger } = options;
  const root = findProjectRoot();
  const usesPglite = !env.databaseUrl && !options.inMemory;
  const unlock = usesPglite ? lockDataDir(env.dataDir) : () => undefined;

  let database: DbHandle;
  try {
    database = await createDb({
      databaseUrl: env.databaseUrl,
      pgliteDataDir: options.inMemory ? "memory://" : path.join(env.dataDir, "pglite"),
      migrationsFolder: path.join(root, "db", "migrations"),
    });
  } catch (error) {
    unlock();
    throw error;
  }

  try {
    const auth = createOwnerAuth({ db: database.db, logger });
    const { generated } = await auth.ensurePassword(env.adminPassword);
    if (generated) announceGeneratedPassword(logger, generated, env);
  } catch (error) {
    await database.close();
    unlock();
    throw error;
  }

  let notifier: Notifier | undefined;
  try {
    notifier = notifierFromEnv(env, { db: database.db, logger, ownerEmail: options.ownerEmail });
  } catch (error) {
    await database.close();
    unlock();
    throw error;
  }
  notifier?.start();

  const pageCache = createPageCache({ ttlMs: env.pageCacheSeconds * 1000 });
  const app = createApp({
    env,
    database,
    logger,
    ssr: options.ssr,
    clientDir: options.clientDir,
    pageCache,
    notifier,
  });
  const server = await new Promise<ServerType>((resolve, reject) => {
    const instance = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, () => resolve(instance));
    instance.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = env.host === "0.0.0.0" || env.host === "::" ? "localhost" : env.host;
  const url = `http://${shownHost}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    database,
    pageCache,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold close() open; idle ones go now, busy ones after their reply.
          if ("closeIdleConnections" in server) server.closeIdleConnections();
        });
        // A notification being sent finishes (or fails and is rescheduled) before the database closes.
        await notifier?.stop();
        await database.close();
        unlock();
      })();
      return closing;
    },
  };
}

/** The generated password is shown once, at the first start; only its hash is kept. */
function announceGeneratedPassword(logger: Logger, password: string, env: ServerEnv) {
  logger.info(
    [
      "No owner password was set, so one was generated. It is shown only this once: keep it somewhere safe.",
      `  Admin page: ${env.siteUrl}${env.adminPath}`,
      `  Password:   ${password}`,
      "  Change it with `npm run admin:password`, or set ADMIN_PASSWORD.",
    ].join("\n"),
  );
}
