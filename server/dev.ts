// `npm run dev` (scripts/dev-server.js loads this through Vite): the same runtime as `npm start`, with pages
// rendered from the freshest route modules Vite hands over, and Vite's middleware (assets, hot reload) in front.
import { createRequestHandler, type ServerBuild } from "react-router";
import { runServer, type FrontHandler } from "./runtime.ts";

export function runDevServer(vite: {
  loadBuild: () => Promise<ServerBuild>;
  middlewares: FrontHandler;
  close: () => Promise<void>;
}): Promise<void> {
  const handler = createRequestHandler(vite.loadBuild, "development");
  return runServer({
    ssr: (request, context) => handler(request, context),
    front: vite.middlewares,
    onStopped: vite.close,
  });
}
