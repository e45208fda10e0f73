import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { isUuid } from "#core/ids.ts";
import { MAX_PAGE_SIZE } from "#core/paging.ts";
import { limitBody } from "#server/http/guards.ts";
import { PagingQuerySchema } from "#server/http/paging.ts";
import { jsonBody, queryParams } from "#server/http/validate.ts";
import { MAX_SEARCH_LENGTH } from "./search.ts";
import type { AuditLog } from "#server/features/audit/service.ts";
import type { InboxService } from "./service.ts";

/** How many messages one bulk action may name: a page at most. */
const MAX_BULK_IDS = MAX_PAGE_SIZE;

const MessageReadSchema = z.object({ read: z.boolean({ error: "messageReadFlag" }) });

/** `?page=&perPage=&folder=held&unread=1&q=` (docs/product.md §12, §21). */
const InboxQuerySchema = PagingQuerySchema.extend({
  folder: z.enum(["inbox", "held"], { error: "messageFolder" }).default("inbox"),
  unread: z
    .enum(["0", "1", "false", "true"], { error: "unreadFilter" })
    .optional()
    .transform((value) => value === "1" || value === "true"),
  q: z
    .string({ error: "searchInvalid" })
    .max(MAX_SEARCH_LENGTH, { error: "searchTooLong" })
    // PostgreSQL takes no NUL in text, and no person types a control character into a search box.
    .refine((value) => ![...value].some((character) => character < " " || character === "\u007f"), {
      error: "searchInvalid",
    })
    .optional()
    .transform((value) => value?.trim() ?? ""),
});

/** A page's selection: read, unread, delete or move from held to the inbox, 1 to 100 messages by id. */
const MessageBulkSchema = z.object({
  action: z.enum(["read", "unread", "delete", "release"], { error: "messageBulkAction" }),
  ids: z
    .custom<unknown[]>((value) => Array.isArray(value) && value.length >= 1 && value.length <= MAX_BULK_IDS, {
      error: "messageIds",
      params: { count: MAX_BULK_IDS },
    })
    .pipe(z.array(z.string({ error: "messageIdInvalid" }).refine(isUuid, { error: "messageIdInvalid" }))),
});

/** What the audit log calls a message: who sent it, and its subject. */
const subjectOf = (message: { name: string; subject: string }) => `${message.name}: ${message.subject}`;

/** /api/messages, the owner's inbox of contact messages (docs/product.md §12): every call needs the session. */
export function inboxRouter(deps: { inbox: InboxService; owner: MiddlewareHandler; audit: AuditLog }) {
  const { inbox, audit } = deps;
  return new Hono()
    .use("*", deps.owner)
    .get("/", queryParams(InboxQuerySchema), async (c) => c.json(await inbox.page(c.req.valid("query")), 200))
    .post("/bulk", limitBody(16 * 1024), jsonBody(MessageBulkSchema), async (c) => {
      const { action, ids } = c.req.valid("json");
      const result = await inbox.update(ids, action);
      // What was done to how many: "delete × 12".
      if (result.changed > 0) await audit.record(c, "messagesChanged", `${action} × ${result.changed}`);
      return c.json(result, 200);
    })
    .patch("/:id", limitBody(1024), jsonBody(MessageReadSchema), async (c) => {
      const message = await inbox.mark(c.req.param("id"), c.req.valid("json").read);
      await audit.record(c, "messageMarked", subjectOf(message));
      return c.json(message, 200);
    })
    .delete("/:id", async (c) => {
      const deleted = await inbox.remove(c.req.param("id"));
      await audit.record(c, "messageDeleted", subjectOf(deleted));
      return c.body(null, 204);
    });
}
