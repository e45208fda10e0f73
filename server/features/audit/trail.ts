import type { Context, MiddlewareHandler } from "hono";
import { eq } from "drizzle-orm";
import type { AuditAction } from "#core/audit.ts";
import { isUuid } from "#core/ids.ts";
import type { Database } from "#db/client.ts";
import { articles, messages, projects } from "#db/schema.ts";
import { clientAddress } from "#server/http/client-address.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { OwnerAlerts } from "#server/features/alerts/owner-alerts.ts";
import { describeDevice } from "#server/http/user-agent.ts";
import { isNewDevice, recordAudit, recordedSince } from "./service.ts";

// The audit trail of the API (docs/product.md §26): after each request under /api, the routes below that
// succeeded (or, for sign-in, failed) become one audit event. Kept here, in one table, rather than in every
// router: a new owner route is audited by adding its line.

type Json = Record<string, unknown>;

interface TrailRule {
  method: string;
  /** The path after /api. */
  path: RegExp;
  /** Which answer is which action; an answer not listed records nothing. */
  actions: Partial<Record<number, AuditAction>>;
  /** …or, where the status alone does not tell, the answer's JSON decides. */
  decide?(status: number, body: Json): AuditAction | undefined;
  /** What the event concerns, read before the request runs (what a deletion removes). */
  before?(db: Database, match: RegExpMatchArray, c: Context): Promise<string>;
  /** …or from the answer's JSON. */
  after?(body: Json, match: RegExpMatchArray): string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

const projectTitle = async (db: Database, match: RegExpMatchArray) => {
  const id = match[1]!;
  if (!isUuid(id)) return "";
  const [row] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, id));
  return row?.title ?? "";
};

const articleTitle = async (db: Database, match: RegExpMatchArray) => {
  const id = match[1]!;
  if (!isUuid(id)) return "";
  const [row] = await db.select({ title: articles.title }).from(articles).where(eq(articles.id, id));
  return row?.title ?? "";
};

const messageSubject = async (db: Database, match: RegExpMatchArray) => {
  const id = match[1]!;
  if (!isUuid(id)) return "";
  const [row] = await db
    .select({ name: messages.name, subject: messages.subject })
    .from(messages)
    .where(eq(messages.id, id));
  return row ? `${row.name}: ${row.subject}` : "";
};

const RULES: TrailRule[] = [
  {
    method: "POST",
    path: /^\/auth\/login$/,
    // A right password with a second factor on answers 200 without a session: the sign-in is not done yet.
    actions: { 401: "signInFailed", 429: "signInLimited" },
    decide: (status, body) => (status === 200 && body.signedIn === true ? "signIn" : undefined),
  },
  {
    method: "POST",
    path: /^\/auth\/login\/(code|passkey)$/,
    actions: { 200: "signIn", 401: "secondFactorFailed", 429: "signInLimited" },
    after: (_body, match) => (match[1] === "code" ? "code" : "passkey"),
  },
  {
    method: "POST",
    path: /^\/auth\/factors\/totp\/confirm$/,
    actions: { 200: "factorAdded" },
    after: () => "authenticator app",
  },
  {
    method: "POST",
    path: /^\/auth\/factors\/totp\/remove$/,
    actions: { 200: "factorRemoved" },
    after: () => "authenticator app",
  },
  {
    method: "POST",
    path: /^\/auth\/factors\/passkeys$/,
    actions: { 201: "factorAdded" },
    after: (body) => `passkey ${text(body.name)}`.trim(),
  },
  {
    method: "POST",
    path: /^\/auth\/factors\/passkeys\/[^/]+\/remove$/,
    actions: { 200: "factorRemoved" },
    after: () => "passkey",
  },
  { method: "POST", path: /^\/auth\/factors\/recovery-codes$/, actions: { 200: "recoveryCodesRenewed" } },
  {
    method: "POST",
    path: /^\/auth\/logout$/,
    actions: {},
    // Only a sign-out that ended a session: anyone may post to /logout.
    decide: (status, body) => (status === 200 && body.ended === true ? "signOut" : undefined),
  },
  { method: "POST", path: /^\/auth\/password$/, actions: { 200: "passwordChanged" } },
  {
    method: "POST",
    path: /^\/auth\/sessions\/end-others$/,
    actions: { 200: "sessionsEnded" },
    after: (body) => (typeof body.ended === "number" ? String(body.ended) : ""),
  },
  { method: "DELETE", path: /^\/auth\/sessions\/([^/]+)$/, actions: { 204: "sessionEnded" } },
  { method: "POST", path: /^\/projects$/, actions: { 201: "projectCreated" }, after: (b) => text(b.title) },
  {
    method: "PUT",
    path: /^\/projects\/([^/]+)$/,
    actions: { 200: "projectUpdated" },
    after: (b) => text(b.title),
  },
  {
    method: "DELETE",
    path: /^\/projects\/([^/]+)$/,
    actions: { 204: "projectDeleted" },
    before: projectTitle,
  },
  {
    method: "POST",
    path: /^\/projects\/([^/]+)\/move$/,
    actions: { 200: "projectMoved" },
    before: projectTitle,
  },
  { method: "POST", path: /^\/articles$/, actions: { 201: "articleCreated" }, after: (b) => text(b.title) },
  {
    method: "PUT",
    path: /^\/articles\/([^/]+)$/,
    actions: { 200: "articleUpdated" },
    after: (b) => text(b.title),
  },
  {
    method: "DELETE",
    path: /^\/articles\/([^/]+)$/,
    actions: { 204: "articleDeleted" },
    before: articleTitle,
  },
  { method: "POST", path: /^\/uploads$/, actions: { 201: "imageUploaded" }, after: (b) => text(b.path) },
  {
    method: "DELETE",
    path: /^\/uploads\/([^/]+\/[^/]+)$/,
    actions: { 204: "imageDeleted" },
    after: (_body, match) => match[1]!,
  },
  {
    method: "PATCH",
    path: /^\/messages\/([^/]+)$/,
    actions: { 200: "messageMarked" },
    before: messageSubject,
  },
  {
    method: "DELETE",
    path: /^\/messages\/([^/]+)$/,
    actions: { 204: "messageDeleted" },
    before: messageSubject,
  },
  {
    method: "POST",
    path: /^\/messages\/bulk$/,
    actions: {},
    // What was done to how many: "delete × 12" (the request says what, the answer how many).
    before: async (_db, _match, c) => {
      const body: unknown = await c.req.raw
        .clone()
        .json()
        .catch(() => null);
      return text((body as Json | null)?.action);
    },
    decide: (status, body) => (status === 200 && Number(body.changed) > 0 ? "messagesChanged" : undefined),
  },
  { method: "PUT", path: /^\/settings$/, actions: { 200: "settingsChanged" } },
  {
    method: "DELETE",
    path: /^\/settings\/([^/]+)$/,
    actions: { 200: "settingsReset" },
    after: (_body, match) => match[1]!,
  },
  { method: "GET", path: /^\/backup$/, actions: { 200: "backupDownloaded" } },
  { method: "POST", path: /^\/backup\/restore$/, actions: { 200: "backupRestored" } },
];

async function jsonOf(c: Context): Promise<Json> {
  if (!c.res.headers.get("Content-Type")?.includes("application/json")) return {};
  const body: unknown = await c.res
    .clone()
    .json()
    .catch(() => null);
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Json) : {};
}

/** Records the audited API requests; mounted on /api/*. A failure to record is logged, never the request's. */
export function auditTrail(options: {
  db: Database;
  logger: Logger;
  trustProxy: boolean;
  now: () => Date;
  /** Told of a sign-in from a browser never seen signing in before. */
  alerts?: OwnerAlerts;
}): MiddlewareHandler {
  const { db, logger, trustProxy, now } = options;
  return async (c, next) => {
    const path = c.req.path.replace(/^\/api/, "").replace(/\/$/, "");
    const rule = RULES.find((candidate) => candidate.method === c.req.method && candidate.path.test(path));
    if (!rule) return next();
    const match = path.match(rule.path)!;
    const before = rule.before ? await rule.before(db, match, c).catch(() => "") : "";
    await next();
    const body = rule.decide || rule.after ? await jsonOf(c) : {};
    const action = rule.actions[c.res.status] ?? rule.decide?.(c.res.status, body);
    if (!action) return;
    try {
      const address = clientAddress(c, trustProxy);
      if (action === "signInLimited") {
        // One row per lockout, not one per refused attempt: an attack must not grow the log without bound.
        const retryAfter = Number(c.res.headers.get("Retry-After") ?? 0);
        const since = new Date(now().getTime() - Math.max(retryAfter, 60) * 1000);
        if (await recordedSince(db, "signInLimited", address, since)) return;
      }
      const subject = rule.after
        ? rule.after(body, match)
        : action === "messagesChanged"
          ? `${before} × ${String(body.changed)}`
          : before;
      const at = now();
      const userAgent = c.req.header("User-Agent");
      if (action === "signIn" && options.alerts) {
        const device = describeDevice(userAgent);
        if (await isNewDevice(db, device, at))
          options.alerts.alert({ kind: "newDevice", device, address, at });
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
  };
}
