// Development: one port, Vite middleware for assets and hot reload, then the Hono app loaded through Vite: pages
// from the freshest route modules, and the app itself rebuilt from Vite's modules when a server file it imports
// has changed, so neither needs a restart (docs/architecture.md "Runtime").
import { createServer as createViteServer } from "vite";

export async function startDevServer() {
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  const { runDevServer } = await vite.ssrLoadModule("./server/dev.ts");
  await runDevServer({
    loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
    loadApp: () => vite.ssrLoadModule("./server/app.ts"),
    middlewares: vite.middlewares,
    close: () => vite.close(),
  });
}
