import { Hono } from "hono";
import type { z } from "zod";
import { limitBody } from "#server/http/guards.ts";
import { jsonBody } from "#server/http/validate.ts";
import type { ResourceDeps, WriteDeps } from "./deps.ts";

/**
 * The owner's create (201), update and delete (204) of one kind of content, projects or articles: the owner's
 * session, a cap on the body, the input checked against its schema, and the rendered pages forgotten after
 * every change, since public pages show the content.
 */
export function contentWriteRoutes<Schema extends z.ZodType, Saved extends object>(
  deps: ResourceDeps,
  content: {
    schema: Schema;
    maxBodyBytes: number;
    create(deps: WriteDeps, input: z.output<Schema>): Promise<Saved>;
    update(deps: WriteDeps, id: string, input: z.output<Schema>): Promise<Saved>;
    remove(deps: WriteDeps, id: string): Promise<void>;
  },
) {
  const { owner } = deps;
  const limit = limitBody(content.maxBodyBytes);
  const body = jsonBody(content.schema);
  return new Hono()
    .post("/", owner, limit, body, async (c) => {
      const saved = await content.create(deps, c.req.valid("json"));
      deps.contentChanged();
      return c.json(saved, 201);
    })
    .put("/:id", owner, limit, body, async (c) => {
      const saved = await content.update(deps, c.req.param("id"), c.req.valid("json"));
      deps.contentChanged();
      return c.json(saved, 200);
    })
    .delete("/:id", owner, async (c) => {
      await content.remove(deps, c.req.param("id"));
      deps.contentChanged();
      return c.body(null, 204);
    });
}
