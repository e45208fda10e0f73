import { apiErrorText, type ApiErrorKey } from "#core/api-errors.ts";
import { localizePath } from "#core/localized-paths.ts";
import { and, eq, gt, sql } from "drizzle-orm";
import {
  FORM_STAMP_FIELD,
  checkContactFields,
  isHoneypotFilled,
  type ContactDropReason,
  type ContactOutcome,
  type FormErrorCode,
} from "#core/contact.ts";
import type { TranslateVars } from "#core/i18n.ts";
import type { Language } from "#core/preferences.ts";
import { LEAD_FIELDS, leadPath } from "#core/visits.ts";
import type { Database } from "#db/client.ts";
import { contactDrops, messages } from "#db/schema.ts";
import { unreachableDatabaseError } from "#server/kernel/database.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { addressGroup } from "#server/http/client-address.ts";
import { createRateLimits, type RateLimits } from "#server/kernel/rate-limits.ts";
import type { OwnerAlerts } from "#server/features/alerts/owner-alerts.ts";
import type { FormStamps } from "./form-stamp.ts";
import { jsonProblem } from "#server/http/input-guard.ts";
import type { Notifier } from "./notifier.ts";

// The one place a contact message is accepted (docs/product.md §12): POST /f/:formId and the contact page's
// no-JavaScript action both call submitContact, and both answer with its Formspree-style reply. Every valid
// message is kept: in the inbox, or held for the owner to review (the hourly ceiling reached, or a render stamp
// expired or used before). Only a post in which a robot gives itself away is answered "success" and dropped, and
// counted by reason for the owner.

/** Per client address: this many messages (honeypot catches included) in one window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
const BUCKET = "contact";
/**
 * Messages put in the inbox per hour from everyone together (docs/product.md §25): beyond it messages are held
 * until the hour ends, and the owner is told once.
 */
export const CONTACT_GLOBAL_CEILING = { max: 100, windowMs: 60 * 60 * 1000 };
const GLOBAL_BUCKET = "contact-all";
/** The same e-mail, subject and message again within this time is not stored again (docs/product.md §25). */
export const CONTACT_DUPLICATE_MS = 24 * 60 * 60 * 1000;

export interface ContactDeps {
  db: Database;
  logger: Logger;
  rateLimits: RateLimits;
  now: () => Date;
  /** CONTACT_FORM_ID: the one form this server takes. */
  formId: string;
  /** True when an external endpoint is configured: the page posts there, so ours takes nothing. */
  inactive: boolean;
  /** Present when SMTP_URL is set: the owner is e-mailed about each stored message. */
  notifier?: Notifier;
  /** Told once when the hourly ceiling trips. */
  alerts?: OwnerAlerts;
  /** Signs and checks the form's render time. */
  stamps: FormStamps;
  /** Whether a path is a page the site answers: only those are kept as what led to a message. */
  isSiteAddress: (path: string) => Promise<boolean>;
}

export interface ContactSubmission {
  formId: string;
  /** The decoded body: JSON values or form values (lists for repeated names). */
  fields: Readonly<Record<string, unknown>>;
  hasFiles: boolean;
  /** The client's address, for the rate limit. */
  address: string;
  language: Language;
  /** The site's absolute origin: the `next` of a successful reply is its contact page's sent state. */
  origin: string;
  /** The path of the page the form was sent from (a plain post's Referer), when the form did not say. */
  fromPath?: string | null;
  /**
   * Sent as a form by one of this site's pages (the contact page's action, or form data from the site's own
   * origin), which always carry the render stamp; not by an app or another site's form.
   */
  browserForm?: boolean;
}

export async function submitContact(
  deps: ContactDeps,
  submission: ContactSubmission,
): Promise<ContactOutcome> {
  const { language, fields } = submission;
  const text = (key: ApiErrorKey, vars?: TranslateVars) => apiErrorText(language, key, vars);
  const formError = (
    status: ContactOutcome["status"],
    code: FormErrorCode,
    key: ApiErrorKey,
  ): ContactOutcome => {
    const message = text(key);
    return { status, reply: { error: message, errors: [{ code, message }] } };
  };

  if (submission.formId !== deps.formId) return formError(404, "FORM_NOT_FOUND", "contactFormNotFound");
  if (deps.inactive) return formError(403, "INACTIVE", "contactInactive");
  if (submission.hasFiles) return formError(400, "NO_FILE_UPLOADS", "contactNoFiles");
  if (Object.keys(fields).length === 0) return formError(422, "EMPTY", "contactEmpty");
  // docs/product.md §20: prototype-named fields and deep nesting are refused; control characters in the
  // fields are stripped below (the form keeps its line breaks).
  const problem = jsonProblem(fields, { text: false });
  if (problem) return formError(400, "UNSPECIFIED", problem.key);

  // A filled honeypot, or a render stamp this server did not sign: a robot, which is not told about its fields.
  // A post without a stamp (another site's form, an app, the Formspree client) is checked like any other; the
  // fill time is checked only where the contact page issued a stamp.
  const honeypot = isHoneypotFilled(fields);
  const given = Object.hasOwn(fields, FORM_STAMP_FIELD) ? fields[FORM_STAMP_FIELD] : "";
  const stamp = honeypot || given === "" ? null : await deps.stamps.check(given, deps.now());
  const robot: ContactDropReason | null = honeypot ? "honeypot" : stamp === "invalid" ? "forgedStamp" : null;
  const checked = robot ? null : checkContactFields(fields);
  if (checked && !checked.ok) {
    const errors = checked.problems.map(({ field, code, key, vars }) => ({
      field,
      code,
      message: text(key, vars),
    }));
    return { status: 422, reply: { error: text("contactInvalid"), errors } };
  }

  // Counted only for submissions that would be stored (or caught as a robot's): correcting a typo does not use
  // up a visitor's allowance. Every address of an IPv6 /64 counts as one (docs/product.md §25).
  const { hits, windowEndsAt } = await deps.rateLimits.hit(
    BUCKET,
    addressGroup(submission.address),
    CONTACT_RATE_LIMIT.windowMs,
  );
  const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - deps.now().getTime()) / 1000));
  if (hits > CONTACT_RATE_LIMIT.max) {
    const retryAfterSeconds = secondsUntil(windowEndsAt);
    const message = text("contactLimited", { count: Math.ceil(retryAfterSeconds / 60) });
    return {
      status: 429,
      reply: { error: message, errors: [{ code: "BLOCKED", message }] },
      retryAfterSeconds,
    };
  }

  const next = `${submission.origin}${localizePath("/contact?sent=1", language)}`;
  const success: ContactOutcome = { status: 200, reply: { ok: true, next } };
  // A robot gets the same answer as a person, so it learns nothing; its message is not kept, and counted for the
  // owner. So does a form sent sooner after it was rendered than a person can fill it.
  const dropped = robot ?? (stamp === "tooFast" ? "tooFast" : null);
  if (dropped || !checked) {
    const reason = dropped ?? "honeypot";
    deps.logger.info("contact post not kept", { reason });
    const at = deps.now();
    await deps.db
      .insert(contactDrops)
      .values({ reason, count: 1, last_at: at })
      .onConflictDoUpdate({
        target: contactDrops.reason,
        set: { count: sql`${contactDrops.count} + 1`, last_at: at },
      });
    return success;
  }

  // What led to the message (docs/product.md §27): two paths of real pages, nothing else.
  const sitePath = async (value: unknown) => {
    const path = leadPath(value);
    return path !== null && (await deps.isSiteAddress(path)) ? path : null;
  };
  const entryPath = await sitePath(fields[LEAD_FIELDS.entry]);
  const fromPath = (await sitePath(fields[LEAD_FIELDS.last])) ?? (await sitePath(submission.fromPath));
  const at = deps.now();
  const message = checked.message;
  // The stamp a message came with is kept with it: a stamp is good for one message.
  const formStamp = stamp === "ok" || stamp === "expired" ? (given as string) : null;
  const stored = await deps.db.transaction(async (tx) => {
    // One sender's posts one at a time, so the same message sent twice at once is still stored once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sira:contact:${message.email}`}))`);
    const [same] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.email, message.email),
          eq(messages.subject, message.subject),
          eq(messages.message, message.message),
          gt(messages.created_at, new Date(at.getTime() - CONTACT_DUPLICATE_MS)),
        ),
      )
      .limit(1);
    if (same) return { kind: "duplicate" as const, id: same.id };
    // A browser's form without the stamp the contact page always carries has no fill time to check: it is held
    // for the owner rather than put in the inbox unchecked (docs/product.md §25.3), and never lost.
    const unstamped = submission.browserForm === true && stamp === null;
    const hold = unstamped ? "unstamped" : await holdReason(tx, formStamp, stamp === "expired");
    // Counted in the transaction that stores the message, so the count is of messages put in the inbox.
    const everyone = hold
      ? null
      : await createRateLimits(tx, deps.now).hit(GLOBAL_BUCKET, "*", CONTACT_GLOBAL_CEILING.windowMs);
    const ceiling = everyone !== null && everyone.hits > CONTACT_GLOBAL_CEILING.max;
    const held = hold !== null || ceiling;
    // The reply waits for the insert: whatever is acknowledged is in the database. A held message is not mailed on
    // its own: the notifier counts the held ones in one notice an hour, and the owner reviews them in the inbox.
    const [row] = await tx
      .insert(messages)
      .values({
        ...message,
        created_at: at,
        notify_after: deps.notifier && !held ? at : null,
        held,
        form_stamp: formStamp,
        entry_path: entryPath,
        from_path: fromPath,
      })
      .returning({ id: messages.id });
    return {
      kind: "stored" as const,
      id: row!.id,
      held: hold ?? (ceiling ? "ceiling" : null),
      tripped: ceiling && everyone.hits === CONTACT_GLOBAL_CEILING.max + 1 ? everyone.windowEndsAt : null,
    };
  });

  if (stored.kind === "duplicate") {
    deps.logger.info("contact message not stored again: the same one came within a day", { id: stored.id });
    return success;
  }
  if (stored.tripped) {
    deps.logger.warn("contact messages held: the hourly ceiling of the inbox was reached", {
      max: CONTACT_GLOBAL_CEILING.max,
      until: stored.tripped.toISOString(),
    });
    deps.alerts?.alert({ kind: "contactCeiling", max: CONTACT_GLOBAL_CEILING.max, until: stored.tripped });
  }
  if (stored.held) {
    deps.logger.info("contact message held for review", { id: stored.id, reason: stored.held });
    return success;
  }
  deps.logger.info("contact message stored", { id: stored.id });
  deps.notifier?.kick();
  return success;
}

/**
 * Why a message with this render stamp is held rather than put in the inbox: its stamp has expired, or another
 * message came with it already (a page sent twice with different text, or a stamp replayed). Null otherwise.
 */
async function holdReason(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  formStamp: string | null,
  expired: boolean,
): Promise<"expired" | "reused" | null> {
  if (expired) return "expired";
  if (formStamp === null) return null;
  // One stamp's messages one at a time, so two sent at once with one stamp are not both taken as its first.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sira:contact-stamp:${formStamp}`}))`);
  const [used] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.form_stamp, formStamp))
    .limit(1);
  return used ? "reused" : null;
}

/** The contact service: the one place a message is accepted, and the signed render time of the form. */
export function createContact(deps: ContactDeps) {
  return {
    /** Takes a message sent to `formId`, by default this server's form (CONTACT_FORM_ID). */
    submit: (submission: Omit<ContactSubmission, "formId"> & { formId?: string }) =>
      submitContact(deps, { ...submission, formId: submission.formId ?? deps.formId }).catch(
        (error: unknown): ContactOutcome => {
          // Nothing was stored: the visitor is told to send it again, and the form keeps what was typed
          // (docs/product.md §23.6).
          if (!unreachableDatabaseError(error)) throw error;
          deps.logger.error("contact message not stored: the database is out of reach", {
            error: String(error),
          });
          const message = apiErrorText(submission.language, "databaseUnavailable");
          return {
            status: 503,
            reply: { error: message, errors: [{ code: "UNSPECIFIED", message }] },
            retryAfterSeconds: 30,
          };
        },
      ),
    /** The contact form's signed render time, for its hidden field (docs/product.md §25). */
    stamp: () => deps.stamps.issue(deps.now()),
  };
}

export type Contact = ReturnType<typeof createContact>;
