import { Readable } from "node:stream";
import { Hono } from "hono";
import { ServiceError } from "#server/http/errors.ts";
import { limitBody } from "#server/http/guards.ts";
import type { ResourceDeps } from "#server/features/deps.ts";
import { checkBackup, createBackup, MAX_BACKUP_BYTES, restoreBackup } from "./archive.ts";

/**
 * /api/backup (docs/product.md §19), the owner's only: GET downloads the whole site as one zip; POST /restore
 * takes one (multipart `file`, the owner's `password` again, and `replace=1` to restore over a site with content)
 * and puts it back, all or nothing.
 */
export function backupRouter(deps: ResourceDeps) {
  return new Hono()
    .use(deps.owner)
    .get("/", async () => {
      const { stream } = await createBackup(deps);
      const day = deps.now().toISOString().slice(0, 10);
      deps.logger.info("backup downloaded");
      return new Response(Readable.toWeb(stream) as ReadableStream, {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="sira-backup-${day}.zip"`,
          "Cache-Control": "no-store",
        },
      });
    })
    .post(
      "/restore",
      limitBody(MAX_BACKUP_BYTES + 64 * 1024, "backupTooLarge", { max: MAX_BACKUP_BYTES / 2 ** 20 }),
      async (c) => {
        let body: Record<string, string | File>;
        try {
          body = await c.req.parseBody();
        } catch {
          throw new ServiceError(400, "backupNoFile", { path: "file" });
        }
        const { file, replace, password } = body;
        if (!(file instanceof File)) throw new ServiceError(400, "backupNoFile", { path: "file" });
        // Replacing the site asks for the password again (docs/product.md §26).
        await deps.confirmPassword(c, password);
        const backup = await checkBackup(Buffer.from(await file.arrayBuffer()));
        const tables = await restoreBackup(deps, backup, { replace: replace === "1" || replace === "true" });
        deps.contentChanged();
        return c.json({ restored: tables }, 200);
      },
    );
}
