import { Hono } from "hono";
import { z } from "zod";
import type { ResourceDeps } from "#server/resources/deps.ts";
import { limitBody } from "#server/http/guards.ts";
import { jsonBody } from "#server/http/validate.ts";
import { deleteMessage, listInbox, markMessageRead } from "./service.ts";

const MessageReadSchema = z.object({ read: z.boolean({ error: "messageReadFlag" }) });

/** /api/messages, the owner's inbox of contact messages (docs/product.md §12): every call needs the session. */
export function inboxRouter(deps: ResourceDeps) {
  const { db, owner, now } = deps;
  return new Hono()
    .use("*", owner)
    .get("/", async (c) => c.json(await listInbox(db), 200))
    .patch("/:id", limitBody(1024), jsonBody(MessageReadSchema), async (c) => {
      const { read } = c.req.valid("json");
      return c.json(await markMessageRead(db, c.req.param("id"), read, now()), 200);
    })
    .delete("/:id", async (c) => {
      await deleteMessage(db, c.req.param("id"));
      return c.body(null, 204);
    });
}
