import { redirect } from "react-router";
import type { Route } from "./+types/settings-index";

// …/settings opens its first section. A redirect, not a replace: the navigation into Settings then adds one entry
// to the history (the section's), and Back returns to the view the owner came from.
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return redirect(`/${params.admin}/settings/identity`);
}

export default function SettingsIndex() {
  return null;
}
