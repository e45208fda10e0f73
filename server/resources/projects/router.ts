import { Hono } from "hono";
import { ProjectInputSchema, ProjectMoveSchema } from "#db/inputs.ts";
import { limitBody } from "#server/http/guards.ts";
import { jsonBody } from "#server/http/validate.ts";
import type { ResourceDeps } from "#server/resources/deps.ts";
import { contentWriteRoutes } from "#server/resources/content-routes.ts";
import { createProject, deleteProject, listProjects, moveProject, updateProject } from "./service.ts";

/** /api/projects: the public list, and the owner's writes. */
export function projectsRouter(deps: ResourceDeps) {
  return (
    new Hono()
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
      )
      // One place up or down the owner's order (docs/product.md §5); answers the list in its new order.
      .post("/:id/move", deps.owner, limitBody(1024), jsonBody(ProjectMoveSchema), async (c) => {
        const ordered = await moveProject(deps, c.req.param("id"), c.req.valid("json").direction);
        deps.contentChanged();
        return c.json(ordered, 200);
      })
  );
}

/** /api/admin/projects: what the admin page lists (every column, in the owner's order). */
export function adminProjectsRouter(deps: ResourceDeps) {
  return new Hono().use(deps.owner).get("/", async (c) => c.json(await listProjects(deps.db), 200));
}
