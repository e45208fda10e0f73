import { open, type FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { Hono, type Context } from "hono";
import { IMAGE_FORMATS, imageFormatOfName, isImageFolder } from "#core/images.ts";
import type { ImageStore } from "#server/storage/image-store.ts";

const YEAR = 60 * 60 * 24 * 365;

/**
 * The uploaded images at /storage/portfolio_images/:folder/:name (docs/architecture.md "API"). Only names the upload
 * could have made reach the disk (`ImageStore.filePath`), so `..`, slashes (encoded or not) and NUL never do.
 * Names are unique, so a file is cached for a year; the sandbox CSP keeps a file opened on its own inert even if
 * a browser were ever to treat it as a document.
 */
export function storedImagesRouter(images: ImageStore) {
  const notFound = (c: Context) => c.text("Not found", 404);
  return new Hono()
    .get("/:folder/:name", async (c) => {
      // Hono answers HEAD with the GET route and drops the body; the method is still HEAD here.
      const folder = c.req.param("folder");
      const name = c.req.param("name");
      const format = imageFormatOfName(name);
      const file = isImageFolder(folder) && format ? images.filePath(folder, name) : null;
      if (!file || !format) return notFound(c);

      let handle: FileHandle;
      try {
        handle = await open(file, "r");
      } catch {
        return notFound(c);
      }
      // Size from the opened file, not the path: a file removed meanwhile is still read whole.
      const stats = await handle.stat().catch(() => null);
      if (!stats?.isFile()) {
        await handle.close();
        return notFound(c);
      }

      c.header("Content-Type", IMAGE_FORMATS[format].contentType);
      c.header("Content-Length", String(stats.size));
      c.header("Cache-Control", `public, max-age=${YEAR}, immutable`);
      c.header("Content-Security-Policy", "default-src 'none'; sandbox");
      if (c.req.method === "HEAD") {
        await handle.close();
        return c.body(null, 200);
      }
      const stream = handle.createReadStream();
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200);
    })
    .all("*", notFound);
}
