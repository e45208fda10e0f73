import { restoreAction } from "#app/features/admin/settings/backup-data.ts";
import { BackupForm } from "#app/features/admin/settings/backup-form.tsx";
import type { Route } from "./+types/settings-backup";

// …/settings/backup: the whole site as one file, and back (docs/product.md §19).

export const clientAction = ({ request }: Route.ClientActionArgs) => restoreAction(request);

export default function SettingsBackupRoute() {
  return <BackupForm />;
}
