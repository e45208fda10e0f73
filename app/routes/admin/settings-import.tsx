import { ImportForm } from "#app/features/admin/settings/import-form.tsx";
import { importAction } from "#app/features/admin/settings/import-data.ts";
import type { Route } from "./+types/settings-import";

// …/settings/import: writing from WordPress, Ghost or a Markdown folder, previewed before it comes in
// (docs/product.md §31).

export const clientAction = ({ request }: Route.ClientActionArgs) => importAction(request);

export default function SettingsImportRoute() {
  return <ImportForm />;
}
