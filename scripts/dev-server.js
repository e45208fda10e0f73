// Development: one port, Vite middleware for assets and hot reload, then the Hono app loaded through Vite so
// that route code reloads without a restart (docs/architecture.md "Runtime").
import { createServer as createViteServer } from "vite";
import { freePort } from "#tools/local.ts";

export async function startDevServer() {
  // Hot reload's socket on a port of its own that nobody else holds, rather than Vite's fixed 24678: two development
  // servers on one machine (or the end-to-end test's beside a developer's) each keep their own.
  const hmr = { port: await freePort() };
  const vite = await createViteServer({ server: { middlewareMode: true, hmr }, appType: "custom" });
  const { runDevServer } = await vite.ssrLoadModule("./server/dev.ts");
  await runDevServer({
    loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
    middlewares: vite.middlewares,
    close: () => vite.close(),
  });
}
