import { replace } from "react-router";

// docs/product.md §2: /dashboard redirects to / and replaces the history entry (an HTTP redirect for a document request).
export function loader() {
  return replace("/");
}
