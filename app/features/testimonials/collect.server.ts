import { data, type RouterContextProvider } from "react-router";
import { apiErrorText, issueText } from "#core/api-errors.ts";
import type { Language } from "#core/preferences.ts";
import { TestimonialSubmissionSchema } from "#db/inputs.ts";
import { ServiceError } from "#server/http/errors.ts";
import { getPageRequest, getServices } from "#app/lib/services.server.ts";

// The page a client writes a testimonial on (docs/product.md §29.2): what the link says of itself, and the post.
// The form works without JavaScript: the browser posts to this page's action, which answers the page again.

export type LinkState = "ok" | "invalid" | "expired" | "used";

const STATE_KEYS = {
  invalid: "testimonialLinkInvalid",
  expired: "testimonialLinkExpired",
  used: "testimonialLinkUsed",
} as const;

/**
 * The requests whose post used their link up: the page answered after the post is the thank-you, a success, not
 * the "already used" of a link someone opens again (React Router runs the loader after the action).
 */
const answered = new WeakSet<Readonly<RouterContextProvider>>();

/** Where a link stands, and what to tell the client when it cannot be used. */
export async function loadCollection(
  context: Readonly<RouterContextProvider>,
  token: string,
  language: Language,
) {
  if (answered.has(context)) return data({ state: "ok", message: null }, { status: 200 });
  const state = await getServices(context).testimonials.linkState(token);
  return data(
    { state, message: state === "ok" ? null : apiErrorText(language, STATE_KEYS[state]) },
    { status: state === "ok" ? 200 : state === "invalid" ? 404 : 410 },
  );
}

export interface CollectionReply {
  sent: boolean;
  error: string | null;
  fields: Partial<Record<"name" | "quote", string>>;
  values: Record<string, string>;
}

/** A client's post: stored pending approval, or refused with the reason in the page's language. */
export async function submitCollection(
  request: Request,
  context: Readonly<RouterContextProvider>,
  token: string,
  language: Language,
) {
  // A link that cannot be used is answered before the body is read: nobody without a link gets a form read.
  const state = await getServices(context).testimonials.linkState(token);
  if (state !== "ok")
    return data<CollectionReply>(
      { sent: false, error: apiErrorText(language, STATE_KEYS[state]), fields: {}, values: {} },
      { status: state === "invalid" ? 404 : 410 },
    );
  const form = await request.formData().catch(() => new FormData());
  const value = (name: string) => {
    const entry = form.get(name);
    return typeof entry === "string" ? entry : "";
  };
  const values = Object.fromEntries(
    ["name", "role", "company", "quote", "writing"].map((name) => [name, value(name)]),
  );
  const writing = values.writing === "ar" ? "ar" : "en";
  const parsed = TestimonialSubmissionSchema.safeParse({
    name: values.name,
    role: values.role,
    company: values.company,
    quote_en: writing === "en" ? values.quote : "",
    quote_ar: writing === "ar" ? values.quote : "",
  });
  if (!parsed.success) {
    const fields: CollectionReply["fields"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "name" ? "name" : "quote";
      fields[field] ??= issueText(language, issue);
    }
    return data<CollectionReply>(
      { sent: false, error: apiErrorText(language, "invalidInput"), fields, values },
      { status: 422 },
    );
  }
  try {
    await getServices(context).testimonials.submit(token, parsed.data, getPageRequest(context).address);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data<CollectionReply>(
      { sent: false, error: apiErrorText(language, error.key, error.vars), fields: {}, values },
      { status: error.status },
    );
  }
  answered.add(context);
  return data<CollectionReply>({ sent: true, error: null, fields: {}, values: {} });
}
