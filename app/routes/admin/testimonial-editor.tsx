import { useOutletContext } from "react-router";
import type { Project } from "#db/records.ts";
import { requireOwner } from "#app/features/admin/api/session.ts";
import { ViewError } from "#app/features/admin/shell/view-error.tsx";
import { TestimonialForm } from "#app/features/admin/testimonials/testimonial-form.tsx";
import { loadTestimonial, saveTestimonial } from "#app/features/admin/testimonials/testimonials-data.ts";
import type { Route } from "./+types/testimonial-editor";

// …/testimonials/new and …/testimonials/:id: the write and edit dialogs over the list (docs/product.md §29).

export async function clientLoader({ params, context }: Route.ClientLoaderArgs) {
  requireOwner(context);
  return { testimonial: params.id ? await loadTestimonial(params.id) : undefined };
}

export const clientAction = ({ request, params }: Route.ClientActionArgs) =>
  saveTestimonial(request, params.id);

export default function TestimonialEditorRoute({ loaderData }: Route.ComponentProps) {
  // The project picker's projects: the list's, loaded with it.
  const { projects } = useOutletContext<{ projects: Project[] }>();
  // A form per testimonial: another one's values and draft never carry over.
  return (
    <TestimonialForm
      key={loaderData.testimonial?.id ?? "new"}
      testimonial={loaderData.testimonial}
      projects={projects}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ViewError error={error} titleKey="errors.saveTestimonial" />;
}
