import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { toSingleLine } from "#core/contact.ts";
import type { Database } from "#db/client.ts";
import { messages, type MessageRow } from "#db/schema.ts";
import type { ServerEnv } from "#server/kernel/env.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { createSerialRunner } from "#server/kernel/serial-runner.ts";
import { createSmtpTransport, type MailTransport } from "#server/kernel/mail.ts";

// E-mails the owner about each stored contact message when SMTP_URL is set (docs/product.md §12.8, decision 012).
// The message is committed first; sending happens afterwards, outside the visitor's request. A failed send
// is logged and tried again later with growing pauses; the message itself is never touched, so nothing is
// lost even when the mail server is down for days. The schedule lives in the database (notify_after,
// notify_attempts), so a restart or a second server instance picks up where the last one stopped.

/** Pause after the 1st, 2nd, … failed attempt; after the last one the notification is given up. */
export const RETRY_DELAYS_MS = [1, 5, 15, 60, 180, 360, 720, 1440, 1440].map((minutes) => minutes * 60_000);
/** A sender holds a message this long before another may try it (longer than any send can take). */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export interface NotifierOptions {
  db: Database;
  logger: Logger;
  transport: MailTransport;
  /** The sender; null sends from the recipient's own address. */
  from: string | null;
  /** The recipient, or how to find it at send time (the owner's e-mail in the site settings). */
  to: string | (() => Promise<string>);
  /** The admin page's address, linked from every e-mail. */
  inboxUrl: string;
  now?: () => Date;
  /** How often the background loop looks for notifications that are due. */
  intervalMs?: number;
  retryDelaysMs?: readonly number[];
}

export interface Notifier {
  /** A message was just stored: send soon rather than at the next round of the loop. */
  kick(): void;
  /** Sends every notification that is due, once; the loop calls it, and so may tests. */
  runOnce(): Promise<void>;
  /** Starts the background loop (and sends what an earlier run left due). */
  start(): void;
  /** Stops the loop and waits for a send in progress; call before closing the database. */
  stop(): Promise<void>;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const { db, logger, transport } = options;
  const now = options.now ?? (() => new Date());
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;

  async function claimDue(): Promise<MessageRow[]> {
    const at = now();
    const due = db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(isNull(messages.notified_at), isNotNull(messages.notify_after), lte(messages.notify_after, at)),
      )
      .orderBy(asc(messages.created_at))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    // One statement claims the rows: another instance running the same query skips them.
    const rows = await db
      .update(messages)
      .set({
        notify_attempts: sql`${messages.notify_attempts} + 1`,
        notify_after: new Date(at.getTime() + LEASE_MS),
      })
      .where(inArray(messages.id, due))
      .returning();
    return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  }

  async function notify(row: MessageRow) {
    try {
      const to = typeof options.to === "string" ? options.to : await options.to();
      await transport.sendMail(
        composeNotification(row, { to, from: options.from ?? to, inboxUrl: options.inboxUrl }),
      );
    } catch (error) {
      const delay = retryDelays[row.notify_attempts - 1];
      const retryAt = delay === undefined ? null : new Date(now().getTime() + delay);
      await db.update(messages).set({ notify_after: retryAt }).where(eq(messages.id, row.id));
      const fields = {
        id: row.id,
        attempt: row.notify_attempts,
        error: error instanceof Error ? error.message : String(error),
      };
      if (retryAt) {
        logger.error("contact notification failed; will retry", {
          ...fields,
          retryAt: retryAt.toISOString(),
        });
      } else {
        logger.error("contact notification failed; giving up (the message stays in the inbox)", fields);
      }
      return;
    }
    await db.update(messages).set({ notified_at: now(), notify_after: null }).where(eq(messages.id, row.id));
    logger.info("contact notification sent", { id: row.id, attempt: row.notify_attempts });
  }

  const runner = createSerialRunner({
    intervalMs: options.intervalMs ?? 60_000,
    async work(stopping) {
      for (;;) {
        const rows = await claimDue();
        for (const row of rows) await notify(row);
        if (rows.length < BATCH || stopping()) return;
      }
    },
    onError(error) {
      logger.error("contact notifications could not run", { error: String(error) });
    },
  });

  return {
    kick: runner.kick,
    runOnce: runner.runOnce,
    start: runner.start,
    async stop() {
      // A message stored just before the stop is still sent now rather than at the next start.
      await runner.stop();
      transport.close?.();
    },
  };
}

/** The owner's e-mail: everything the visitor typed stays in the body, except the one-line reply address. */
export function composeNotification(
  row: MessageRow,
  options: { from: string; to: string; inboxUrl: string },
) {
  // The visitor's text is checked on the way in (core/contact.ts); made single-line again here because a
  // line break in a header would let a visitor add headers (and recipients).
  const name = toSingleLine(row.name);
  const subject = toSingleLine(row.subject);
  return {
    from: options.from,
    to: options.to,
    replyTo: { name, address: toSingleLine(row.email) },
    subject: `${subject} — ${name}`,
    text: [
      `${name} <${toSingleLine(row.email)}>`,
      `Subject / الموضوع: ${subject}`,
      `Sent / أُرسلت: ${row.created_at.toISOString()}`,
      ...(row.form_origin ? [`Page / الصفحة: ${toSingleLine(row.form_origin)}`] : []),
      "",
      row.message,
      "",
      "--",
      `Inbox / صندوق الوارد: ${options.inboxUrl}`,
    ].join("\n"),
  };
}

/**
 * The notifier SMTP_URL asks for, or none; `ownerEmail` (the site settings' e-mail, read at each send) is the
 * default recipient.
 */
export function notifierFromEnv(
  env: ServerEnv,
  deps: { db: Database; logger: Logger; ownerEmail?: string | (() => Promise<string>); now?: () => Date },
): Notifier | undefined {
  if (!env.smtpUrl) return undefined;
  const to = env.smtpTo ?? deps.ownerEmail;
  if (!to) throw new Error("SMTP_URL is set but there is no recipient: set SMTP_TO");
  return createNotifier({
    db: deps.db,
    logger: deps.logger,
    transport: createSmtpTransport(env.smtpUrl),
    from: env.smtpFrom ?? null,
    to,
    inboxUrl: `${env.siteUrl}${env.adminPath}`,
    now: deps.now,
  });
}
