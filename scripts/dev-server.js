// Development: one port, Vite middleware for assets and hot reload, then the Hono app loaded through Vite so
// that route code reloads without a restart (docs/architecture.md "Runtime").
import { createServer as createViteServer } from "vite";

export async function startDevServer() {
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  const { runDevServer } = await vite.ssrLoadModule("./server/dev.ts");
  await runDevServer({
    loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
    middlewares: vite.middlewares,
    close: () => vite.close(),
  });
}
