import { requireOwner } from "#app/features/admin/api/session.ts";
import { PasswordForm } from "#app/features/admin/settings/security/password-form.tsx";
import { SecondFactors } from "#app/features/admin/settings/security/second-factors.tsx";
import { loadSecurity, securityAction } from "#app/features/admin/settings/security/security-data.ts";
import { SessionsForm } from "#app/features/admin/settings/security/sessions-form.tsx";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import type { Route } from "./+types/settings-security";

// …/settings/security: the password, the second factors and where the owner is signed in (docs/product.md §17.5,
// §22, §26).

export async function clientLoader({ context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return loadSecurity();
}

export const clientAction = ({ request }: Route.ClientActionArgs) => securityAction(request);

export default function SettingsSecurityRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PasswordForm />
      <SecondFactors factors={loaderData.factors} />
      <SessionsForm sessions={loaderData.sessions} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.fetchSessions" />;
}
