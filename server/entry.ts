// The server build's entry (vite.config.ts): the Hono app with React Router's build, started by server.js.
import path from "node:path";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { loadEnv } from "./kernel/env.ts";
import { findProjectRoot } from "./kernel/project-root.ts";
import { runServer, startServer, type RunningServer, type StartOptions } from "./runtime.ts";

export { loadEnv };

const handler = createRequestHandler(build, "production");
const builtPages = {
  ssr: (request: Request, context: Parameters<typeof handler>[1]) => handler(request, context),
  routes: build.routes,
  clientDir: path.relative(process.cwd(), path.join(findProjectRoot(), "build", "client")) || ".",
};

/** Starts the production server with this build: the end-to-end fixtures use it. */
export function startBuiltServer(
  options: Omit<StartOptions, "ssr" | "routes" | "clientDir" | "front">,
): Promise<RunningServer> {
  return startServer({ ...options, ...builtPages });
}

/** `npm start` (server.js). */
export function main(): Promise<void> {
  return runServer(builtPages);
}
