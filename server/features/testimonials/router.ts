import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { ProjectMoveSchema, TestimonialInputSchema, TestimonialLinkInputSchema } from "#db/inputs.ts";
import { limitBody } from "#server/http/guards.ts";
import { listFilterParam } from "#server/http/paging.ts";
import { jsonBody, queryParams } from "#server/http/validate.ts";
import type { AuditLog } from "#server/features/audit/service.ts";
import type { Testimonials } from "./service.ts";

const BODY_LIMIT = 16 * 1024;

interface TestimonialsRouterDeps {
  testimonials: Testimonials;
  owner: MiddlewareHandler;
  audit: AuditLog;
}

/**
 * /api/testimonials, the owner's only (docs/product.md §29): the list with pending ones, create 201, update, delete
 * 204, move, and one-time links for clients (list, create, revoke an unused one). A client's post goes through the collection page's action.
 */
/** `?q=`: the ones the site's search's matching finds (docs/product.md §21). */
const TestimonialsQuerySchema = z.object({ q: listFilterParam });

export function testimonialsRouter({ testimonials, owner, audit }: TestimonialsRouterDeps) {
  const body = jsonBody(TestimonialInputSchema);
  return new Hono()
    .use(owner)
    .get("/", queryParams(TestimonialsQuerySchema), async (c) =>
      c.json(await testimonials.list(c.req.valid("query").q), 200),
    )
    .post("/", limitBody(BODY_LIMIT), body, async (c) => {
      const saved = await testimonials.create(c.req.valid("json"));
      await audit.record(c, "testimonialSaved", saved.name);
      return c.json(saved, 201);
    })
    .get("/links", async (c) => c.json(await testimonials.listLinks(), 200))
    .post("/links", limitBody(BODY_LIMIT), jsonBody(TestimonialLinkInputSchema), async (c) => {
      const input = c.req.valid("json");
      const link = await testimonials.createLink(input);
      await audit.record(c, "testimonialLinkCreated", input.label);
      return c.json(link, 201);
    })
    .delete("/links/:id", async (c) => {
      const revoked = await testimonials.revokeLink(c.req.param("id"));
      await audit.record(c, "testimonialLinkRevoked", revoked.label);
      return c.body(null, 204);
    })
    .put("/:id", limitBody(BODY_LIMIT), body, async (c) => {
      const saved = await testimonials.update(c.req.param("id"), c.req.valid("json"));
      await audit.record(c, "testimonialSaved", saved.name);
      return c.json(saved, 200);
    })
    .delete("/:id", async (c) => {
      const deleted = await testimonials.remove(c.req.param("id"));
      await audit.record(c, "testimonialDeleted", deleted.name);
      return c.body(null, 204);
    })
    .post("/:id/move", limitBody(1024), jsonBody(ProjectMoveSchema), async (c) => {
      const moved = await testimonials.move(c.req.param("id"), c.req.valid("json").direction);
      await audit.record(c, "testimonialMoved", moved.name);
      return c.json(await testimonials.list(), 200);
    });
}
