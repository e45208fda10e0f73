import type { Cv } from "#core/cv.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { attempt, readSubmission, respond } from "#app/features/admin/api/mutation.ts";

// The owner's CV (docs/product.md §32): the document as stored, the projects and approved testimonials it may show,
// and its save (PUT /api/cv takes the whole document).

export async function loadCvEditor() {
  const [cv, projects, testimonials] = await Promise.all([
    call(() => api.cv.$get()),
    call(() => api.admin.projects.$get({ query: { page: "1", perPage: "100" } })),
    call(() => api.testimonials.$get({ query: {} })),
  ]);
  return {
    cv,
    projects: projects.items.map((project) => ({
      id: project.id,
      en: project.title,
      ar: project.title_ar,
    })),
    // Only approved testimonials appear on the CV.
    testimonials: testimonials
      .filter((testimonial) => testimonial.approved)
      .map((testimonial) => ({ id: testimonial.id, name: testimonial.name })),
  };
}

export async function cvAction(request: Request) {
  const { input } = await readSubmission<{ cv: Cv }>(request);
  return respond(await attempt("cv.editor.saveFailed", () => call(() => api.cv.$put({ json: input.cv }))));
}
