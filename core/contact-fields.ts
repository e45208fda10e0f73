// The contact form's fields and the form service's codes (docs/product.md §2 "Contact", §8): what the browser's form
// needs, apart from the checks in core/contact.ts, whose e-mail rule (zod) the browser never runs.

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Characters per field (UTF-16 units, as the browser's maxLength counts them). */
export const CONTACT_LIMITS = { name: 200, email: 254, subject: 200, message: 10_000, form_origin: 500 };

/** The honeypot: people never see it, so a filled one means a robot (Formspree's `_gotcha`). */
export const HONEYPOT_FIELD = "_gotcha";

/**
 * The contact page's render time, signed by the server (docs/product.md §12, §25): a forged one, or one posted
 * sooner than CONTACT_MIN_FILL_MS after it, is answered like a filled honeypot. A post without one (another
 * site's form, an app, the Formspree client) is checked like any other.
 */
export const FORM_STAMP_FIELD = "_rendered";
export const CONTACT_MIN_FILL_MS = 2000;
/** How long a render stamp is good for; a message with an older one is held for the owner to review. */
export const CONTACT_STAMP_LIFETIME_MS = 6 * 60 * 60 * 1000;

/** Why a post was answered like a success but not kept: a robot gave itself away (docs/product.md §12). */
export const CONTACT_DROP_REASONS = ["honeypot", "forgedStamp", "tooFast"] as const;
export type ContactDropReason = (typeof CONTACT_DROP_REASONS)[number];

/** docs/product.md §8: the codes a Formspree-compatible form service answers with. */
export const FORM_ERROR_CODES = [
  "BLOCKED",
  "EMPTY",
  "FILES_TOO_BIG",
  "FORM_NOT_FOUND",
  "INACTIVE",
  "NO_FILE_UPLOADS",
  "PROJECT_NOT_FOUND",
  "TOO_MANY_FILES",
] as const;
export const FIELD_ERROR_CODES = [
  "REQUIRED_FIELD_EMPTY",
  "REQUIRED_FIELD_MISSING",
  "STRIPE_CLIENT_ERROR",
  "STRIPE_SCA_ERROR",
  "TYPE_EMAIL",
  "TYPE_NUMERIC",
  "TYPE_TEXT",
] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number] | "UNSPECIFIED";
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number] | "UNSPECIFIED";
