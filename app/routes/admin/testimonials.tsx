import { requireOwner } from "#app/features/admin/api/session.ts";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import { loadTestimonials, testimonialsAction } from "#app/features/admin/testimonials/testimonials-data.ts";
import { TestimonialsView } from "#app/features/admin/testimonials/testimonials-view.tsx";
import type { Route } from "./+types/testimonials";

// …/testimonials: what clients said, their approval and order, and one-time links (docs/product.md §29).

export async function clientLoader({ request, context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return loadTestimonials(request);
}

export const clientAction = ({ request }: Route.ClientActionArgs) => testimonialsAction(request);

export default function TestimonialsRoute({ loaderData }: Route.ComponentProps) {
  return <TestimonialsView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.saveTestimonial" />;
}
