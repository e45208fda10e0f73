import { replace } from "react-router";
import type { Route } from "./+types/settings-index";

// …/settings opens its first section.
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return replace(`/${params.admin}/settings/identity`);
}

export default function SettingsIndex() {
  return null;
}
