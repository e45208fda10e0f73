import { describe, expect, it } from "vitest";
import { readContactReply, UNEXPECTED_REPLY, type ContactReplyResult } from "./contact-reply.ts";

const fail = (
  formErrors: { code: string; message: string }[],
  fieldErrors: Record<string, { code: string; message: string }[]>,
  message: string,
): ContactReplyResult => ({ kind: "error", formErrors, fieldErrors, message }) as ContactReplyResult;

describe("readContactReply (docs/product.md §8)", () => {
  it.each<[string, unknown, ContactReplyResult]>([
    [
      "our success reply",
      { ok: true, next: "https://mona.dev/contact?sent=1" },
      { kind: "success", next: "https://mona.dev/contact?sent=1" },
    ],
    [
      "Formspree's success reply",
      { next: "https://formspree.io/thanks?language=en", ok: true },
      { kind: "success", next: "https://formspree.io/thanks?language=en" },
    ],
    ["an empty next", { next: "" }, { kind: "success", next: "" }],
    [
      "field errors with known codes, by field",
      {
        error: "Validation errors",
        errors: [
          { field: "email", code: "TYPE_EMAIL", message: "should be an email" },
          { field: "name", code: "REQUIRED_FIELD_MISSING", message: "is required" },
          { field: "name", code: "TYPE_TEXT", message: "must be text" },
        ],
      },
      fail(
        [],
        {
          email: [{ code: "TYPE_EMAIL", message: "should be an email" }],
          name: [
            { code: "REQUIRED_FIELD_MISSING", message: "is required" },
            { code: "TYPE_TEXT", message: "must be text" },
          ],
        },
        "should be an email, is required, must be text",
      ),
    ],
    [
      "every field code of the catalogue",
      {
        errors: [
          "REQUIRED_FIELD_EMPTY",
          "REQUIRED_FIELD_MISSING",
          "STRIPE_CLIENT_ERROR",
          "STRIPE_SCA_ERROR",
          "TYPE_EMAIL",
          "TYPE_NUMERIC",
          "TYPE_TEXT",
        ].map((code) => ({ field: "f", code, message: code.toLowerCase() })),
      },
      fail(
        [],
        {
          f: [
            "REQUIRED_FIELD_EMPTY",
            "REQUIRED_FIELD_MISSING",
            "STRIPE_CLIENT_ERROR",
            "STRIPE_SCA_ERROR",
            "TYPE_EMAIL",
            "TYPE_NUMERIC",
            "TYPE_TEXT",
          ].map((code) => ({ code, message: code.toLowerCase() })),
        },
        "required_field_empty, required_field_missing, stripe_client_error, stripe_sca_error, type_email, type_numeric, type_text",
      ),
    ],
    [
      "every form code of the catalogue",
      {
        errors: [
          "BLOCKED",
          "EMPTY",
          "FILES_TOO_BIG",
          "FORM_NOT_FOUND",
          "INACTIVE",
          "NO_FILE_UPLOADS",
          "PROJECT_NOT_FOUND",
          "TOO_MANY_FILES",
        ].map((code) => ({ code, message: code })),
      },
      fail(
        [
          "BLOCKED",
          "EMPTY",
          "FILES_TOO_BIG",
          "FORM_NOT_FOUND",
          "INACTIVE",
          "NO_FILE_UPLOADS",
          "PROJECT_NOT_FOUND",
          "TOO_MANY_FILES",
        ].map((code) => ({ code, message: code })),
        {},
        "BLOCKED, EMPTY, FILES_TOO_BIG, FORM_NOT_FOUND, INACTIVE, NO_FILE_UPLOADS, PROJECT_NOT_FOUND, TOO_MANY_FILES",
      ),
    ],
    [
      "unknown codes become UNSPECIFIED, a field code at form level too",
      {
        errors: [
          { field: "email", code: "SOMETHING_NEW", message: "odd field" },
          { code: "TYPE_EMAIL", message: "odd form" },
          { field: "name", message: "no code" },
        ],
      },
      fail(
        [{ code: "UNSPECIFIED", message: "odd form" }],
        {
          email: [{ code: "UNSPECIFIED", message: "odd field" }],
          name: [{ code: "UNSPECIFIED", message: "no code" }],
        },
        "odd form, odd field, no code",
      ),
    ],
    [
      "a form error and a field error together",
      {
        error: "Too many",
        errors: [
          { code: "BLOCKED", message: "Slow down" },
          { field: "message", code: "REQUIRED_FIELD_EMPTY", message: "Say something" },
        ],
      },
      fail(
        [{ code: "BLOCKED", message: "Slow down" }],
        { message: [{ code: "REQUIRED_FIELD_EMPTY", message: "Say something" }] },
        "Slow down, Say something",
      ),
    ],
    [
      "a single error text",
      { error: "The request is too large." },
      fail([{ code: "UNSPECIFIED", message: "The request is too large." }], {}, "The request is too large."),
    ],
    [
      "errors that are not all messages fall back to the error text",
      { error: "Fallback", errors: [{ code: "BLOCKED" }] },
      fail([{ code: "UNSPECIFIED", message: "Fallback" }], {}, "Fallback"),
    ],
    [
      "an empty errors list falls back to the error text",
      { error: "Only this", errors: [] },
      fail([{ code: "UNSPECIFIED", message: "Only this" }], {}, "Only this"),
    ],
    [
      "a field named __proto__ stays a field",
      { errors: [{ field: "__proto__", code: "TYPE_TEXT", message: "odd" }] },
      fail([], { ["__proto__"]: [{ code: "TYPE_TEXT", message: "odd" }] }, "odd"),
    ],
  ])("%s", (_name, body, expected) => {
    const result = readContactReply({ body });
    expect(result).toEqual(expected);
    if (result.kind === "error")
      expect(Object.keys(result.fieldErrors)).toEqual(
        Object.keys(expected.kind === "error" ? expected.fieldErrors : {}),
      );
  });

  it.each<[string, unknown]>([
    ["null (a body that was not JSON)", null],
    ["undefined", undefined],
    ["a string", "OK"],
    ["a number", 200],
    ["an array", [{ next: "/" }]],
    ["an empty object", {}],
    ["ok without next", { ok: true }],
    ["a next that is not text", { next: 1 }],
    ["an empty error text", { error: "" }],
    ["an error that is not text", { error: { message: "x" } }],
    ["errors that are not a list", { errors: { field: "email", message: "x" } }],
    ["errors without messages and no error text", { errors: [{ field: "email", code: "TYPE_EMAIL" }] }],
  ])("gives 'Unexpected response format' for %s", (_name, body) => {
    expect(readContactReply({ body })).toEqual(
      fail([{ code: "UNSPECIFIED", message: UNEXPECTED_REPLY }], {}, UNEXPECTED_REPLY),
    );
  });

  it("gives the unexpected-format text in the page's language when it is passed in", () => {
    expect(readContactReply({ body: [] }, "صيغة رد غير متوقعة")).toMatchObject({
      message: "صيغة رد غير متوقعة",
    });
  });

  it.each<[string, unknown, string]>([
    ["a fetch TypeError", new TypeError("Failed to fetch"), "Failed to fetch"],
    [
      "an aborted request",
      new DOMException("The user aborted a request.", "AbortError"),
      "The user aborted a request.",
    ],
    ["a thrown string", "offline", "offline"],
  ])("shows the error text of a network failure: %s", (_name, failure, message) => {
    expect(readContactReply({ failure })).toEqual(fail([{ code: "UNSPECIFIED", message }], {}, message));
  });
});
