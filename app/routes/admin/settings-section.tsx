import { requireOwner } from "#app/features/admin/api/session.ts";
import { loadSection, sectionAction } from "#app/features/admin/settings/settings-data.ts";
import { SectionForm } from "#app/features/admin/settings/section-form.tsx";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import type { Route } from "./+types/settings-section";

// …/settings/identity, …/settings/hero, …: one section of the site's settings (docs/product.md §17).

export async function clientLoader({ params, context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return loadSection(params.section);
}

export const clientAction = ({ request, params }: Route.ClientActionArgs) =>
  sectionAction(request, params.section);

export default function SettingsSectionRoute({ loaderData }: Route.ComponentProps) {
  // A form per section: another section's changes never carry over.
  return <SectionForm key={loaderData.section} {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.fetchSettings" />;
}
