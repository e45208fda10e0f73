// `npm run dev` (scripts/dev-server.js loads this through Vite): the same runtime as `npm start`, with pages
// rendered from the freshest route modules Vite hands over, the app rebuilt from the freshest server modules, no
// page cache, and Vite's middleware (assets, hot reload) in front.
import { createRequestHandler, type ServerBuild } from "react-router";
import type { createApp } from "./app.ts";
import { runServer, type FrontHandler } from "./runtime.ts";

export function runDevServer(vite: {
  loadBuild: () => Promise<ServerBuild>;
  loadApp: () => Promise<{ createApp: typeof createApp }>;
  middlewares: FrontHandler;
  close: () => Promise<void>;
}): Promise<void> {
  const handler = createRequestHandler(vite.loadBuild, "development");
  return runServer({
    ssr: (request, context) => handler(request, context),
    front: vite.middlewares,
    loadApp: vite.loadApp,
    onStopped: vite.close,
  });
}
