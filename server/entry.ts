// The server build's entry (vite.config.ts): the Hono app with React Router's build, started by server.js.
import path from "node:path";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { EnvError, loadEnv } from "./env.ts";
import { DataDirLockedError } from "./data-lock.ts";
import { createLogger, type Logger } from "./logger.ts";
import { findProjectRoot } from "./project-root.ts";
import { siteConfig } from "../app/site-config.ts";
import { startServer, type RunningServer, type StartOptions } from "./start.ts";

export { loadEnv, startServer };

/** Starts the production server with this build: the test fixtures and `main` both use it. */
export function startBuiltServer(options: Omit<StartOptions, "ssr" | "clientDir">): Promise<RunningServer> {
  const handler = createRequestHandler(build, "production");
  return startServer({
    ownerEmail: siteConfig.email,
    ...options,
    ssr: (request, context) => handler(request, context),
    clientDir: path.relative(process.cwd(), path.join(findProjectRoot(), "build", "client")) || ".",
  });
}

export async function main(logger: Logger = createLogger()): Promise<void> {
  let running: RunningServer;
  try {
    const env = loadEnv(process.env);
    running = await startBuiltServer({ env, logger });
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) {
      logger.error(error.message);
    } else {
      logger.error("The server could not start", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
    process.exit(1);
  }
  logger.info(`Sira is listening on ${running.url} (database: ${running.database.kind})`);

  const stop = (signal: string) => {
    logger.info(`${signal} received: finishing open requests and closing the database`);
    const force = setTimeout(() => {
      logger.error("Shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error("Shutdown failed", { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
