import { apiErrorText, type ApiErrorKey } from "#core/api-errors.ts";
import { localizePath } from "#core/localized-paths.ts";
import {
  checkContactFields,
  isHoneypotFilled,
  type ContactOutcome,
  type FormErrorCode,
} from "#core/contact.ts";
import type { TranslateVars } from "#core/i18n.ts";
import type { Language } from "#core/preferences.ts";
import type { Database } from "#db/client.ts";
import { messages } from "#db/schema.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { RateLimits } from "#server/http/rate-limits.ts";
import { jsonProblem } from "#server/http/input-guard.ts";
import type { Notifier } from "./notifier.ts";

// The one place a contact message is accepted (docs/product.md §12): POST /f/:formId and the contact page's
// no-JavaScript action both call submitContact, and both answer with its Formspree-style reply.

/** Per client address: this many messages (honeypot catches included) in one window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
const BUCKET = "contact";

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

  const honeypot = isHoneypotFilled(fields);
  const checked = honeypot ? null : checkContactFields(fields);
  if (checked && !checked.ok) {
    const errors = checked.problems.map(({ field, code, key, vars }) => ({
      field,
      code,
      message: text(key, vars),
    }));
    return { status: 422, reply: { error: text("contactInvalid"), errors } };
  }

  // Counted only for submissions that would be stored (or caught by the honeypot): correcting a typo
  // does not use up a visitor's allowance.
  const { hits, windowEndsAt } = await deps.rateLimits.hit(
    BUCKET,
    submission.address,
    CONTACT_RATE_LIMIT.windowMs,
  );
  if (hits > CONTACT_RATE_LIMIT.max) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowEndsAt.getTime() - deps.now().getTime()) / 1000));
    const message = text("contactLimited", { count: Math.ceil(retryAfterSeconds / 60) });
    return {
      status: 429,
      reply: { error: message, errors: [{ code: "BLOCKED", message }] },
      retryAfterSeconds,
    };
  }

  const next = `${submission.origin}${localizePath("/contact?sent=1", language)}`;
  const success: ContactOutcome = { status: 200, reply: { ok: true, next } };
  // A robot gets the same answer as a person, so it learns nothing; its message is not kept.
  if (honeypot || !checked) return success;

  // The reply waits for the insert: whatever is acknowledged is in the database.
  const at = deps.now();
  const [row] = await deps.db
    .insert(messages)
    .values({ ...checked.message, created_at: at, notify_after: deps.notifier ? at : null })
    .returning({ id: messages.id });
  deps.logger.info("contact message stored", { id: row!.id });
  deps.notifier?.kick();
  return success;
}
