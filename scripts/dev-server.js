// Development: one port, Vite middleware for assets and hot reload, then the Hono app loaded through Vite: pages
// from the freshest route modules, and the app itself rebuilt from Vite's modules when a server file it imports
// has changed, so neither needs a restart (docs/architecture.md "Runtime").
import { createServer as createViteServer } from "vite";
import { freePort } from "./free-port.ts";

export async function startDevServer() {
  // Hot reload's socket on a port of its own that nobody else holds, rather than Vite's fixed 24678: two development
  // servers on one machine (or the end-to-end test's beside a developer's) each keep their own.
  const hmr = { port: await freePort() };
  const vite = await createViteServer({ server: { middlewareMode: true, hmr }, appType: "custom" });
  const { runDevServer } = await vite.ssrLoadModule("./server/dev.ts");
  await runDevServer({
    loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
    loadApp: () => vite.ssrLoadModule("./server/app.ts"),
    middlewares: vite.middlewares,
    close: () => vite.close(),
  });
}
