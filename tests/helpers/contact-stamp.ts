import type { Database } from "#db/client.ts";
import { createFormStamps } from "#server/features/contact/form-stamp.ts";

// The contact form's signed render time (docs/product.md §25), made with the server's own key in the test's
// database, as the contact page would have put it in its hidden field.

/** A stamp for a form rendered at `renderedAt`: by default long ago, so any post counts as a person's. */
export function contactStamp(db: Database, renderedAt = new Date("2020-01-01T00:00:00Z")): Promise<string> {
  return createFormStamps(db).issue(renderedAt);
}
