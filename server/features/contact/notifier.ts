import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { toSingleLine } from "#core/contact.ts";
import { localeOf, type ArabicRegion } from "#core/locales.ts";
import { translate, type Dictionary } from "#core/i18n.ts";
import type { Language } from "#core/preferences.ts";
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
//
// A held message (docs/product.md §25: the inbox's hourly ceiling reached during a flood, a form without its
// stamp, a stamp expired or used) gets no e-mail of its own, or a flood would become a flood of e-mails; but a real
// visitor may be among them, so while messages are being held the owner gets one notice an hour counting them.

/** Pause after the 1st, 2nd, … failed attempt; after the last one the notification is given up. */
export const RETRY_DELAYS_MS = [1, 5, 15, 60, 180, 360, 720, 1440, 1440].map((minutes) => minutes * 60_000);
/** A sender holds a message this long before another may try it (longer than any send can take). */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;
/** At most one notice of held messages in this time, from all instances together. */
export const HELD_NOTICE_EVERY_MS = 60 * 60_000;

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
  /** The language of the held messages' notice (the settings' "E-mails to you in"), read at send time. */
  language?: () => Promise<Language>;
  /** The Arabic region the site speaks to (its digits and month names), read at send time. */
  arabicRegion?: () => Promise<ArabicRegion>;
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

  /**
   * Claims the held messages no notice has counted yet, unless a notice went out within the hour: one
   * transaction under a lock of its own, so two instances never both send one.
   */
  async function claimHeld(at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sira:held-notice'))`);
      const [recent] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(gt(messages.held_noticed_at, new Date(at.getTime() - HELD_NOTICE_EVERY_MS)))
        .limit(1);
      if (recent) return 0;
      const claimed = await tx
        .update(messages)
        .set({ held_noticed_at: at })
        .where(and(eq(messages.held, true), isNull(messages.held_noticed_at)))
        .returning({ id: messages.id });
      return claimed.length;
    });
  }

  async function noticeHeld() {
    const at = now();
    const count = await claimHeld(at);
    if (count === 0) return;
    try {
      const to = typeof options.to === "string" ? options.to : await options.to();
      const language = (await options.language?.()) ?? "en";
      const region = await options.arabicRegion?.();
      await transport.sendMail({
        from: options.from ?? to,
        to,
        ...composeHeldNotice(count, language, options.inboxUrl, region),
      });
    } catch (error) {
      // Counted again by the next round's notice: the notice is what tells the owner, so it is not given up.
      await db.update(messages).set({ held_noticed_at: null }).where(eq(messages.held_noticed_at, at));
      logger.error("held messages' notice failed; will retry", {
        count,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    logger.info("held messages' notice sent", { count });
  }

  const runner = createSerialRunner({
    intervalMs: options.intervalMs ?? 60_000,
    async work(stopping) {
      for (;;) {
        const rows = await claimDue();
        for (const row of rows) await notify(row);
        if (rows.length < BATCH || stopping()) break;
      }
      await noticeHeld();
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

const HELD_NOTICE: Record<Language, Dictionary> = {
  en: {
    subject: {
      one: "A message is held for your review",
      other: "{{count}} messages are held for your review",
    },
    body: {
      one: "A message sent through your contact form was held for review instead of going to your inbox, so it was not e-mailed to you.",
      other:
        "{{count}} messages sent through your contact form were held for review instead of going to your inbox, so they were not e-mailed to you.",
    },
    why: "Messages are held while more reach the form in an hour than a person's site usually gets (spam from many addresses), and when a form comes without the contact page or from a page opened long ago. A real visitor's message may be among them.",
    review: "Review them in Messages › Held: {{url}}",
    once: "While messages are being held you are told at most once an hour.",
  },
  ar: {
    subject: {
      one: "رسالة محتجزة لمراجعتك",
      two: "رسالتان محتجزتان لمراجعتك",
      few: "{{count}} رسائل محتجزة لمراجعتك",
      many: "{{count}} رسالة محتجزة لمراجعتك",
      other: "{{count}} رسالة محتجزة لمراجعتك",
    },
    body: {
      one: "احتُجزت رسالة أُرسلت عبر نموذج التواصل للمراجعة بدل أن تصل إلى صندوق الوارد، فلم تُرسل إليك بالبريد.",
      two: "احتُجزت رسالتان أُرسلتا عبر نموذج التواصل للمراجعة بدل أن تصلا إلى صندوق الوارد، فلم تُرسلا إليك بالبريد.",
      few: "احتُجزت {{count}} رسائل أُرسلت عبر نموذج التواصل للمراجعة بدل أن تصل إلى صندوق الوارد، فلم تُرسل إليك بالبريد.",
      many: "احتُجزت {{count}} رسالة أُرسلت عبر نموذج التواصل للمراجعة بدل أن تصل إلى صندوق الوارد، فلم تُرسل إليك بالبريد.",
      other:
        "احتُجزت {{count}} رسالة أُرسلت عبر نموذج التواصل للمراجعة بدل أن تصل إلى صندوق الوارد، فلم تُرسل إليك بالبريد.",
    },
    why: "تُحتجز الرسائل حين يصل إلى النموذج في ساعة أكثر مما يصل إلى موقع شخصي عادةً (رسائل مزعجة من عناوين كثيرة)، وحين يصل نموذج من غير صفحة التواصل أو من صفحة فُتحت منذ وقت طويل. قد تكون بينها رسالة من زائر حقيقي.",
    review: "راجعها في الرسائل › المحتجزة: {{url}}",
    once: "ما دامت الرسائل تُحتجز يصلك هذا التنبيه مرة في الساعة على الأكثر.",
  },
};

/** The owner's notice of `count` held messages, in `language` (and `region`'s Arabic), linking the held folder. */
export function composeHeldNotice(
  count: number,
  language: Language,
  inboxUrl: string,
  region?: ArabicRegion,
): { subject: string; text: string } {
  const say = (key: string, vars?: Record<string, string | number>) =>
    translate(HELD_NOTICE[language], key, vars, localeOf(language, region));
  const url = `${inboxUrl}/messages?folder=held`;
  return {
    subject: say("subject", { count }),
    text: [say("body", { count }), say("why"), "", say("review", { url }), "", say("once")].join("\n"),
  };
}

/**
 * The notifier SMTP_URL asks for, or none; `ownerEmail` (the site settings' e-mail, read at each send) is the
 * default recipient.
 */
export function notifierFromEnv(
  env: ServerEnv,
  deps: {
    db: Database;
    logger: Logger;
    ownerEmail?: string | (() => Promise<string>);
    /** The settings' "E-mails to you in", for the held messages' notice. */
    ownerLanguage?: () => Promise<Language>;
    arabicRegion?: () => Promise<ArabicRegion>;
    now?: () => Date;
  },
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
    language: deps.ownerLanguage,
    arabicRegion: deps.arabicRegion,
    now: deps.now,
  });
}
