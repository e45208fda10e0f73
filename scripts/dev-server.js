// Development: one port, Vite middleware for assets and HMR, then the Hono app loaded through Vite so that
// server and route code reload without a restart (STACK-NOTES "Dev server").
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createServer as createViteServer } from "vite";

export async function startDevServer() {
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startDev } = await vite.ssrLoadModule("./server/dev.ts");
  const { fetch, port, host, url } = await startDev(() =>
    vite.ssrLoadModule("virtual:react-router/server-build"),
  );
  const listener = getRequestListener((request) => fetch(request));
  http
    .createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)))
    .listen(port, host, () => {
      console.log(`Sira (development) on ${url}`);
    });
}
