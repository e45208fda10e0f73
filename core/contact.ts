import { z } from "./zod.ts";
import type { ApiErrorKey } from "./api-errors.ts";
import { CONTACT_LIMITS, HONEYPOT_FIELD, type ContactField, type FieldErrorCode } from "./contact-fields.ts";
import type { TranslateVars } from "./i18n.ts";

// The contact form's rules (docs/product.md §2 "Contact", §3 "Contact message", §8 form-service codes), shared by the
// endpoint POST /f/:formId, the contact page's no-JavaScript action and its browser code.

export * from "./contact-fields.ts";

/** A whole submission, fields and encoding included; well above the sum of the caps in Arabic form data. */
export const CONTACT_BODY_LIMIT = 128 * 1024;

/** The service's replies (Formspree's protocol): success, or errors with a field for field-level ones. */
export type ContactReply =
  | { ok: true; next: string }
  | { error: string; errors?: { field?: string; code: string; message: string }[] };

/** What the service decided: the reply, its HTTP status, and for a rate limit when to try again. */
export interface ContactOutcome {
  status: 200 | 400 | 403 | 404 | 415 | 422 | 429 | 503;
  reply: ContactReply;
  retryAfterSeconds?: number;
}

/** A message ready to store: every field trimmed, the single-line ones without line breaks. */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  form_origin: string;
}

export interface FieldProblem {
  field: ContactField | "form_origin";
  code: FieldErrorCode;
  key: ApiErrorKey;
  vars?: TranslateVars;
}

/**
 * Name, e-mail and subject end up in mail headers (the owner's notification): a line break there could add
 * headers, so every line break and other control character becomes a space.
 */
export function toSingleLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point.
  return value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ").trim();
}

/** The message keeps its lines (as \n) and tabs; other control characters go. */
function toMultiLine(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex -- as above.
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .trim()
  );
}

const isEmail = (value: string) => z.email().safeParse(value).success;

function checkText(
  field: FieldProblem["field"],
  raw: unknown,
  clean: (value: string) => string,
  required: boolean,
): { value: string } | { problem: FieldProblem } {
  if (raw === undefined || raw === null) {
    return required
      ? { problem: { field, code: "REQUIRED_FIELD_MISSING", key: "contactRequired" } }
      : { value: "" };
  }
  if (typeof raw !== "string") return { problem: { field, code: "TYPE_TEXT", key: "notText" } };
  const value = clean(raw);
  if (required && value === "") {
    return { problem: { field, code: "REQUIRED_FIELD_EMPTY", key: "contactRequired" } };
  }
  const max = CONTACT_LIMITS[field];
  if (value.length > max)
    return { problem: { field, code: "TYPE_TEXT", key: "tooLong", vars: { max, count: max } } };
  return { value };
}

/** Checks a submission's fields (any JSON or form values); unknown fields are ignored. */
export function checkContactFields(
  raw: Readonly<Record<string, unknown>>,
): { ok: true; message: ContactMessage } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const value = (field: FieldProblem["field"], clean: (text: string) => string, required = true) => {
    const result = checkText(field, Object.hasOwn(raw, field) ? raw[field] : undefined, clean, required);
    if ("problem" in result) {
      problems.push(result.problem);
      return "";
    }
    return result.value;
  };
  const name = value("name", toSingleLine);
  const email = value("email", toSingleLine);
  // Only a value that passed the other checks is judged as an address: one problem per field.
  if (email !== "" && !isEmail(email))
    problems.push({ field: "email", code: "TYPE_EMAIL", key: "contactEmail" });
  const message: ContactMessage = {
    name,
    email,
    subject: value("subject", toSingleLine),
    message: value("message", toMultiLine),
    form_origin: value("form_origin", toSingleLine, false),
  };
  return problems.length === 0 ? { ok: true, message } : { ok: false, problems };
}

/** A filled honeypot: any value other than blank text. */
export function isHoneypotFilled(raw: Readonly<Record<string, unknown>>): boolean {
  const value = Object.hasOwn(raw, HONEYPOT_FIELD) ? raw[HONEYPOT_FIELD] : undefined;
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}

/**
 * Form data as fields: a name sent twice becomes a list (which the checks refuse as not text), and any file
 * is reported, since the form takes none.
 */
export function collectFormFields(entries: Iterable<[string, FormDataEntryValue]>): {
  fields: Record<string, unknown>;
  hasFiles: boolean;
} {
  // No prototype: a field named __proto__ stays a field.
  const fields = Object.create(null) as Record<string, unknown>;
  let hasFiles = false;
  for (const [name, value] of entries) {
    if (typeof value !== "string") hasFiles = true;
    const previous = fields[name];
    if (previous === undefined) fields[name] = value;
    else fields[name] = Array.isArray(previous) ? [...(previous as unknown[]), value] : [previous, value];
  }
  return { fields, hasFiles };
}
