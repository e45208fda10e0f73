import {
  FIELD_ERROR_CODES,
  FORM_ERROR_CODES,
  type FieldErrorCode,
  type FormErrorCode,
} from "./contact-fields.ts";

// Reads a form service's reply the way docs/product.md §8 describes (Formspree's protocol): `next` means success;
// otherwise `errors` (field-level when they name a field), or a single `error` text; anything else is an
// unexpected format, and a request that never got an answer reports its own error text. The contact page
// uses it for our endpoint and for an external one alike.

export interface ReplyProblem<Code> {
  code: Code;
  message: string;
}

export type ContactReplyResult =
  | { kind: "success"; next: string }
  | {
      kind: "error";
      /** Problems with the whole submission. */
      formErrors: ReplyProblem<FormErrorCode>[];
      /** Problems by field name, in the order the reply gave them. */
      fieldErrors: Record<string, ReplyProblem<FieldErrorCode>[]>;
      /** Every message, joined with commas (docs/product.md §8). */
      message: string;
    };

/** What came back from posting: a parsed JSON body (anything), or the error the request failed with. */
export type ReplyOutcome = { body: unknown } | { failure: unknown };

export const UNEXPECTED_REPLY = "Unexpected response format";

const formCodes: readonly string[] = FORM_ERROR_CODES;
const fieldCodes: readonly string[] = FIELD_ERROR_CODES;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function failure(
  formErrors: ReplyProblem<FormErrorCode>[],
  fieldErrors: Record<string, ReplyProblem<FieldErrorCode>[]> = {},
): ContactReplyResult {
  const messages = [
    ...formErrors.map((problem) => problem.message),
    ...Object.values(fieldErrors).flatMap((problems) => problems.map((problem) => problem.message)),
  ];
  return { kind: "error", formErrors, fieldErrors, message: messages.join(", ") };
}

/** `unexpected` is the text for a reply of an unknown shape, in the page's language. */
export function readContactReply(outcome: ReplyOutcome, unexpected = UNEXPECTED_REPLY): ContactReplyResult {
  if ("failure" in outcome) {
    const error = outcome.failure;
    const message = error instanceof Error ? error.message : String(error);
    return failure([{ code: "UNSPECIFIED", message: message || unexpected }]);
  }
  const body = outcome.body;
  if (!isRecord(body)) return failure([{ code: "UNSPECIFIED", message: unexpected }]);
  if (typeof body.next === "string") return { kind: "success", next: body.next };

  const errors = body.errors;
  if (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((item) => isRecord(item) && typeof item.message === "string")
  ) {
    const formErrors: ReplyProblem<FormErrorCode>[] = [];
    // No prototype: a field named __proto__ or constructor stays a field.
    const fieldErrors = Object.create(null) as Record<string, ReplyProblem<FieldErrorCode>[]>;
    for (const item of errors as Record<string, unknown>[]) {
      const message = item.message as string;
      const code = typeof item.code === "string" ? item.code : "";
      if (typeof item.field === "string" && item.field !== "") {
        const known = fieldCodes.includes(code) ? (code as FieldErrorCode) : "UNSPECIFIED";
        (fieldErrors[item.field] ??= []).push({ code: known, message });
      } else {
        const known = formCodes.includes(code) ? (code as FormErrorCode) : "UNSPECIFIED";
        formErrors.push({ code: known, message });
      }
    }
    return failure(formErrors, fieldErrors);
  }
  if (typeof body.error === "string" && body.error !== "") {
    return failure([{ code: "UNSPECIFIED", message: body.error }]);
  }
  return failure([{ code: "UNSPECIFIED", message: unexpected }]);
}
