import { Hono, type Context, type Env, type MiddlewareHandler, type Next } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";

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

/**
 * The hashed assets of build/client/assets (decision 008): the brotli or gzip copy the build wrote beside each
 * (scripts/compress-assets.js) when the browser takes it, a year's immutable caching, and no document headers
 * (mounted before them, server/app.ts): the build names the files and their types. A name the build did not make
 * is a plain 404.
 */
export function builtAssets(clientDir: string) {
  const assets = filesWith({ root: clientDir, precompressed: true }, () => ({
    "Cache-Control": `public, max-age=${YEAR}, immutable`,
    // Whichever copy was chosen: a shared cache must not give it to a browser that takes another.
    Vary: "Accept-Encoding",
  }));
  return new Hono().on(["GET", "HEAD"], "*", assets, (c: Context) => c.text("Not found", 404));
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
