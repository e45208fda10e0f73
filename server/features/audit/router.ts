import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { isAuditAction, type AuditAction } from "#core/audit.ts";
import { pageParam } from "#server/http/paging.ts";
import { queryParams } from "#server/http/validate.ts";
import type { AuditLog } from "./service.ts";

/** The highest page asked for; a larger number is refused rather than scanned. */
const MAX_PAGE = 100_000;

/** `?page=&action=`: one action only, or every one when absent or empty. */
const AuditQuerySchema = z.object({
  page: pageParam(MAX_PAGE),
  action: z
    .custom<AuditAction | "">((value) => value === "" || isAuditAction(value), {
      error: "auditActionInvalid",
    })
    .optional(),
});

/** /api/audit (docs/product.md §26), the owner's only: one page of the audit log, newest first. */
export function auditRouter(deps: { audit: AuditLog; owner: MiddlewareHandler }) {
  return new Hono().use(deps.owner).get("/", queryParams(AuditQuerySchema), async (c) => {
    const { page, action } = c.req.valid("query");
    c.header("Cache-Control", "no-store");
    return c.json(await deps.audit.list({ page, action: action || undefined }), 200);
  });
}
