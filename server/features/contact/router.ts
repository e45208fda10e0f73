import { Hono, type Context } from "hono";
import { CONTACT_BODY_LIMIT, collectFormFields, type ContactOutcome } from "#core/contact.ts";
import { apiFail, formLanguage } from "#server/http/errors.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { limitBody } from "#server/http/guards.ts";
import type { Contact } from "./submit.ts";

// POST /f/:formId, the contact form endpoint with Formspree's replies (docs/product.md §7.9, docs/architecture.md "API").
// It takes JSON or form data (urlencoded or multipart) and always answers JSON.

type Body =
  | { ok: true; fields: Record<string, unknown>; hasFiles: boolean; browserForm?: boolean }
  | { ok: false; response: Response };

async function readBody(c: Context): Promise<Body> {
  const type = c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type === undefined) {
    // No type usually means no body: an empty form.
    const raw = await c.req.text();
    if (raw.trim() === "") return { ok: true, fields: {}, hasFiles: false };
    return { ok: false, response: apiFail(c, 415, "contactMediaType") };
  }
  if (type === "application/json") {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return { ok: false, response: apiFail(c, 400, "invalidJson") };
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return { ok: false, response: apiFail(c, 400, "invalidJson") };
    }
    return { ok: true, fields: body as Record<string, unknown>, hasFiles: false };
  }
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return { ok: false, response: apiFail(c, 400, "invalidInput") };
    }
    // A form of one of this site's pages (the contact page's, whatever script sent it): it carries the stamp.
    const ownOrigin = new URL(c.req.url).origin;
    const fromOwnPage =
      c.req.header("Sec-Fetch-Site") === "same-origin" || c.req.header("Origin") === ownOrigin;
    return { ok: true, ...collectFormFields(form.entries()), browserForm: fromOwnPage };
  }
  return { ok: false, response: apiFail(c, 415, "contactMediaType") };
}

export function replyWith(c: Context, outcome: ContactOutcome) {
  if (outcome.retryAfterSeconds !== undefined) c.header("Retry-After", String(outcome.retryAfterSeconds));
  c.header("Cache-Control", "no-store");
  return c.json(outcome.reply, outcome.status);
}

export function contactRouter(deps: {
  contact: Contact;
  trustProxy: boolean;
  publicOrigin: string | undefined;
}) {
  return new Hono().post("/:formId", limitBody(CONTACT_BODY_LIMIT), async (c) => {
    const body = await readBody(c);
    if (!body.ok) return body.response;
    const outcome = await deps.contact.submit({
      formId: c.req.param("formId"),
      fields: body.fields,
      hasFiles: body.hasFiles,
      browserForm: body.browserForm,
      address: clientAddress(c, deps.trustProxy),
      language: formLanguage(c),
      origin: deps.publicOrigin ?? new URL(c.req.url).origin,
    });
    return replyWith(c, outcome);
  });
}
