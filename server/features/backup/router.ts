import { Readable } from "node:stream";
import { Hono, type MiddlewareHandler } from "hono";
import { ServiceError } from "#server/http/errors.ts";
import { limitBody } from "#server/http/guards.ts";
import type { AuditLog } from "#server/features/audit/service.ts";
import type { ConfirmPassword } from "#server/features/auth/guards.ts";
import { MAX_BACKUP_BYTES, type Backups } from "./archive.ts";
import { ownerOrLocalKey } from "./local-channel.ts";

/**
 * /api/backup (docs/product.md §19), the owner's only: GET downloads the whole site as one zip; POST /restore
 * takes one (multipart `file`, the owner's `password` again, and `replace=1` to restore over a site with content)
 * and puts it back, all or nothing. `npm run backup` on this machine downloads with the server's local key
 * (./local-channel.ts) instead of a session.
 */
export function backupRouter(deps: {
  backups: Backups;
  owner: MiddlewareHandler;
  /** The owner's password asked again before the site is replaced (docs/product.md §26). */
  confirmPassword: ConfirmPassword;
  audit: AuditLog;
  now: () => Date;
  /** The key `npm run backup` reads from the data folder while this server runs; absent on PostgreSQL. */
  backupKey?: string;
}) {
  const { backups, audit } = deps;
  return new Hono()
    .get("/", ownerOrLocalKey(deps.backupKey, deps.owner), async (c) => {
      const { stream } = await backups.create();
      const day = deps.now().toISOString().slice(0, 10);
      await audit.record(c, "backupDownloaded");
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
      deps.owner,
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
        await deps.confirmPassword(c, password);
        const tables = await backups.restore(Buffer.from(await file.arrayBuffer()), {
          replace: replace === "1" || replace === "true",
        });
        await audit.record(c, "backupRestored");
        return c.json({ restored: tables }, 200);
      },
    );
}
