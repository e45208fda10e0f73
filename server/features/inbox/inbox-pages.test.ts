import { describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import type { Inbox } from "#db/records.ts";
import { messages, type NewMessageRow } from "#db/schema.ts";
import { backends, useTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { jsonRequest, makeApp, signIn } from "#tests/helpers/app.ts";

// The inbox a page at a time (docs/product.md §21): newest first, unread only, searched, bulk actions, and every bad
// parameter a 400 in the visitor's language.

const HOUR = 3_600_000;
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";
const START = Date.UTC(2026, 0, 1);

/** `n` messages in one statement, the k-th sent k hours after START; `shape` changes any of them. */
async function insertMessages(
  database: TestDatabase,
  n: number,
  shape: (k: number) => Partial<NewMessageRow> = () => ({}),
) {
  const rows = Array.from({ length: n }, (_, k) => ({
    name: `Visitor ${k}`,
    email: `visitor${k}@example.com`,
    subject: `Subject ${k}`,
    message: `Message number ${k}.`,
    created_at: new Date(START + k * HOUR),
    ...shape(k),
  }));
  return database.db.insert(messages).values(rows).returning();
}

describe.each(backends)("the paged inbox on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const made = makeApp(database(), {}, { now: () => new Date("2026-06-01T12:00:00Z") });
    const cookie = await signIn(made.app, database());
    const get = async (query: string, language = "en") => {
      const response = await made.app.request(
        `/api/messages${query}`,
        jsonRequest("GET", undefined, `${cookie}; language=${language}`),
      );
      return { status: response.status, body: (await response.json()) as Inbox & { error?: string } };
    };
    const bulk = async (body: unknown, language = "en") => {
      const response = await made.app.request(
        "/api/messages/bulk",
        jsonRequest("POST", body, `${cookie}; language=${language}`),
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    return { ...made, get, bulk };
  }

  const subjects = (inbox: Inbox) => inbox.items.map((message) => message.subject);

  it("answers 25 messages a page, newest first, with the total, and the last page for one past it", async () => {
    await insertMessages(database(), 60);
    const { get } = await owner();

    const first = await get("");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 60, page: 1, perPage: 25, unread: 60 });
    expect(subjects(first.body)).toEqual(Array.from({ length: 25 }, (_, k) => `Subject ${59 - k}`));

    const third = await get("?page=3");
    expect(third.body).toMatchObject({ total: 60, page: 3, perPage: 25 });
    expect(subjects(third.body)).toEqual(Array.from({ length: 10 }, (_, k) => `Subject ${9 - k}`));

    // After a delete emptied the page the owner was on: the last page, saying so.
    const past = await get("?page=40");
    expect(past.status).toBe(200);
    expect(past.body.page).toBe(3);
    expect(subjects(past.body)).toEqual(subjects(third.body));

    const all = await get("?perPage=100");
    expect(all.body.items).toHaveLength(60);
    expect(all.body.perPage).toBe(100);
  });

  it("never shows a message twice or skips one when many arrived at the same moment", async () => {
    await insertMessages(database(), 30, () => ({ created_at: new Date(START) }));
    const { get } = await owner();
    const seen: string[] = [];
    for (const page of [1, 2, 3])
      seen.push(...(await get(`?perPage=10&page=${page}`)).body.items.map((m) => m.id));
    expect(new Set(seen).size).toBe(30);
  });

  it("shows the unread ones only, and always counts every unread message", async () => {
    await insertMessages(database(), 40, (k) => (k % 4 === 0 ? {} : { read_at: new Date(START) }));
    const { get } = await owner();
    const unread = await get("?unread=1&perPage=5");
    expect(unread.body).toMatchObject({ total: 10, unread: 10, page: 1 });
    expect(subjects(unread.body)).toEqual([
      "Subject 36",
      "Subject 32",
      "Subject 28",
      "Subject 24",
      "Subject 20",
    ]);
    expect(unread.body.items.every((message) => message.read_at === null)).toBe(true);
    // Searching narrows the list, not the unread count the tab shows.
    const searched = await get("?q=Subject%2036");
    expect(searched.body).toMatchObject({ total: 1, unread: 10 });
    expect((await get("?unread=0")).body.total).toBe(40);
  });

  it("finds words in the name, e-mail, subject or message, in any case, and Arabic in its spellings", async () => {
    await insertMessages(
      database(),
      6,
      (k) =>
        [
          { name: "Mona Ali", subject: "Shop" },
          { email: "SALES@Example.org", subject: "Quote" },
          { subject: "A NEW Website", message: "Hi" },
          { subject: "Hello", message: "I would like a portfolio like yours." },
          { name: "أحمد", subject: "مَدْرَسَة", message: "أريد موقعًا لمدرستي" },
          { name: "إيمان", subject: "سؤال", message: "هل تعمل على المشاريع الكبيرة؟" },
        ][k]!,
    );
    const { get } = await owner();
    const find = async (q: string) => subjects((await get(`?q=${encodeURIComponent(q)}`)).body);

    expect(await find("mona")).toEqual(["Shop"]);
    expect(await find("sales@example")).toEqual(["Quote"]);
    expect(await find("new website")).toEqual(["A NEW Website"]);
    expect(await find("PORTFOLIO")).toEqual(["Hello"]);
    expect(await find("  mona  ")).toEqual(["Shop"]);
    // Arabic: the letters as typed, and without hamza, vowel marks or taa marbuta.
    expect(await find("أحمد")).toEqual(["مَدْرَسَة"]);
    expect(await find("احمد")).toEqual(["مَدْرَسَة"]);
    expect(await find("مدرسه")).toEqual(["مَدْرَسَة"]);
    expect(await find("ايمان")).toEqual(["سؤال"]);
    expect(await find("المشاريع")).toEqual(["سؤال"]);
    expect(await find("nobody")).toEqual([]);
  });

  it("takes % and _ and \\ (and, in Arabic, . ( ? *) as the characters they are", async () => {
    await insertMessages(database(), 10, (k) => ({
      subject: [
        "100% sure",
        "1000 sure",
        "snake_case",
        "snakeXcase",
        "C:\\temp",
        "C:temp",
        "خصم ٥٠% اليوم",
        "خصم ٥٠٠ اليوم",
        "موقع أحمد.com (جديد)؟",
        "موقع أحمدXcom جديد",
      ][k]!,
    }));
    const { get } = await owner();
    const find = async (q: string) => subjects((await get(`?q=${encodeURIComponent(q)}`)).body);
    expect(await find("100%")).toEqual(["100% sure"]);
    expect(await find("%")).toEqual(["خصم ٥٠% اليوم", "100% sure"]);
    expect(await find("e_c")).toEqual(["snake_case"]);
    expect(await find("_")).toEqual(["snake_case"]);
    expect(await find("\\t")).toEqual(["C:\\temp"]);
    expect(await find("٥٠%")).toEqual(["خصم ٥٠% اليوم"]);
    expect(await find("احمد.com")).toEqual(["موقع أحمد.com (جديد)؟"]);
    expect(await find("(جديد)؟")).toEqual(["موقع أحمد.com (جديد)؟"]);
    expect(await find("أحمد.*")).toEqual([]);
  });

  it.each([
    ["?page=0", "pageInvalid", "page", { max: 1_000_000 }],
    ["?page=-1", "pageInvalid", "page", { max: 1_000_000 }],
    ["?page=abc", "pageInvalid", "page", { max: 1_000_000 }],
    ["?page=1.5", "pageInvalid", "page", { max: 1_000_000 }],
    ["?page=1e3", "pageInvalid", "page", { max: 1_000_000 }],
    ["?page=99999999999999999999", "pageInvalid", "page", { max: 1_000_000 }],
    ["?page=", "pageInvalid", "page", { max: 1_000_000 }],
    ["?page=1&page=2", "pageInvalid", "page", { max: 1_000_000 }],
    ["?perPage=0", "perPageInvalid", "perPage", { max: 100 }],
    ["?perPage=101", "perPageInvalid", "perPage", { max: 100 }],
    ["?unread=yes", "unreadFilter", "unread", {}],
    ["?q=x…x (201 characters)", "searchTooLong", "q", { count: 200 }],
  ] as const)(
    "answers %s with 400 and the reason, in Arabic to an Arabic owner",
    async (query, key, path, vars) => {
      await insertMessages(database(), 3);
      const { get } = await owner();
      for (const language of ["en", "ar"] as const) {
        const response = await get(query.replace("x…x (201 characters)", "x".repeat(201)), language);
        const message = apiErrorText(language, key, vars);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: message, issues: [{ path, message }] });
      }
    },
  );

  it.each(["?q=a%00b", "?q=a%0Ab"])(
    "answers %s, a control character in the address, with 400 in the owner's language (docs/product.md §20)",
    async (query) => {
      await insertMessages(database(), 3);
      const { get } = await owner();
      for (const language of ["en", "ar"] as const) {
        const response = await get(query, language);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: apiErrorText(language, "invalidAddress") });
      }
    },
  );

  it("marks a page's selection read or unread, keeping the first reading time, and deletes it", async () => {
    const rows = await insertMessages(database(), 5, (k) =>
      k === 0 ? { read_at: new Date("2026-02-01T00:00:00Z") } : {},
    );
    const { get, bulk } = await owner();
    const ids = rows.slice(0, 3).map((row) => row.id);

    const read = await bulk({ action: "read", ids: [...ids, ids[1]] });
    expect(read).toEqual({ status: 200, body: { changed: 2 } });
    const afterRead = (await get("")).body;
    expect(afterRead.unread).toBe(2);
    const byId = new Map(afterRead.items.map((message) => [message.id, message]));
    expect(byId.get(ids[0]!)!.read_at).toBe("2026-02-01T00:00:00.000Z");
    expect(byId.get(ids[1]!)!.read_at).toBe("2026-06-01T12:00:00.000Z");

    expect(await bulk({ action: "unread", ids })).toEqual({ status: 200, body: { changed: 3 } });
    expect((await get("")).body.unread).toBe(5);

    // A message already gone is no error: it is not counted.
    expect(await bulk({ action: "delete", ids: [ids[0], ids[2], NO_SUCH_ID] })).toEqual({
      status: 200,
      body: { changed: 2 },
    });
    const left = (await get("")).body;
    expect(left.total).toBe(3);
    expect(left.items.map((message) => message.id).sort()).toEqual(
      [rows[1]!.id, rows[3]!.id, rows[4]!.id].sort(),
    );
  });

  it.each([
    ["an unknown action", { action: "archive", ids: [NO_SUCH_ID] }, "messageBulkAction", "action", {}],
    ["no ids", { action: "read", ids: [] }, "messageIds", "ids", { count: 100 }],
    ["101 ids", { action: "delete", ids: Array(101).fill(NO_SUCH_ID) }, "messageIds", "ids", { count: 100 }],
    ["ids that are not a list", { action: "delete", ids: "all" }, "messageIds", "ids", { count: 100 }],
    ["an id that is no id", { action: "delete", ids: ["1 or 1=1"] }, "messageIdInvalid", "ids.0", {}],
    ["an id that is a number", { action: "delete", ids: [7] }, "messageIdInvalid", "ids.0", {}],
  ] as const)("refuses %s with 422, in Arabic, and changes nothing", async (_case, body, key, path, vars) => {
    await insertMessages(database(), 3);
    const { bulk } = await owner();
    const response = await bulk(body, "ar");
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: apiErrorText("ar", key, vars) });
    expect(response.body.issues).toContainEqual({ path, message: apiErrorText("ar", key, vars) });
    const rows = await database().db.select().from(messages);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.read_at === null)).toBe(true);
  });

  it("refuses a bulk action without the owner's session", async () => {
    const [row] = await insertMessages(database(), 1);
    const { app } = makeApp(database());
    const response = await app.request(
      "/api/messages/bulk",
      jsonRequest("POST", { action: "delete", ids: [row!.id] }),
    );
    expect(response.status).toBe(401);
    expect(await database().db.select().from(messages)).toHaveLength(1);
  });
});
