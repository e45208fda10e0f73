import { replace } from "react-router";
import { isSignedIn } from "#app/features/admin/api/session.ts";
import type { Route } from "./+types/index";

// The admin's own address opens its first view, Projects (docs/product.md §2.10), once the owner has signed in
// (until then the sign-in shows there, and loads no view's code).
export function clientLoader({ params, context }: Route.ClientLoaderArgs) {
  return isSignedIn(context) ? replace(`/${params.admin}/projects`) : null;
}

export default function AdminIndex() {
  return null;
}
