import { count, desc, eq, isNull } from "drizzle-orm";
import type { Inbox, InboxMessage } from "../../core/contact.ts";
import type { Database } from "../../db/client.ts";
import { messages, type MessageRow } from "../../db/schema.ts";
import { isUuid } from "./project-writes.ts";
import { ServiceError } from "./service-error.ts";

// The owner's inbox of contact messages (issue #4): read, mark read or unread, delete.

export function toInboxMessage(row: MessageRow): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    form_origin: row.form_origin,
    created_at: row.created_at.toISOString(),
    read_at: row.read_at?.toISOString() ?? null,
  };
}

/** Every message, newest first, with how many are unread. */
export async function listInbox(db: Database): Promise<Inbox> {
  const [rows, [unread]] = await Promise.all([
    db.select().from(messages).orderBy(desc(messages.created_at), desc(messages.id)),
    db.select({ n: count() }).from(messages).where(isNull(messages.read_at)),
  ]);
  return { unread: unread?.n ?? 0, messages: rows.map(toInboxMessage) };
}

/** Marks a message read (keeping the first time it was read) or unread again. */
export async function markMessageRead(
  db: Database,
  id: string,
  read: boolean,
  now: Date,
): Promise<InboxMessage> {
  if (!isUuid(id)) throw new ServiceError(404, "messageNotFound");
  const [current] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  if (!current) throw new ServiceError(404, "messageNotFound");
  const read_at = read ? (current.read_at ?? now) : null;
  const [row] = await db.update(messages).set({ read_at }).where(eq(messages.id, id)).returning();
  if (!row) throw new ServiceError(404, "messageNotFound");
  return toInboxMessage(row);
}

export async function deleteMessage(db: Database, id: string): Promise<void> {
  if (!isUuid(id)) throw new ServiceError(404, "messageNotFound");
  const [row] = await db.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id });
  if (!row) throw new ServiceError(404, "messageNotFound");
}
