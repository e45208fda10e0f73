import { data, redirect, type RouterContextProvider } from "react-router";
import { localizePath } from "#core/localized-paths.ts";
import { requestLanguage } from "#app/lib/language.ts";
import {
  CONTACT_FIELDS,
  FORM_STAMP_FIELD,
  collectFormFields,
  type ContactField,
  type ContactReply,
} from "#core/contact.ts";
import { getPageRequest, getServices } from "#app/lib/services.server.ts";
import { apiErrorText } from "#core/api-errors.ts";

/** What the page shows after a refused no-JavaScript post: the reply, and what the visitor typed. */
export interface ContactActionData {
  reply: ContactReply;
  values: Partial<Record<ContactField, string>>;
  /** The render time the refused post carried, so the form keeps it (docs/product.md §25). */
  stamp?: string;
}

/**
 * The contact page's plain form post (no JavaScript, decision 012): the same service as POST /f/:formId.
 * Success redirects (303) to the page's success state, so reloading it cannot send the message twice; a
 * refusal renders the page again with the errors under the fields and every typed value kept.
 */
export async function submitContactPage(request: Request, context: Readonly<RouterContextProvider>) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not form data at all, or broken (docs/product.md §20): the page again with the reason, never a 500.
    const message = apiErrorText(requestLanguage(request), "contactMediaType");
    return data<ContactActionData>(
      { reply: { error: message, errors: [{ code: "UNSPECIFIED", message }] }, values: {} },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const { fields, hasFiles } = collectFormFields(form.entries());
  // The same service as POST /f/:formId, with this request's address and the page's language.
  const { address, origin } = getPageRequest(context);
  const language = requestLanguage(request);
  const outcome = await getServices(context).contact.submit({
    fields,
    hasFiles,
    address,
    language,
    origin,
    fromPath: sameSitePath(request),
    browserForm: true,
  });
  if (outcome.status === 200) return redirect(localizePath("/contact?sent=1", language), 303);
  const values: ContactActionData["values"] = {};
  for (const name of CONTACT_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  const headers: HeadersInit = outcome.retryAfterSeconds
    ? { "Retry-After": String(outcome.retryAfterSeconds), "Cache-Control": "no-store" }
    : { "Cache-Control": "no-store" };
  const stamp = form.get(FORM_STAMP_FIELD);
  return data<ContactActionData>(
    { reply: outcome.reply, values, ...(typeof stamp === "string" ? { stamp } : {}) },
    { status: outcome.status, headers },
  );
}

/** The path of the page the form was posted from, when the Referer is this site's (docs/product.md §27). */
function sameSitePath(request: Request): string | null {
  try {
    const from = new URL(request.headers.get("Referer") ?? "");
    return from.host === new URL(request.url).host ? from.pathname : null;
  } catch {
    return null;
  }
}
