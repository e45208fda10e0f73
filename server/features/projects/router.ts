import { Hono, type MiddlewareHandler } from "hono";
import { ProjectInputSchema, ProjectMoveSchema } from "#db/inputs.ts";
import { limitBody } from "#server/http/guards.ts";
import { listFilterParam, PagingQuerySchema } from "#server/http/paging.ts";
import { jsonBody, queryParams } from "#server/http/validate.ts";
import type { AuditLog } from "#server/features/audit/service.ts";
import type { Projects } from "./service.ts";

/** The move takes the admin's page size (`?perPage=`) to answer the page the project is on now. */
const MoveQuerySchema = PagingQuerySchema.pick({ perPage: true });
const AdminProjectsQuerySchema = PagingQuerySchema.extend({ q: listFilterParam });

// The case study's rich text, six fields of at most PROJECT_LIMITS.richText characters (docs/product.md §28).
const PROJECT_BODY_LIMIT = 4 * 1024 * 1024;

interface ProjectsRouterDeps {
  projects: Projects;
  /** The owner's session guard (401 without it). */
  owner: MiddlewareHandler;
  audit: AuditLog;
}

/** /api/projects: the public list, and the owner's writes (create 201, update, delete 204, move). */
export function projectsRouter({ projects, owner, audit }: ProjectsRouterDeps) {
  const body = jsonBody(ProjectInputSchema);
  return (
    new Hono()
      // A page at a time, however many there are (docs/product.md §7.1).
      .get("/", queryParams(PagingQuerySchema), async (c) =>
        c.json(await projects.apiPage(c.req.valid("query")), 200),
      )
      .post("/", owner, limitBody(PROJECT_BODY_LIMIT), body, async (c) => {
        const saved = await projects.create(c.req.valid("json"));
        await audit.record(c, "projectCreated", saved.title || saved.title_ar);
        return c.json(saved, 201);
      })
      .put("/:id", owner, limitBody(PROJECT_BODY_LIMIT), body, async (c) => {
        const saved = await projects.update(c.req.param("id"), c.req.valid("json"));
        await audit.record(c, "projectUpdated", saved.title || saved.title_ar);
        return c.json(saved, 200);
      })
      .delete("/:id", owner, async (c) => {
        const deleted = await projects.remove(c.req.param("id"));
        await audit.record(c, "projectDeleted", deleted.title || deleted.title_ar);
        return c.body(null, 204);
      })
      // One place up or down the owner's order (docs/product.md §5); answers the page of the owner's list the
      // project is on after the move (docs/product.md §21).
      .post(
        "/:id/move",
        owner,
        limitBody(1024),
        queryParams(MoveQuerySchema),
        jsonBody(ProjectMoveSchema),
        async (c) => {
          const moved = await projects.move(c.req.param("id"), c.req.valid("json").direction);
          await audit.record(c, "projectMoved", moved.title);
          const { perPage } = c.req.valid("query");
          return c.json(
            await projects.adminPage({ page: Math.floor(moved.index / perPage) + 1, perPage }),
            200,
          );
        },
      )
  );
}

/** /api/admin/projects: what the admin page lists (every column, in the owner's order), a page at a time, and one. */
export function adminProjectsRouter({ projects, owner }: Pick<ProjectsRouterDeps, "projects" | "owner">) {
  return new Hono()
    .use(owner)
    .get("/", queryParams(AdminProjectsQuerySchema), async (c) =>
      c.json(await projects.adminPage(c.req.valid("query")), 200),
    )
    .get("/:id", async (c) => c.json(await projects.adminOne(c.req.param("id")), 200));
}
