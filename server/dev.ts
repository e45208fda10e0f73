// Development wiring for scripts/dev-server.js: the database opens once, the app is rebuilt per request
// from the freshest modules Vite hands over.
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createDb } from "../db/client.ts";
import { siteConfig } from "../app/site-config.ts";
import { createApp } from "./app.ts";
import { notifierFromEnv } from "./contact/notifier.ts";
import { lockDataDir } from "./data-lock.ts";
import { loadEnv } from "./env.ts";
import { createLogger } from "./logger.ts";
import { findProjectRoot } from "./project-root.ts";

export async function startDev(loadBuild: () => Promise<ServerBuild>) {
  const env = loadEnv({ NODE_ENV: "development", ...process.env });
  const logger = createLogger();
  if (!env.databaseUrl) lockDataDir(env.dataDir);
  const database = await createDb({
    databaseUrl: env.databaseUrl,
    pgliteDataDir: path.join(env.dataDir, "pglite"),
    migrationsFolder: path.join(findProjectRoot(), "db", "migrations"),
  });
  const handler = createRequestHandler(loadBuild, "development");
  const notifier = notifierFromEnv(env, { db: database.db, logger, ownerEmail: siteConfig.email });
  notifier?.start();
  const app = createApp({
    env,
    database,
    logger,
    notifier,
    dev: true,
    ssr: (request, context) => handler(request, context),
  });
  return {
    fetch: (request: Request) => app.fetch(request),
    port: env.port,
    host: env.host,
    url: `http://localhost:${env.port}`,
  };
}
