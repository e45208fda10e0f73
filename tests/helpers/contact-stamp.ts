import type { Database } from "#db/client.ts";
import { createFormStamps } from "#server/features/contact/form-stamp.ts";

// The contact form's signed render time (docs/product.md §25), made with the server's own key in the test's
// database, as the contact page would have put it in its hidden field.

/**
 * A stamp for a form rendered at `renderedAt`: by default a minute ago on the real clock, so a post now counts as a
 * person's (past the minimum fill time, within the stamp's lifetime). A stamp is good for one message.
 */
export function contactStamp(db: Database, renderedAt = new Date(Date.now() - 60_000)): Promise<string> {
  return createFormStamps(db).issue(renderedAt);
}
