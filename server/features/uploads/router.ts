import { Hono } from "hono";
import { isImageFolder } from "#core/images.ts";
import { limitBody } from "#server/http/guards.ts";
import { MAX_UPLOAD_BYTES, removeUpload, storeUpload } from "./service.ts";
import { apiFail } from "#server/http/errors.ts";
import type { ResourceDeps } from "#server/features/deps.ts";

/** Room for the multipart envelope (boundaries, headers, the folder field) around the largest image. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The owner's image uploads (docs/product.md §3 "Images", §7 "Upload image" and "Remove image"). */
export function uploadsRouter(deps: ResourceDeps) {
  const { owner, logger } = deps;
  return new Hono()
    .post(
      "/",
      owner,
      limitBody(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, "uploadTooLarge", { max: MAX_UPLOAD_BYTES / 2 ** 20 }),
      async (c) => {
        let body: Record<string, string | File>;
        try {
          body = await c.req.parseBody();
        } catch {
          return apiFail(c, 400, "uploadNoFile");
        }
        const { file, folder } = body;
        if (!(file instanceof File)) return apiFail(c, 400, "uploadNoFile");
        if (!isImageFolder(folder)) return apiFail(c, 400, "uploadBadFolder");
        const bytes = new Uint8Array(await file.arrayBuffer());
        const stored = await storeUpload(deps, { name: file.name, bytes }, folder);
        logger.info("image uploaded", { path: stored.path, size: bytes.byteLength });
        return c.json(stored, 201);
      },
    )
    .delete("/:folder/:name", owner, async (c) => {
      await removeUpload(deps, c.req.param("folder"), c.req.param("name"));
      logger.info("image removed", { folder: c.req.param("folder"), name: c.req.param("name") });
      return c.body(null, 204);
    });
}
