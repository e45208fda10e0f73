import { Hono } from "hono";
import { ProjectInputSchema } from "#db/inputs.ts";
import type { ResourceDeps } from "#server/resources/deps.ts";
import { contentWriteRoutes } from "#server/resources/content-routes.ts";
import { createProject, deleteProject, listProjects, updateProject } from "./service.ts";

/** /api/projects: the public list, and the owner's writes. */
export function projectsRouter(deps: ResourceDeps) {
  return new Hono()
    .get("/", async (c) => c.json(await listProjects(deps.db), 200))
    .route(
      "/",
      contentWriteRoutes(deps, {
        schema: ProjectInputSchema,
        maxBodyBytes: 64 * 1024,
        create: createProject,
        update: updateProject,
        remove: deleteProject,
      }),
    );
}

/** /api/admin/projects: what the admin page lists (every column, newest created_at first). */
export function adminProjectsRouter(deps: ResourceDeps) {
  return new Hono().use(deps.owner).get("/", async (c) => c.json(await listProjects(deps.db), 200));
}
