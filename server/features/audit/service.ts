import type { Context } from "hono";
import { and, count, desc, eq, gt, lt } from "drizzle-orm";
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEvent, type AuditPage } from "#core/audit.ts";
import type { Database } from "#db/client.ts";
import { auditEvents } from "#db/schema.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { describeDevice } from "#server/http/user-agent.ts";
import type { OwnerAlerts } from "#server/features/alerts/owner-alerts.ts";

// The audit log (docs/product.md §26): one row per security event or owner action, read a page at a time by the
// owner, pruned after the retention period. Each event is recorded where its action happens, by the route handler
// that performed it (`audit.record(c, "articleUpdated", title)`); server/audit-trail.test.ts checks that every
// owner write route records one. Nothing secret goes in: an action, a subject the owner recognises (a title, a
// file name), the client's address and its browser.

export interface AuditEntry {
  action: AuditAction;
  subject?: string;
  address?: string;
  /** The User-Agent header; stored as a short description ("Chrome 142 on Linux"). */
  userAgent?: string;
  requestId?: string;
  at?: Date;
}

/** Room for a title or a file name; longer subjects are cut. */
const SUBJECT_MAX = 200;

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    action: entry.action,
    subject: (entry.subject ?? "").slice(0, SUBJECT_MAX),
    address: (entry.address ?? "").slice(0, 64),
    device: describeDevice(entry.userAgent),
    request_id: (entry.requestId ?? "").slice(0, 128),
    ...(entry.at ? { at: entry.at } : {}),
  });
}

/** Whether this address already has this action recorded since `since` (one lockout row per lockout). */
export async function recordedSince(
  db: Database,
  action: AuditAction,
  address: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.address, address), gt(auditEvents.at, since)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a sign-in from `device` at `at` is the first from that browser, while earlier sign-ins exist (the very
 * first sign-in of a site is no news to its owner). Two indexed lookups of one row each, however long the log.
 */
export async function isNewDevice(db: Database, device: string, at: Date): Promise<boolean> {
  const earlier = and(eq(auditEvents.action, "signIn"), lt(auditEvents.at, at));
  const [any] = await db.select({ id: auditEvents.id }).from(auditEvents).where(earlier).limit(1);
  if (!any) return false;
  const [same] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(earlier, eq(auditEvents.device, device)))
    .limit(1);
  return same === undefined;
}

/** One page of the log, newest first, optionally one action only. */
export async function listAudit(
  db: Database,
  options: { page: number; action?: AuditAction },
): Promise<AuditPage> {
  const where = options.action ? eq(auditEvents.action, options.action) : undefined;
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(auditEvents).where(where),
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((options.page - 1) * AUDIT_PAGE_SIZE),
  ]);
  const n = total?.n ?? 0;
  const events: AuditEvent[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action as AuditAction,
    subject: row.subject,
    address: row.address,
    device: row.device,
  }));
  return { events, page: options.page, pages: Math.max(1, Math.ceil(n / AUDIT_PAGE_SIZE)), total: n };
}

/** Removes the events older than the retention period; answers how many went. */
export async function pruneAudit(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(auditEvents)
    .where(lt(auditEvents.at, before))
    .returning({ id: auditEvents.id });
  return removed.length;
}

/** The audit log of a running site: events recorded from requests, and the owner's pages of them. */
export function createAuditLog(deps: {
  db: Database;
  logger: Logger;
  now: () => Date;
  trustProxy: boolean;
  /** Told of a sign-in from a browser never seen signing in before. */
  alerts?: OwnerAlerts;
}) {
  const { db, logger, now } = deps;
  return {
    /**
     * Records an event of this request, with its address, browser and request id. A lockout is one row however
     * many attempts it refuses (`retryAfterSeconds` says how long it holds). A failure to record is logged, never
     * the request's.
     */
    async record(
      c: Context,
      action: AuditAction,
      subject = "",
      options: { retryAfterSeconds?: number } = {},
    ): Promise<void> {
      try {
        const address = clientAddress(c, deps.trustProxy);
        const at = now();
        if (action === "signInLimited") {
          // One row per lockout, not one per refused attempt: an attack must not grow the log without bound.
          const since = new Date(at.getTime() - Math.max(options.retryAfterSeconds ?? 0, 60) * 1000);
          if (await recordedSince(db, "signInLimited", address, since)) return;
        }
        const userAgent = c.req.header("User-Agent");
        if (action === "signIn" && deps.alerts) {
          const device = describeDevice(userAgent);
          if (await isNewDevice(db, device, at))
            deps.alerts.alert({ kind: "newDevice", device, address, at });
        }
        await recordAudit(db, {
          action,
          subject,
          address,
          userAgent,
          requestId: c.get("requestId") as string | undefined,
          at,
        });
      } catch (error) {
        logger.error("audit event could not be recorded", { action, error: String(error) });
      }
    },
    /** One page of the log, newest first, optionally one action only. */
    list: (options: { page: number; action?: AuditAction }) => listAudit(db, options),
    /** Removes the events older than the retention period. */
    prune: (before: Date) => pruneAudit(db, before),
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
