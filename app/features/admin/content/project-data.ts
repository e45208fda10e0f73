import { ADMIN_PAGE_SIZE } from "#core/paging.ts";
import { api, call } from "#app/features/admin/api/client.ts";
import { attempt, readSubmission, respond } from "#app/features/admin/api/mutation.ts";
import { saveWithImages } from "#app/features/admin/api/uploads.ts";
import { followPage, pageOf } from "#app/features/admin/lists/list-query.ts";
import type { ProjectBody } from "./project-form.tsx";

// The owner's projects (docs/product.md §17.6, §21): the list a page at a time in the owner's order, one project
// to edit, and the writes of the Projects view and its dialogs.

export async function loadProjects(request: Request) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const list = await call(() =>
    api.admin.projects.$get({
      query: { page: String(pageOf(url)), perPage: String(ADMIN_PAGE_SIZE), ...(q ? { q } : {}) },
    }),
  );
  followPage(url, list);
  return { list, q };
}

export const loadProject = (id: string) => call(() => api.admin.projects[":id"].$get({ param: { id } }));

export type ProjectsInput =
  { intent: "delete"; id: string } | { intent: "move"; id: string; direction: "up" | "down" };

export async function projectsAction(request: Request) {
  const { input } = await readSubmission<ProjectsInput>(request);
  const param = { id: input.id };
  if (input.intent === "delete")
    return respond(
      await attempt("errors.deleteProject", () => call(() => api.projects[":id"].$delete({ param }))),
    );
  return respond(
    await attempt("errors.moveProject", async () => {
      // The answer is the page the project is on now: the first of page 2 moved up is the last of page 1.
      const json = { direction: input.direction };
      const query = { perPage: String(ADMIN_PAGE_SIZE) };
      const { page } = await call(() => api.projects[":id"].move.$post({ param, query, json }));
      return { page };
    }),
  );
}

/** Saves the add form (no id) or an edit, with the image chosen in it. */
export async function saveProject(request: Request, id: string | undefined) {
  const { input, files } = await readSubmission<ProjectBody>(request);
  return respond(
    await saveWithImages({
      files,
      folder: "projects",
      // A refused gallery file shows under its image; the project's image and share images under their fields.
      fieldOf: (name) => (name === "image" ? "file" : name.startsWith("share_image_") ? name : `${name}.url`),
      titleKey: id ? "errors.updateProject" : "errors.addProject",
      save: (urls) => {
        const gallery = input.gallery.map((image, index) => ({
          ...image,
          url: urls[`gallery.${index}`] ?? image.url,
        }));
        const json = {
          ...input,
          gallery,
          image_url: urls.image ?? input.image_url,
          share_image_en: urls.share_image_en ?? input.share_image_en,
          share_image_ar: urls.share_image_ar ?? input.share_image_ar,
        };
        return id
          ? call(() => api.projects[":id"].$put({ param: { id }, json }))
          : call(() => api.projects.$post({ json }));
      },
    }),
  );
}
