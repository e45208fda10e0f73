import { and, count, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { CONTACT_DROP_REASONS, type ContactDropReason } from "#core/contact.ts";
import { isUuid } from "#core/ids.ts";
import type { Database } from "#db/client.ts";
import { INBOX_COLUMNS, serializeRow, type Inbox, type InboxMessage } from "#db/records.ts";
import { contactDrops, messages } from "#db/schema.ts";
import { ServiceError } from "#server/http/errors.ts";
import { readPage, type PagingQuery } from "#server/http/paging.ts";
import { matching } from "./search.ts";

// The owner's inbox of contact messages (docs/product.md §12, §21): one page at a time, newest first, unread only
// or searched; read, mark read or unread, delete, one message or a page's selection at once. Held messages
// (docs/product.md §12) are a folder of their own, from which the owner moves a message to the inbox or deletes it.

const inboxColumns = Object.fromEntries(INBOX_COLUMNS.map((name) => [name, messages[name]])) as {
  [K in (typeof INBOX_COLUMNS)[number]]: (typeof messages)[K];
};

export interface InboxQuery extends PagingQuery {
  /** The inbox, or the messages held for review. */
  folder: "inbox" | "held";
  /** Only the messages not read yet. */
  unread: boolean;
  /** Words to find in the name, e-mail, subject or message (any case; Arabic folded); "" for every message. */
  q: string;
}

/**
 * One page of a folder's messages, newest first, with how many match, how many are unread in the inbox, how many
 * are held, and how many posts were dropped as robots'.
 */
export async function listInbox(db: Database, query: InboxQuery): Promise<Inbox> {
  const where = and(
    eq(messages.held, query.folder === "held"),
    query.unread ? isNull(messages.read_at) : undefined,
    query.q ? matching(query.q) : undefined,
  );
  const [page, [unread], [held], drops] = await Promise.all([
    readPage(
      query,
      async () => (await db.select({ n: count() }).from(messages).where(where))[0]?.n ?? 0,
      (limit, offset) =>
        db
          .select(inboxColumns)
          .from(messages)
          .where(where)
          .orderBy(desc(messages.created_at), desc(messages.id))
          .limit(limit)
          .offset(offset),
    ),
    db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.held, false), isNull(messages.read_at))),
    db.select({ n: count() }).from(messages).where(eq(messages.held, true)),
    db.select({ reason: contactDrops.reason, count: contactDrops.count }).from(contactDrops),
  ]);
  const dropped = Object.fromEntries(CONTACT_DROP_REASONS.map((reason) => [reason, 0])) as Record<
    ContactDropReason,
    number
  >;
  for (const { reason, count: n } of drops)
    if ((CONTACT_DROP_REASONS as readonly string[]).includes(reason))
      dropped[reason as ContactDropReason] = n;
  return {
    ...page,
    items: page.items.map(serializeRow),
    unread: unread?.n ?? 0,
    held: held?.n ?? 0,
    dropped,
  };
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

/** Deletes a message; answers who sent it and its subject. */
export async function deleteMessage(db: Database, id: string): Promise<{ name: string; subject: string }> {
  if (!isUuid(id)) throw new ServiceError(404, "messageNotFound");
  const [row] = await db
    .delete(messages)
    .where(eq(messages.id, id))
    .returning({ name: messages.name, subject: messages.subject });
  if (!row) throw new ServiceError(404, "messageNotFound");
  return row;
}

export type BulkAction = "read" | "unread" | "delete" | "release";

/**
 * Marks read, marks unread, deletes or moves from the held folder to the inbox ("release") the messages named (a
 * page's selection) in one statement; answers how many changed. A message already in that state, or gone, is not
 * counted; a read message keeps its first reading time.
 */
export async function updateMessages(
  db: Database,
  ids: readonly string[],
  action: BulkAction,
  now: Date,
): Promise<{ changed: number }> {
  const named = inArray(messages.id, [...new Set(ids)]);
  const rows =
    action === "delete"
      ? await db.delete(messages).where(named).returning({ id: messages.id })
      : action === "release"
        ? await db
            .update(messages)
            .set({ held: false })
            .where(and(named, eq(messages.held, true)))
            .returning({ id: messages.id })
        : await db
            .update(messages)
            .set({ read_at: action === "read" ? now : null })
            .where(and(named, action === "read" ? isNull(messages.read_at) : isNotNull(messages.read_at)))
            .returning({ id: messages.id });
  return { changed: rows.length };
}

/** The inbox service, on the site's clock. */
export function createInboxService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return {
    page: (query: InboxQuery) => listInbox(db, query),
    mark: (id: string, read: boolean) => markMessageRead(db, id, read, now()),
    remove: (id: string) => deleteMessage(db, id),
    update: (ids: readonly string[], action: BulkAction) => updateMessages(db, ids, action, now()),
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
