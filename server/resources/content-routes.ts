import { Hono } from "hono";
import type { z } from "zod";
import { limitBody } from "#server/http/guards.ts";
import { readJsonBody } from "#server/http/validate.ts";
import type { ResourceDeps, WriteDeps } from "./deps.ts";

/**
 * The owner's create (201), update and delete (204) of one kind of content, projects or articles: the owner's
 * session, a cap on the body, the input checked against its schema, and the rendered pages forgotten after
 * every change, since public pages show the content.
 */
export function contentWriteRoutes<Input, Saved extends object>(
  deps: ResourceDeps,
  content: {
    schema: z.ZodType<Input>;
    maxBodyBytes: number;
    create(deps: WriteDeps, input: Input): Promise<Saved>;
    update(deps: WriteDeps, id: string, input: Input): Promise<Saved>;
    remove(deps: WriteDeps, id: string): Promise<void>;
  },
) {
  const { owner } = deps;
  const body = limitBody(content.maxBodyBytes);
  return new Hono()
    .post("/", owner, body, async (c) => {
      const input = await readJsonBody(c, content.schema);
      if (!input.ok) return input.response;
      const saved = await content.create(deps, input.data);
      deps.contentChanged();
      return c.json(saved, 201);
    })
    .put("/:id", owner, body, async (c) => {
      const input = await readJsonBody(c, content.schema);
      if (!input.ok) return input.response;
      const saved = await content.update(deps, c.req.param("id"), input.data);
      deps.contentChanged();
      return c.json(saved, 200);
    })
    .delete("/:id", owner, async (c) => {
      await content.remove(deps, c.req.param("id"));
      deps.contentChanged();
      return c.body(null, 204);
    });
}
