import { Hono } from "hono";
import { ProjectInputSchema, ProjectMoveSchema } from "#db/inputs.ts";
import { limitBody } from "#server/http/guards.ts";
import { PagingQuerySchema } from "#server/http/paging.ts";
import { jsonBody, queryParams } from "#server/http/validate.ts";
import type { ResourceDeps } from "#server/features/deps.ts";
import { contentWriteRoutes } from "#server/features/content-routes.ts";
import {
  createProject,
  deleteProject,
  listProjectPage,
  listProjects,
  moveProject,
  updateProject,
} from "./service.ts";

/** The move takes the admin's page size (`?perPage=`) to answer the page the project is on now. */
const MoveQuerySchema = PagingQuerySchema.pick({ perPage: true });

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
      // One place up or down the owner's order (docs/product.md §5); answers the page of the owner's list the
      // project is on after the move (docs/product.md §21).
      .post(
        "/:id/move",
        deps.owner,
        limitBody(1024),
        queryParams(MoveQuerySchema),
        jsonBody(ProjectMoveSchema),
        async (c) => {
          const index = await moveProject(deps, c.req.param("id"), c.req.valid("json").direction);
          deps.contentChanged();
          const { perPage } = c.req.valid("query");
          return c.json(
            await listProjectPage(deps.db, { page: Math.floor(index / perPage) + 1, perPage }),
            200,
          );
        },
      )
  );
}

/** /api/admin/projects: what the admin page lists (every column, in the owner's order), a page at a time. */
export function adminProjectsRouter(deps: ResourceDeps) {
  return new Hono()
    .use(deps.owner)
    .get("/", queryParams(PagingQuerySchema), async (c) =>
      c.json(await listProjectPage(deps.db, c.req.valid("query")), 200),
    );
}
