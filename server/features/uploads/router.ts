import { Hono, type MiddlewareHandler } from "hono";
import { imageUrl, isImageFolder, isStoredImageName } from "#core/images.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { apiFail, ServiceError } from "#server/http/errors.ts";
import { limitBody } from "#server/http/guards.ts";
import type { AuditLog } from "#server/features/audit/service.ts";
import { MAX_UPLOAD_BYTES, type Uploads } from "./service.ts";

/** Room for the multipart envelope (boundaries, headers, the folder field) around the largest image. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The owner's image uploads (docs/product.md §3 "Images", §7 "Upload image" and "Remove image"). */
export function uploadsRouter(deps: {
  uploads: Uploads;
  owner: MiddlewareHandler;
  audit: AuditLog;
  logger: Logger;
}) {
  const { uploads, owner, audit, logger } = deps;
  return (
    new Hono()
      .post(
        "/",
        owner,
        limitBody(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, "uploadTooLarge", {
          max: MAX_UPLOAD_BYTES / 2 ** 20,
        }),
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
          const stored = await uploads.store({ name: file.name, bytes }, folder);
          logger.info("image uploaded", { path: stored.path, size: bytes.byteLength });
          await audit.record(c, "imageUploaded", stored.path);
          return c.json(stored, 201);
        },
      )
      // Where an upload's variants stand: the admin asks again while they are being made (docs/product.md §13).
      .get("/:folder/:name/variants", owner, async (c) => {
        const { folder, name } = c.req.param();
        if (!isImageFolder(folder) || !isStoredImageName(name)) throw new ServiceError(404, "uploadNotFound");
        return c.json(await uploads.variantState(imageUrl(folder, name)));
      })
      .delete("/:folder/:name", owner, async (c) => {
        const { folder, name } = c.req.param();
        await uploads.remove(folder, name);
        logger.info("image removed", { folder, name });
        await audit.record(c, "imageDeleted", `${folder}/${name}`);
        return c.body(null, 204);
      })
  );
}
