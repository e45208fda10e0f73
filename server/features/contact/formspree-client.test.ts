import http from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, isSubmissionError, type SubmissionResult } from "@formspree/core";
import { getRequestListener } from "@hono/node-server";
import { afterEach, describe, expect, it } from "vitest";
import { messages } from "#db/schema.ts";
import { makeApp } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";

// POST /f/:formId spoken to by Formspree's own client (docs/product.md §7.9, §12): a client that never saw the
// contact page (no render stamp) gets Formspree's answers, and its valid messages reach the inbox.

const VALID = {
  name: "Sami",
  email: "sami@example.com",
  subject: "From an app",
  message: "Sent with @formspree/core.",
};

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise<void>((done) => server.close(() => done()))),
  );
});

describe.each(backends)("the Formspree client on $name", (backend) => {
  const database = useTestDatabase(backend);
  const stored = () => database().db.select().from(messages);

  /** The real app on a real port: the client posts with fetch to `{endpoint}/f/{formKey}`. */
  async function listen(): Promise<string> {
    const { app } = makeApp(database());
    const listener = getRequestListener(app.fetch);
    const server = http.createServer((req, res) => void listener(req, res));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const fieldCodes = (result: SubmissionResult) =>
    isSubmissionError(result)
      ? Object.fromEntries(
          result.getAllFieldErrors().map(([field, errors]) => [field, errors.map((error) => error.code)]),
        )
      : null;

  it("delivers a JSON object and a FormData submission to the inbox", async () => {
    const endpoint = await listen();
    const client = createClient();
    const json = await client.submitForm("contact", VALID, { endpoint });
    expect(json.kind).toBe("success");
    expect(json.kind === "success" && json.next).toMatch(/\/contact\?sent=1$/);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...VALID, subject: "As FormData" }))
      form.append(name, value);
    expect((await client.submitForm("contact", form, { endpoint })).kind).toBe("success");
    const rows = await stored();
    expect(
      rows.map(({ subject, held }) => ({ subject, held })).sort((a, b) => a.subject.localeCompare(b.subject)),
    ).toEqual([
      { subject: "As FormData", held: false },
      { subject: "From an app", held: false },
    ]);
    expect(rows[0]).toMatchObject({ name: VALID.name, email: VALID.email, message: VALID.message });
  });

  it("answers a bad e-mail with TYPE_EMAIL and a missing message with REQUIRED_FIELD_MISSING", async () => {
    const endpoint = await listen();
    const client = createClient();
    const badEmail = await client.submitForm("contact", { ...VALID, email: "sami@" }, { endpoint });
    expect(badEmail.kind).toBe("error");
    expect(fieldCodes(badEmail)).toEqual({ email: ["TYPE_EMAIL"] });
    const withoutMessage: Record<string, string> = { ...VALID };
    delete withoutMessage.message;
    const missing = await client.submitForm("contact", withoutMessage, { endpoint });
    expect(fieldCodes(missing)).toEqual({ message: ["REQUIRED_FIELD_MISSING"] });
    const empty = await client.submitForm("contact", { ...VALID, message: "  " }, { endpoint });
    expect(fieldCodes(empty)).toEqual({ message: ["REQUIRED_FIELD_EMPTY"] });
    expect(await stored()).toEqual([]);
  });

  it("answers an unknown form with FORM_NOT_FOUND", async () => {
    const endpoint = await listen();
    const result = await createClient().submitForm("no-such-form", VALID, { endpoint });
    expect(isSubmissionError(result)).toBe(true);
    expect(isSubmissionError(result) && result.getFormErrors().map((error) => error.code)).toEqual([
      "FORM_NOT_FOUND",
    ]);
    expect(await stored()).toEqual([]);
  });
});
