import { Hono, type Context } from "hono";
import { contentTypeOfName, isImageFolder } from "#core/images.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";

const YEAR = 60 * 60 * 24 * 365;

/**
 * The uploaded images at /storage/portfolio_images/:folder/:name (docs/architecture.md "API"). Only names the upload
 * could have made reach the disk or the bucket (`ImageStore.open`), so `..`, slashes (encoded or not) and NUL never do.
 * Names are unique, so a file is cached for a year; the sandbox CSP keeps a file opened on its own inert even if
 * a browser were ever to treat it as a document.
 */
export function storedImagesRouter(images: ImageStore, logger: Logger) {
  const notFound = (c: Context) => c.text("Not found", 404);
  return new Hono()
    .get("/:folder/:name", async (c) => {
      // Hono answers HEAD with the GET route and drops the body; the method is still HEAD here.
      const folder = c.req.param("folder");
      const name = c.req.param("name");
      const contentType = contentTypeOfName(name);
      if (!isImageFolder(folder) || !contentType) return notFound(c);
      let found: Awaited<ReturnType<ImageStore["open"]>>;
      try {
        found = await images.open(folder, name);
      } catch (error) {
        logger.error("stored image unavailable", { folder, name, error: String(error) });
        c.header("Retry-After", "5");
        return c.text("Storage unavailable", 503);
      }
      if (!found) return notFound(c);
      c.header("Cache-Control", `public, max-age=${YEAR}, immutable`);
      // The bucket is served from elsewhere (S3_PUBLIC_URL): the address never changes, so the redirect is kept.
      if ("redirect" in found) return c.redirect(found.redirect, 301);

      c.header("Content-Type", contentType);
      c.header("Content-Length", String(found.size));
      c.header("Content-Security-Policy", "default-src 'none'; sandbox");
      if (c.req.method === "HEAD") {
        await found.discard();
        return c.body(null, 200);
      }
      return c.body(found.stream(), 200);
    })
    .all("*", notFound);
}
