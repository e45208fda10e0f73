import { apiErrorText, type ApiErrorKey } from "#core/api-errors.ts";
import { localizePath } from "#core/localized-paths.ts";
import { and, eq, gt, sql } from "drizzle-orm";
import {
  FORM_STAMP_FIELD,
  checkContactFields,
  isHoneypotFilled,
  type ContactOutcome,
  type FormErrorCode,
} from "#core/contact.ts";
import type { TranslateVars } from "#core/i18n.ts";
import type { Language } from "#core/preferences.ts";
import type { Database } from "#db/client.ts";
import { messages } from "#db/schema.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { addressGroup } from "#server/http/client-address.ts";
import { createRateLimits, type RateLimits } from "#server/kernel/rate-limits.ts";
import type { OwnerAlerts } from "#server/features/alerts/owner-alerts.ts";
import type { FormStamps } from "./form-stamp.ts";
import { jsonProblem } from "#server/http/input-guard.ts";
import type { Notifier } from "./notifier.ts";

// The one place a contact message is accepted (docs/product.md §12): POST /f/:formId and the contact page's
// no-JavaScript action both call submitContact, and both answer with its Formspree-style reply.

/** Per client address: this many messages (honeypot catches included) in one window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
const BUCKET = "contact";
/**
 * Messages stored per hour from everyone together (docs/product.md §25): beyond it the form answers 429 until the
 * hour ends, and the owner is told once.
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

  // A filled honeypot, or a render time this server did not sign: a robot, which is not told about its fields.
  const honeypot = isHoneypotFilled(fields);
  const stamp = honeypot
    ? "invalid"
    : await deps.stamps.check(
        Object.hasOwn(fields, FORM_STAMP_FIELD) ? fields[FORM_STAMP_FIELD] : null,
        deps.now(),
      );
  const robot = honeypot || stamp === "invalid";
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
  // A robot gets the same answer as a person, so it learns nothing; its message is not kept. So does a form
  // sent sooner after it was rendered than a person can fill it.
  if (robot || stamp === "tooFast" || !checked) {
    deps.logger.info("contact post not kept", { reason: honeypot ? "honeypot" : `stamp ${stamp}` });
    return success;
  }

  const at = deps.now();
  const message = checked.message;
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
    // Counted in the transaction that stores the message, so the count is of stored messages.
    const everyone = await createRateLimits(tx, deps.now).hit(
      GLOBAL_BUCKET,
      "*",
      CONTACT_GLOBAL_CEILING.windowMs,
    );
    if (everyone.hits > CONTACT_GLOBAL_CEILING.max)
      return {
        kind: "ceiling" as const,
        tripped: everyone.hits === CONTACT_GLOBAL_CEILING.max + 1,
        until: everyone.windowEndsAt,
      };
    // The reply waits for the insert: whatever is acknowledged is in the database.
    const [row] = await tx
      .insert(messages)
      .values({ ...message, created_at: at, notify_after: deps.notifier ? at : null })
      .returning({ id: messages.id });
    return { kind: "stored" as const, id: row!.id };
  });

  if (stored.kind === "duplicate") {
    deps.logger.info("contact message not stored again: the same one came within a day", { id: stored.id });
    return success;
  }
  if (stored.kind === "ceiling") {
    if (stored.tripped) {
      deps.logger.warn("contact form paused: the hourly ceiling of stored messages was reached", {
        max: CONTACT_GLOBAL_CEILING.max,
        until: stored.until.toISOString(),
      });
      deps.alerts?.alert({ kind: "contactCeiling", max: CONTACT_GLOBAL_CEILING.max, until: stored.until });
    }
    const retryAfterSeconds = secondsUntil(stored.until);
    const busy = text("contactBusy", { count: Math.ceil(retryAfterSeconds / 60) });
    return {
      status: 429,
      reply: { error: busy, errors: [{ code: "BLOCKED", message: busy }] },
      retryAfterSeconds,
    };
  }
  deps.logger.info("contact message stored", { id: stored.id });
  deps.notifier?.kick();
  return success;
}

/** The contact service: the one place a message is accepted, and the signed render time of the form. */
export function createContact(deps: ContactDeps) {
  return {
    /** Takes a message sent to `formId`, by default this server's form (CONTACT_FORM_ID). */
    submit: (submission: Omit<ContactSubmission, "formId"> & { formId?: string }) =>
      submitContact(deps, { ...submission, formId: submission.formId ?? deps.formId }),
    /** The contact form's signed render time, for its hidden field (docs/product.md §25). */
    stamp: () => deps.stamps.issue(deps.now()),
  };
}

export type Contact = ReturnType<typeof createContact>;
