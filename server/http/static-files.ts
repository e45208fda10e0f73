import { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";

const YEAR = 60 * 60 * 24 * 365;

/**
 * The built client files of `clientDir` (build/client): hashed assets cached for a year, other public files
 * (favicon, images, robots.txt) for a week (images) or an hour. Those all have an extension and pages never do,
 * so a page request does not touch the disk looking for a file.
 */
export function builtFiles(clientDir: string) {
  const publicFiles = serveStatic({
    root: clientDir,
    onFound: (path, c) => {
      const week = /\.(webp|png|jpe?g|gif|ico|svg)$/i.test(path);
      c.header(
        "Cache-Control",
        week ? "public, max-age=604800, stale-while-revalidate=86400" : "public, max-age=3600",
      );
    },
  });
  return new Hono()
    .use(
      "/assets/*",
      serveStatic({
        root: clientDir,
        onFound: (_path, c) => {
          c.header("Cache-Control", `public, max-age=${YEAR}, immutable`);
        },
      }),
    )
    .on(["GET", "HEAD"], "*", (c, next) =>
      /\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next(),
    );
}
