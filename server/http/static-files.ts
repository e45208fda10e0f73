import { Hono, type Context, type Env, type MiddlewareHandler, type Next } from "hono";
import type { IncomingMessage, ServerResponse } from "node:http";
import { serveStatic } from "@hono/node-server/serve-static";
import sirv from "sirv";

const YEAR = 60 * 60 * 24 * 365;

/** serveStatic with `headers(path)` on every file it finds. */
function filesWith(
  options: Parameters<typeof serveStatic>[0],
  headers: (path: string) => Record<string, string>,
): MiddlewareHandler {
  const files = serveStatic<Env>(options);
  return async (c: Context<Env, string>, next: Next) => {
    const found = await files(c, next);
    if (found instanceof Response && found.status < 400)
      for (const [name, value] of Object.entries(headers(c.req.path))) found.headers.set(name, value);
    return found;
  };
}

/** Hashed built files are text in these types; the type names UTF-8 as the server's other answers do. */
const TEXT_TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  map: "application/json; charset=utf-8",
};

/**
 * The hashed assets of build/client/assets (decision 008), served as React Router's server template serves them:
 * before the app and its middleware, by sirv from the list of files it reads once at start, with the brotli or gzip
 * copy the build wrote beside each (scripts/compress-assets.js) when the browser takes it and a year's immutable
 * caching. A name the build did not make is a plain 404; anything else goes to `next` (the app).
 */
export function builtAssets(clientDir: string) {
  const files = sirv(clientDir, {
    dev: false,
    brotli: true,
    gzip: true,
    extensions: [],
    setHeaders: (res, pathname) => {
      res.setHeader("Cache-Control", `public, max-age=${YEAR}, immutable`);
      const type = TEXT_TYPES[pathname.slice(pathname.lastIndexOf(".") + 1)];
      if (type) res.setHeader("Content-Type", type);
    },
  });
  const notFound = (res: ServerResponse) => {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
    res.end("Not found");
  };
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!req.url?.startsWith("/assets/") || (req.method !== "GET" && req.method !== "HEAD")) return next();
    files(req, res, () => notFound(res));
  };
}

/**
 * The other built client files of `clientDir` (build/client): public files (favicon, images, robots.txt) cached
 * for a week (images) or an hour. Those all have an extension and pages never do, so a page request does not
 * touch the disk looking for a file.
 */
export function builtFiles(clientDir: string) {
  const publicFiles = filesWith({ root: clientDir }, (path) => ({
    "Cache-Control": /\.(webp|png|jpe?g|gif|ico|svg)$/i.test(path)
      ? "public, max-age=604800, stale-while-revalidate=86400"
      : "public, max-age=3600",
  }));
  return new Hono().on(["GET", "HEAD"], "*", (c, next) =>
    /\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next(),
  );
}
