import { describe, expect, it } from "vitest";
import {
  CONTACT_LIMITS,
  checkContactFields,
  collectFormFields,
  isHoneypotFilled,
  toSingleLine,
  type FieldProblem,
} from "./contact.ts";

const valid = {
  name: "Mona Ali",
  email: "mona@example.com",
  subject: "A new shop",
  message: "Hello!\nCan we talk?",
  form_origin: "https://mona.dev/contact",
};

const problems = (raw: Record<string, unknown>) => {
  const result = checkContactFields(raw);
  return result.ok ? [] : result.problems.map(({ field, code }: FieldProblem) => `${field}:${code}`);
};

describe("checkContactFields", () => {
  it("accepts a complete message and trims it", () => {
    expect(
      checkContactFields({
        ...valid,
        name: "  منى علي ",
        message: "\n  سطر أول\r\nسطر ثانٍ  \n",
        extra: "ignored",
      }),
    ).toEqual({
      ok: true,
      message: { ...valid, name: "منى علي", message: "سطر أول\nسطر ثانٍ" },
    });
  });

  it("does not require form_origin", () => {
    const rest = { name: valid.name, email: valid.email, subject: valid.subject, message: valid.message };
    expect(checkContactFields(rest)).toEqual({ ok: true, message: { ...rest, form_origin: "" } });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["nothing at all", {}, ["name", "email", "subject", "message"].map((f) => `${f}:REQUIRED_FIELD_MISSING`)],
    ["a null name", { ...valid, name: null }, ["name:REQUIRED_FIELD_MISSING"]],
    ["a blank subject", { ...valid, subject: " \t " }, ["subject:REQUIRED_FIELD_EMPTY"]],
    ["a message of line breaks", { ...valid, message: "\r\n\n" }, ["message:REQUIRED_FIELD_EMPTY"]],
    ["a number for a name", { ...valid, name: 42 }, ["name:TYPE_TEXT"]],
    ["a list for a subject", { ...valid, subject: ["a", "b"] }, ["subject:TYPE_TEXT"]],
    ["an object for form_origin", { ...valid, form_origin: {} }, ["form_origin:TYPE_TEXT"]],
    ["an address without a domain", { ...valid, email: "mona@localhost" }, ["email:TYPE_EMAIL"]],
    ["an address without @", { ...valid, email: "mona.example.com" }, ["email:TYPE_EMAIL"]],
    ["two addresses", { ...valid, email: "a@example.com, b@example.com" }, ["email:TYPE_EMAIL"]],
    [
      "an address with an injected header",
      { ...valid, email: "a@example.com\r\nBcc: b@example.com" },
      ["email:TYPE_EMAIL"],
    ],
    ["an empty e-mail (not also a bad format)", { ...valid, email: "" }, ["email:REQUIRED_FIELD_EMPTY"]],
  ])("refuses %s", (_name, raw, expected) => {
    expect(problems(raw)).toEqual(expected);
  });

  it.each(Object.entries(CONTACT_LIMITS))("caps %s at %i characters", (field, max) => {
    const at = field === "email" ? `${"a".repeat(max - 12)}@example.com` : "ب".repeat(max);
    const over = field === "email" ? `a${at}` : `${at}ب`;
    expect(problems({ ...valid, [field]: at })).toEqual([]);
    const result = checkContactFields({ ...valid, [field]: over });
    expect(result).toEqual({
      ok: false,
      problems: [{ field, code: "TYPE_TEXT", key: "tooLong", vars: { max, count: max } }],
    });
  });

  it("turns line breaks in name, e-mail-free single-line fields into spaces", () => {
    const result = checkContactFields({
      ...valid,
      name: "Mona\r\nBcc: victim@example.com",
      subject: "Hi\nTo: x@example.com\u2028again\u0000",
    });
    expect(result).toMatchObject({
      ok: true,
      message: { name: "Mona Bcc: victim@example.com", subject: "Hi To: x@example.com again" },
    });
  });
});

describe("toSingleLine", () => {
  it.each([
    ["a\r\nb", "a b"],
    ["a\rb\nc", "a b c"],
    ["\u0085x\u2029", "x"],
    ["tab\there", "tab here"],
    ["plain", "plain"],
  ])("%j -> %j", (input, expected) => {
    expect(toSingleLine(input)).toBe(expected);
  });
});

describe("isHoneypotFilled", () => {
  it.each<[Record<string, unknown>, boolean]>([
    [{}, false],
    [{ _gotcha: "" }, false],
    [{ _gotcha: "  " }, false],
    [{ _gotcha: null }, false],
    [{ _gotcha: "http://spam.example" }, true],
    [{ _gotcha: 1 }, true],
    [{ _gotcha: ["", ""] }, true],
  ])("%j -> %s", (raw, expected) => {
    expect(isHoneypotFilled(raw)).toBe(expected);
  });
});

describe("collectFormFields", () => {
  it("keeps single values, lists repeated names and reports files", () => {
    const form = new FormData();
    form.append("name", "Mona");
    form.append("subject", "a");
    form.append("subject", "b");
    form.append("__proto__", "field");
    expect(collectFormFields(form.entries())).toEqual({
      fields: Object.assign(Object.create(null) as object, {
        name: "Mona",
        subject: ["a", "b"],
        ["__proto__"]: "field",
      }),
      hasFiles: false,
    });
    form.append("cv", new File(["x"], "cv.pdf"));
    expect(collectFormFields(form.entries()).hasFiles).toBe(true);
  });
});
