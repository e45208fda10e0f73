import { Hono } from "hono";
import { isAuditAction } from "#core/audit.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { ResourceDeps } from "#server/features/deps.ts";
import { listAudit } from "./service.ts";

/** The highest page asked for; a larger number is refused rather than scanned. */
const MAX_PAGE = 100_000;

/** /api/audit (docs/product.md §26), the owner's only: one page of the audit log, newest first. */
export function auditRouter(deps: ResourceDeps) {
  return new Hono().use(deps.owner).get("/", async (c) => {
    const pageParam = c.req.query("page") ?? "1";
    const page = /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : NaN;
    if (!(page >= 1 && page <= MAX_PAGE))
      throw new ServiceError(400, "pageInvalid", { path: "page", vars: { max: MAX_PAGE } });
    const actionParam = c.req.query("action");
    if (actionParam !== undefined && actionParam !== "" && !isAuditAction(actionParam))
      throw new ServiceError(400, "auditActionInvalid", { path: "action" });
    c.header("Cache-Control", "no-store");
    return c.json(await listAudit(deps.db, { page, action: actionParam || undefined }), 200);
  });
}
