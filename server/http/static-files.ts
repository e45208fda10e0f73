import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";

const YEAR = 60 * 60 * 24 * 365;

interface Asset {
  identity: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  contentType: string;
}

const CONTENT_TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
  svg: "image/svg+xml",
  woff2: "font/woff2",
  woff: "font/woff",
  ttf: "font/ttf",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  map: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
};

/** The encodings a request accepts (q > 0), from its Accept-Encoding header. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * The hashed assets of build/client/assets, held in memory with the brotli and gzip copies the build made
 * (scripts/compress-assets.js): an answer is a lookup, never a disk read or a compression. Mounted before the
 * compression and security-header middleware (server/app.ts): an asset carries its type, length, encoding and a
 * year's immutable caching, plus nosniff; the CSP and the other document headers belong to pages.
 */
export function builtAssets(clientDir: string): MiddlewareHandler {
  const folder = path.join(clientDir, "assets");
  const assets = new Map<string, Asset>();
  const names = existsSync(folder) ? readdirSync(folder) : [];
  for (const name of names) {
    if (name.endsWith(".br") || name.endsWith(".gz")) continue;
    const file = path.join(folder, name);
    const extension = path.extname(name).slice(1).toLowerCase();
    const sibling = (suffix: string) =>
      names.includes(name + suffix) ? readFileSync(file + suffix) : undefined;
    assets.set(`/assets/${name}`, {
      identity: readFileSync(file),
      br: sibling(".br"),
      gzip: sibling(".gz"),
      contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
    });
  }
  return (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const asset = assets.get(c.req.path);
    if (!asset) return Promise.resolve(c.text("Not found", 404));
    const accepted = asset.br || asset.gzip ? acceptedEncodings(c.req.header("Accept-Encoding")) : null;
    const [encoding, body] =
      asset.br && accepted?.has("br")
        ? ["br", asset.br]
        : asset.gzip && accepted?.has("gzip")
          ? ["gzip", asset.gzip]
          : [null, asset.identity];
    const headers: Record<string, string> = {
      "Content-Type": asset.contentType,
      "Content-Length": String(body.byteLength),
      "Cache-Control": `public, max-age=${YEAR}, immutable`,
      "X-Content-Type-Options": "nosniff",
    };
    if (asset.br || asset.gzip) headers.Vary = "Accept-Encoding";
    if (encoding) headers["Content-Encoding"] = encoding;
    const payload = c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>);
    return Promise.resolve(new Response(payload, { status: 200, headers }));
  };
}

/**
 * The other built client files of `clientDir` (build/client): public files (favicon, images, robots.txt) cached
 * for a week (images) or an hour. Those all have an extension and pages never do, so a page request does not
 * touch the disk looking for a file.
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
  return new Hono().on(["GET", "HEAD"], "*", (c, next) =>
    /\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next(),
  );
}
