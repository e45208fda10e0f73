import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import type { Inbox } from "#db/records.ts";
import { contactDrops, messages, type NewMessageRow } from "#db/schema.ts";
import { backends, useTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { jsonRequest, makeApp, signIn } from "#tests/helpers/app.ts";

// The owner's contact inbox (docs/product.md §12): GET /api/messages, PATCH and DELETE /api/messages/:id, the held
// folder and the count of robots' posts not kept.

async function insertMessage(database: TestDatabase, partial: Partial<NewMessageRow> = {}) {
  const [row] = await database.db
    .insert(messages)
    .values({
      name: "Mona Ali",
      email: "mona@example.com",
      subject: "A new shop",
      message: "Hello!",
      ...partial,
    })
    .returning();
  return row!;
}

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

describe.each(backends)("the inbox API on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("without the owner's session", () => {
    it.each([
      ["GET", "/api/messages", undefined],
      ["PATCH", `/api/messages/${NO_SUCH_ID}`, { read: true }],
      ["DELETE", `/api/messages/${NO_SUCH_ID}`, undefined],
    ])("%s %s answers 401 and changes nothing", async (method, path, body) => {
      const row = await insertMessage(database());
      const { app } = makeApp(database());
      const target = path.replace(NO_SUCH_ID, row.id);
      for (const cookie of [undefined, "sira_session=forged-token"]) {
        const response = await app.request(target, jsonRequest(method, body, cookie));
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ error: apiErrorText("en", "unauthorized") });
      }
      const [after] = await database().db.select().from(messages);
      expect(after).toEqual(row);
    });

    it("answers 401 in Arabic to an Arabic visitor", async () => {
      const { app } = makeApp(database());
      const response = await app.request("/api/messages", { headers: { Cookie: "language=ar" } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: apiErrorText("ar", "unauthorized") });
    });
  });

  describe("for the owner", () => {
    it("lists every message newest first, with the unread count, and is never cached", async () => {
      const old = await insertMessage(database(), {
        subject: "Old",
        created_at: new Date("2026-01-01T09:00:00Z"),
        read_at: new Date("2026-01-02T09:00:00Z"),
      });
      const newest = await insertMessage(database(), {
        name: "منى",
        subject: "الأحدث",
        message: "سطر\nوسطر",
        form_origin: "http://localhost:3000/contact",
        created_at: new Date("2026-03-01T09:00:00Z"),
      });
      await insertMessage(database(), { subject: "Middle", created_at: new Date("2026-02-01T09:00:00Z") });
      const { app } = makeApp(database());
      const cookie = await signIn(app, database());

      const response = await app.request("/api/messages", jsonRequest("GET", undefined, cookie));
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const inbox = (await response.json()) as Inbox;
      expect(inbox.unread).toBe(2);
      expect(inbox.items.map((message) => message.subject)).toEqual(["الأحدث", "Middle", "Old"]);
      expect(inbox.items[0]).toEqual({
        id: newest.id,
        name: "منى",
        email: "mona@example.com",
        subject: "الأحدث",
        message: "سطر\nوسطر",
        form_origin: "http://localhost:3000/contact",
        created_at: "2026-03-01T09:00:00.000Z",
        read_at: null,
        held: false,
      });
      expect(inbox.items[2]).toMatchObject({ id: old.id, read_at: "2026-01-02T09:00:00.000Z" });
    });

    it("gives an empty inbox when nobody has written", async () => {
      const { app } = makeApp(database());
      const cookie = await signIn(app, database());
      const response = await app.request("/api/messages", jsonRequest("GET", undefined, cookie));
      expect(await response.json()).toEqual({
        unread: 0,
        held: 0,
        dropped: { honeypot: 0, forgedStamp: 0, tooFast: 0 },
        items: [],
        total: 0,
        page: 1,
        perPage: 25,
      });
    });

    it("keeps held messages in a folder of their own, to move to the inbox or delete, and counts dropped posts", async () => {
      await insertMessage(database(), { subject: "In the inbox" });
      const first = await insertMessage(database(), { subject: "Held one", held: true });
      const second = await insertMessage(database(), { subject: "Held two", held: true });
      await database()
        .db.insert(contactDrops)
        .values([
          { reason: "honeypot", count: 3 },
          { reason: "tooFast", count: 1 },
        ]);
      const { app } = makeApp(database());
      const cookie = await signIn(app, database());
      const get = async (query: string) =>
        (await (
          await app.request(`/api/messages${query}`, jsonRequest("GET", undefined, cookie))
        ).json()) as Inbox;

      const inbox = await get("");
      expect(inbox.items.map((message) => message.subject)).toEqual(["In the inbox"]);
      // The held ones are not counted as unread: the Messages link counts what is in the inbox.
      expect(inbox).toMatchObject({ total: 1, unread: 1, held: 2 });
      expect(inbox.dropped).toEqual({ honeypot: 3, forgedStamp: 0, tooFast: 1 });
      const held = await get("?folder=held");
      expect(held.items.map((message) => message.subject).sort()).toEqual(["Held one", "Held two"]);
      expect(held).toMatchObject({ total: 2, unread: 1, held: 2 });
      expect(held.items.every((message) => message.held)).toBe(true);

      const release = await app.request(
        "/api/messages/bulk",
        jsonRequest("POST", { action: "release", ids: [first.id] }, cookie),
      );
      expect(await release.json()).toEqual({ changed: 1 });
      const removed = await app.request(
        `/api/messages/${second.id}`,
        jsonRequest("DELETE", undefined, cookie),
      );
      expect(removed.status).toBe(204);
      expect(await get("?folder=held")).toMatchObject({ items: [], total: 0, held: 0 });
      expect((await get("")).items.map((message) => message.subject).sort()).toEqual([
        "Held one",
        "In the inbox",
      ]);

      const wrong = await app.request("/api/messages?folder=spam", jsonRequest("GET", undefined, cookie));
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as { error: string }).error).toBe(apiErrorText("en", "messageFolder"));
    });

    it("marks a message read, keeps the first reading time, and marks it unread again", async () => {
      const row = await insertMessage(database());
      let clock = new Date("2026-11-22T10:00:00Z");
      const { app } = makeApp(database(), {}, { now: () => clock });
      const cookie = await signIn(app, database());
      const patch = (read: unknown) =>
        app.request(`/api/messages/${row.id}`, jsonRequest("PATCH", { read }, cookie));
      const unread = async () =>
        ((await (await app.request("/api/messages", jsonRequest("GET", undefined, cookie))).json()) as Inbox)
          .unread;

      const read = await patch(true);
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ id: row.id, read_at: "2026-11-22T10:00:00.000Z" });
      expect(await unread()).toBe(0);

      clock = new Date("2026-11-22T10:30:00Z");
      expect(await (await patch(true)).json()).toMatchObject({ read_at: "2026-11-22T10:00:00.000Z" });

      const again = await patch(false);
      expect(await again.json()).toMatchObject({ id: row.id, read_at: null });
      expect(await unread()).toBe(1);
    });

    it.each([[{}], [{ read: "yes" }], [{ read: 1 }], [{ read: null }]])(
      "refuses %j with 422 and the reason, in the visitor's language",
      async (body) => {
        const row = await insertMessage(database());
        const { app } = makeApp(database());
        const cookie = await signIn(app, database());
        const response = await app.request(
          `/api/messages/${row.id}`,
          jsonRequest("PATCH", body, `${cookie}; language=ar`),
        );
        expect(response.status).toBe(422);
        expect(await response.json()).toEqual({
          error: apiErrorText("ar", "messageReadFlag"),
          issues: [{ path: "read", message: apiErrorText("ar", "messageReadFlag") }],
        });
        const [after] = await database().db.select().from(messages);
        expect(after!.read_at).toBeNull();
      },
    );

    it("takes JSON only", async () => {
      const row = await insertMessage(database());
      const { app } = makeApp(database());
      const cookie = await signIn(app, database());
      const response = await app.request(`/api/messages/${row.id}`, {
        method: "PATCH",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: "read=true",
      });
      expect(response.status).toBe(415);
    });

    it("deletes a message with 204, then answers 404 for it", async () => {
      const keep = await insertMessage(database(), { subject: "Keep" });
      const gone = await insertMessage(database(), { subject: "Delete me" });
      const { app } = makeApp(database());
      const cookie = await signIn(app, database());
      const response = await app.request(
        `/api/messages/${gone.id}`,
        jsonRequest("DELETE", undefined, cookie),
      );
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect(await database().db.select().from(messages)).toEqual([keep]);
      const again = await app.request(`/api/messages/${gone.id}`, jsonRequest("DELETE", undefined, cookie));
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ error: apiErrorText("en", "messageNotFound") });
    });

    it.each([NO_SUCH_ID, "not-a-uuid", "1%27%20or%201%3D1"])(
      "answers 404 for the unknown message %s",
      async (id) => {
        await insertMessage(database());
        const { app } = makeApp(database());
        const cookie = await signIn(app, database());
        for (const [method, body] of [
          ["PATCH", { read: true }],
          ["DELETE", undefined],
        ] as const) {
          const response = await app.request(`/api/messages/${id}`, jsonRequest(method, body, cookie));
          expect(response.status).toBe(404);
          expect(await response.json()).toEqual({ error: apiErrorText("en", "messageNotFound") });
        }
        const rows = await database()
          .db.select()
          .from(messages)
          .where(eq(messages.read_at, new Date(0)));
        expect(rows).toEqual([]);
      },
    );
  });
});
