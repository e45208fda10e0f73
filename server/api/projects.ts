import { Hono } from "hono";
import { ProjectInputSchema } from "../../core/project-input.ts";
import { limitBody } from "../http/guards.ts";
import { readJsonBody } from "../http/validate.ts";
import { createProject, deleteProject, updateProject } from "../services/project-writes.ts";
import { listProjects } from "../services/projects.ts";
import type { RouteDeps } from "./route-deps.ts";

export function projectsRouter(deps: RouteDeps) {
  const { db, owner } = deps;
  return new Hono()
    .get("/", async (c) => c.json(await listProjects(db)))
    .post("/", owner, limitBody(64 * 1024), async (c) => {
      const input = await readJsonBody(c, ProjectInputSchema);
      if (!input.ok) return input.response;
      const project = await createProject(deps, input.data);
      deps.contentChanged();
      return c.json(project, 201);
    })
    .put("/:id", owner, limitBody(64 * 1024), async (c) => {
      const input = await readJsonBody(c, ProjectInputSchema);
      if (!input.ok) return input.response;
      const project = await updateProject(deps, c.req.param("id"), input.data);
      deps.contentChanged();
      return c.json(project);
    })
    .delete("/:id", owner, async (c) => {
      await deleteProject(deps, c.req.param("id"));
      deps.contentChanged();
      return c.body(null, 204);
    });
}
