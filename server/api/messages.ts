import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { limitBody } from "../http/guards.ts";
import { readJsonBody } from "../http/validate.ts";
import { deleteMessage, listInbox, markMessageRead } from "../services/messages.ts";

// Kept out of core/contact.ts: a schema built when its module loads would bring zod into the contact page.
const MessageReadSchema = z.object({ read: z.boolean({ error: "messageReadFlag" }) });

/** The owner's contact inbox (ARCHITECTURE "REST API"): every call needs the owner's session. */

export function messagesRouter(deps: { db: Database; owner: MiddlewareHandler; now: () => Date }) {
  const { db, owner, now } = deps;
  return new Hono()
    .use("*", owner)
    .get("/", async (c) => c.json(await listInbox(db)))
    .patch("/:id", limitBody(1024), async (c) => {
      const input = await readJsonBody(c, MessageReadSchema);
      if (!input.ok) return input.response;
      return c.json(await markMessageRead(db, c.req.param("id"), input.data.read, now()));
    })
    .delete("/:id", async (c) => {
      await deleteMessage(db, c.req.param("id"));
      return c.body(null, 204);
    });
}
