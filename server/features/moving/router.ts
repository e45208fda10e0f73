import { Readable } from "node:stream";
import { Hono, type MiddlewareHandler } from "hono";
import { ServiceError } from "#server/http/errors.ts";
import { limitBody } from "#server/http/guards.ts";
import type { AuditLog } from "#server/features/audit/service.ts";
import { MAX_IMPORT_BYTES } from "./files.ts";
import type { Moving } from "./moving.ts";

/**
 * /api/moving (docs/product.md §31), the owner's only: GET /export downloads the site as Markdown (zip);
 * POST /preview and POST /import take one file (multipart `file`): a zip of Markdown or our own export, a
 * WordPress export (WXR) or a Ghost export (JSON). The preview changes nothing; the import is all or nothing.
 */
export function movingRouter(deps: {
  moving: Moving;
  owner: MiddlewareHandler;
  audit: AuditLog;
  now: () => Date;
}) {
  const { moving } = deps;
  const limit = limitBody(MAX_IMPORT_BYTES + 64 * 1024, "importTooLarge", {
    max: MAX_IMPORT_BYTES / 2 ** 20,
  });
  const fileOf = async (c: { req: { parseBody: () => Promise<Record<string, string | File>> } }) => {
    let body: Record<string, string | File>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw new ServiceError(400, "importNoFile", { path: "file" });
    }
    const { file } = body;
    if (!(file instanceof File) || file.size === 0)
      throw new ServiceError(400, "importNoFile", { path: "file" });
    return { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) };
  };
  return new Hono()
    .get("/export", deps.owner, async () => {
      const stream = await moving.exportZip();
      const day = deps.now().toISOString().slice(0, 10);
      return new Response(Readable.toWeb(stream) as ReadableStream, {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="sira-markdown-${day}.zip"`,
          "Cache-Control": "no-store",
        },
      });
    })
    .post("/preview", deps.owner, limit, async (c) => {
      const { name, bytes } = await fileOf(c);
      return c.json(await moving.preview(name, bytes), 200);
    })
    .post("/import", deps.owner, limit, async (c) => {
      const { name, bytes } = await fileOf(c);
      const result = await moving.import(name, bytes);
      await deps.audit.record(c, "contentImported");
      return c.json(result, 200);
    });
}
