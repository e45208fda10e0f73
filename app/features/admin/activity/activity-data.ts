import { isAuditAction, type AuditAction } from "#core/audit.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { pageOf } from "#app/features/admin/lists/list-query.ts";

/** A page of the audit log, newest first, one action or all (`?page=2&action=signInFailed`, docs/product.md §26.4). */
export async function loadActivity(request: Request) {
  const url = new URL(request.url);
  const wanted = url.searchParams.get("action");
  const action: AuditAction | "" = isAuditAction(wanted) ? wanted : "";
  const log = await call(() => api.audit.$get({ query: { page: String(pageOf(url)), action } }));
  return { log };
}
