import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { byHeaderValue, type StoredAnswer } from "./stored-answer.ts";

const YEAR = 60 * 60 * 24 * 365;

/** An asset in each encoding the build made, each with its complete headers. */
interface Asset {
  identity: StoredAnswer;
  br?: StoredAnswer;
  gzip?: StoredAnswer;
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
const acceptedEncodings = byHeaderValue((header) => {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return { br: accepted.has("br"), gzip: accepted.has("gzip") };
});

/** The hashed assets of a build, in memory: `answer` finds one for a request, or undefined. */
export interface BuiltAssets {
  /** The answer to a GET or HEAD of `path` (HEAD: the body is left out by whoever sends it). */
  answer(path: string, acceptEncoding: string | undefined): StoredAnswer | undefined;
  /** Whether the build made `path`. */
  has(path: string): boolean;
}

/**
 * The hashed assets of build/client/assets, held in memory with the brotli and gzip copies the build made
 * (scripts/compress-assets.js) and the headers of each: an answer is a lookup, never a disk read or a compression.
 * Answered before the compression and security-header middleware (server/app.ts), and most often before the app
 * (server/ssr/fast-path.ts, decision 028): an asset carries its type, length, encoding and a year's immutable
 * caching, and nothing else (decision 035): the build names its files and their types, so there is nothing to
 * sniff, and the CSP and the other document headers belong to pages.
 */
export function loadBuiltAssets(clientDir: string): BuiltAssets {
  const folder = path.join(clientDir, "assets");
  const assets = new Map<string, Asset>();
  const names = existsSync(folder) ? readdirSync(folder) : [];
  for (const name of names) {
    if (name.endsWith(".br") || name.endsWith(".gz")) continue;
    const file = path.join(folder, name);
    const extension = path.extname(name).slice(1).toLowerCase();
    const contentType = CONTENT_TYPES[extension] ?? "application/octet-stream";
    const compressed = names.includes(`${name}.br`) || names.includes(`${name}.gz`);
    const answer = (body: Buffer, encoding?: string): StoredAnswer => ({
      status: 200,
      headers: {
        "Content-Type": contentType,
        "Content-Length": String(body.byteLength),
        "Cache-Control": `public, max-age=${YEAR}, immutable`,
        ...(compressed ? { Vary: "Accept-Encoding" } : {}),
        ...(encoding ? { "Content-Encoding": encoding } : {}),
      },
      body,
    });
    const sibling = (suffix: string, encoding: string) =>
      names.includes(name + suffix) ? answer(readFileSync(file + suffix), encoding) : undefined;
    assets.set(`/assets/${name}`, {
      identity: answer(readFileSync(file)),
      br: sibling(".br", "br"),
      gzip: sibling(".gz", "gzip"),
    });
  }
  return {
    has: (assetPath) => assets.has(assetPath),
    answer(assetPath, acceptEncoding) {
      const asset = assets.get(assetPath);
      if (!asset) return undefined;
      if (!asset.br && !asset.gzip) return asset.identity;
      const accepted = acceptedEncodings(acceptEncoding);
      if (asset.br && accepted.br) return asset.br;
      if (asset.gzip && accepted.gzip) return asset.gzip;
      return asset.identity;
    },
  };
}

/** `/assets/*` in the app: a built asset, or 404 for a name the build does not have. */
export function builtAssets(assets: BuiltAssets): MiddlewareHandler {
  return (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const answer = assets.answer(c.req.path, c.req.header("Accept-Encoding"));
    if (!answer) return Promise.resolve(c.text("Not found", 404));
    const payload = c.req.method === "HEAD" ? null : (answer.body as Uint8Array<ArrayBuffer>);
    return Promise.resolve(new Response(payload, { status: answer.status, headers: { ...answer.headers } }));
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
