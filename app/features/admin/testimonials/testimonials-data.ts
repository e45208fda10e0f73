import { data } from "react-router";
import type { Testimonial } from "#db/records.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { attempt, readSubmission, respond } from "#app/features/admin/api/mutation.ts";
import { saveWithImages } from "#app/features/admin/api/uploads.ts";
import type { TestimonialBody } from "./testimonial-form.tsx";

// The owner's testimonials (docs/product.md §29): the list, its writes, one to edit, and one-time links for clients.

export const loadTestimonials = async (request: Request) => {
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  return {
    q,
    testimonials: await call(() => api.testimonials.$get({ query: q ? { q } : {} })),
    projects: (await call(() => api.admin.projects.$get({ query: { page: "1", perPage: "100" } }))).items,
    links: await call(() => api.testimonials.links.$get()),
  };
};

export type TestimonialsInput =
  | { intent: "save"; testimonial: Testimonial }
  | { intent: "delete"; id: string }
  | { intent: "move"; id: string; direction: "up" | "down" }
  | { intent: "link"; label: string; project_id: string | null; language: "en" | "ar" }
  | { intent: "revoke"; id: string };

export async function testimonialsAction(request: Request) {
  const { input } = await readSubmission<TestimonialsInput>(request);
  if (input.intent === "link") {
    const { label, project_id, language } = input;
    return respond(
      await attempt("errors.createLink", () =>
        call(() => api.testimonials.links.$post({ json: { label, project_id, language } })),
      ),
    );
  }
  if (input.intent === "revoke") {
    const { id } = input;
    return respond(
      await attempt("ownerTools.revokeFailed", async () => {
        await call(() => api.testimonials.links[":id"].$delete({ param: { id } }));
        return { intent: "revoke" };
      }),
    );
  }
  return respond(
    await attempt("errors.saveTestimonial", async () => {
      if (input.intent === "save") {
        const { id, ...row } = input.testimonial;
        await call(() => api.testimonials[":id"].$put({ param: { id }, json: row }));
      } else if (input.intent === "delete") {
        await call(() => api.testimonials[":id"].$delete({ param: { id: input.id } }));
      } else {
        const json = { direction: input.direction };
        await call(() => api.testimonials[":id"].move.$post({ param: { id: input.id }, json }));
      }
      return { intent: input.intent };
    }),
  );
}

/** One testimonial to edit, from the owner's list (the API has no other read of one). */
export async function loadTestimonial(id: string) {
  const testimonial = (await call(() => api.testimonials.$get({ query: {} }))).find((item) => item.id === id);
  if (!testimonial) throw data(null, { status: 404 });
  return testimonial;
}

/** Saves the add form (no id) or an edit, with the photo chosen in it (stored with the site's images). */
export async function saveTestimonial(request: Request, id: string | undefined) {
  const { input, files } = await readSubmission<TestimonialBody>(request);
  return respond(
    await saveWithImages({
      files,
      folder: "site",
      fieldOf: () => "file",
      titleKey: "errors.saveTestimonial",
      save: (urls) => {
        const json = { ...input, photo_url: urls.image ?? input.photo_url };
        return id
          ? call(() => api.testimonials[":id"].$put({ param: { id }, json }))
          : call(() => api.testimonials.$post({ json }));
      },
    }),
  );
}
