import { count, desc, eq, isNull } from "drizzle-orm";
import { isUuid } from "#core/ids.ts";
import type { Database } from "#db/client.ts";
import { INBOX_COLUMNS, serializeRow, type Inbox, type InboxMessage } from "#db/records.ts";
import { messages } from "#db/schema.ts";
import { ServiceError } from "#server/http/errors.ts";

// The owner's inbox of contact messages (docs/product.md §12): read, mark read or unread, delete.

const inboxColumns = Object.fromEntries(INBOX_COLUMNS.map((name) => [name, messages[name]])) as {
  [K in (typeof INBOX_COLUMNS)[number]]: (typeof messages)[K];
};

/** Every message, newest first, with how many are unread. */
export async function listInbox(db: Database): Promise<Inbox> {
  const [rows, [unread]] = await Promise.all([
    db.select(inboxColumns).from(messages).orderBy(desc(messages.created_at), desc(messages.id)),
    db.select({ n: count() }).from(messages).where(isNull(messages.read_at)),
  ]);
  return { unread: unread?.n ?? 0, messages: rows.map(serializeRow) };
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
  const [row] = await db.update(messages).set({ read_at }).where(eq(messages.id, id)).returning(inboxColumns);
  if (!row) throw new ServiceError(404, "messageNotFound");
  return serializeRow(row);
}

export async function deleteMessage(db: Database, id: string): Promise<void> {
  if (!isUuid(id)) throw new ServiceError(404, "messageNotFound");
  const [row] = await db.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id });
  if (!row) throw new ServiceError(404, "messageNotFound");
}
