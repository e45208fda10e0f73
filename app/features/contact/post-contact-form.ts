import { readContactReply, type ContactReplyResult } from "#core/contact-reply.ts";
import type { Language } from "#core/preferences.ts";

/**
 * Posts the form as the form service expects (docs/product.md §7: form data, asking for a JSON reply) and reads the
 * reply with the one reader of docs/product.md §8. Never throws: a network failure is a result too.
 */
export async function postContactForm(
  endpoint: string,
  form: HTMLFormElement,
  unexpectedReply: string,
  language: Language,
): Promise<ContactReplyResult> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      body: new FormData(form),
      // The reply's messages in the page's language (Accept-Language is allowed across origins too).
      headers: { Accept: "application/json", "Accept-Language": language },
    });
  } catch (error) {
    return readContactReply({ failure: error }, unexpectedReply);
  }
  // A body that is not JSON (a proxy's error page, say) is an unexpected format.
  const body: unknown = await response.json().catch(() => null);
  return readContactReply({ body }, unexpectedReply);
}
