// The contact form's fields and the form service's codes (docs/product.md §2 "Contact", §8): what the browser's form
// needs, apart from the checks in core/contact.ts, whose e-mail rule (zod) the browser never runs.

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Characters per field (UTF-16 units, as the browser's maxLength counts them). */
export const CONTACT_LIMITS = { name: 200, email: 254, subject: 200, message: 10_000, form_origin: 500 };

/** The honeypot: people never see it, so a filled one means a robot (Formspree's `_gotcha`). */
export const HONEYPOT_FIELD = "_gotcha";

/**
 * The form's render time, signed by the server (docs/product.md §25): a post without a valid one, or sooner than
 * CONTACT_MIN_FILL_MS after it, is answered like a filled honeypot.
 */
export const FORM_STAMP_FIELD = "_rendered";
export const CONTACT_MIN_FILL_MS = 2000;

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
