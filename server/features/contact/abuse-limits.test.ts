import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { CONTACT_STAMP_LIFETIME_MS, FORM_STAMP_FIELD } from "#core/contact.ts";
import { siteConfig } from "#config/site.ts";
import { contactDrops, messages, rateLimits, siteSettings } from "#db/schema.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { ownerAlertsFromEnv, type OwnerAlerts } from "#server/features/alerts/owner-alerts.ts";
import { readSettings } from "#server/features/settings/service.ts";
import { jsonRequest, makeApp, type TestApp } from "#tests/helpers/app.ts";
import { contactStamp } from "#tests/helpers/contact-stamp.ts";
import { backends, useTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp.ts";
import { CONTACT_GLOBAL_CEILING, CONTACT_RATE_LIMIT } from "./submit.ts";

// Contact spam beyond one address (docs/product.md §12, §25): IPv6 /64s, the signed render time (forged, too fast,
// expired, reused), duplicates, and the hourly ceiling past which messages are held, with its one e-mail to the
// owner, read back from a real SMTP server.

const VALID = { name: "Mona Ali", email: "mona@example.com", subject: "A shop", message: "Can we talk?" };
const THANKS = { ok: true, next: "http://localhost/contact?sent=1" };

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
afterEach(() => {
  smtp.mails.length = 0;
});

describe.each(backends)("contact limits across addresses on $name", (backend) => {
  const database = useTestDatabase(backend);
  // Every e-mail a test caused has arrived before the next test looks at the mailbox.
  const made: OwnerAlerts[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((alerts) => alerts.settled()));
    smtp.mails.length = 0;
  });
  const stored = () => database().db.select().from(messages);
  const drops = async () =>
    Object.fromEntries(
      (await database().db.select().from(contactDrops)).map((row) => [row.reason, row.count]),
    );

  function setUp(start = "2026-11-22T10:00:00Z") {
    let clock = new Date(start);
    const now = () => clock;
    const alerts: OwnerAlerts = ownerAlertsFromEnv(
      loadEnv({ SMTP_URL: smtp.url, SMTP_FROM: "site@mona.dev" }),
      {
        logger: createMemoryLogger(),
        settings: () => readSettings(database().db, siteConfig),
      },
    );
    made.push(alerts);
    const { app, logger } = makeApp(database(), { TRUST_PROXY: "1" }, { now, alerts });
    // Each visit renders its own stamp (a stamp is good for one message): a millisecond apart.
    let visits = 0;
    return {
      app,
      logger,
      alerts,
      advance: (ms: number) => {
        clock = new Date(clock.getTime() + ms);
      },
      /** A person's post: the form was rendered a minute before the clock. */
      send: async (body: Record<string, unknown>, from = "203.0.113.7", language = "en") => {
        const stamp = await contactStamp(database().db, new Date(clock.getTime() - 60_000 - visits++));
        return post(app, { [FORM_STAMP_FIELD]: stamp, ...body }, from, language);
      },
    };
  }

  describe("IPv6 addresses", () => {
    it("counts every address of one /64 as one visitor, and another /64 as another", async () => {
      const { send } = setUp();
      for (let i = 1; i <= CONTACT_RATE_LIMIT.max; i++)
        expect((await send({ ...VALID, subject: `n${i}` }, `2001:db8:aa:1::${i.toString(16)}`)).status).toBe(
          200,
        );
      const sameNetwork = await send({ ...VALID, subject: "rotated" }, "2001:db8:aa:1:ffff:abcd:1234:5678");
      expect(sameNetwork.status).toBe(429);
      expect(((await sameNetwork.json()) as { error: string }).error).toBe(
        apiErrorText("en", "contactLimited", { count: 10 }),
      );
      expect((await send({ ...VALID, subject: "next door" }, "2001:db8:aa:2::1")).status).toBe(200);
      const subjects = (await stored()).map((row) => row.subject);
      expect(subjects).not.toContain("rotated");
      expect(subjects).toContain("next door");
    });

    it("counts an IPv4-mapped IPv6 address as its IPv4 address, and IPv4 neighbours apart", async () => {
      const { send } = setUp();
      for (let i = 1; i <= CONTACT_RATE_LIMIT.max; i++)
        expect((await send({ ...VALID, subject: `n${i}` }, "198.51.100.9")).status).toBe(200);
      expect((await send({ ...VALID, subject: "mapped" }, "::ffff:198.51.100.9")).status).toBe(429);
      expect((await send({ ...VALID, subject: "neighbour" }, "198.51.100.10")).status).toBe(200);
    });
  });

  describe("the minimum fill time", () => {
    it("keeps nothing posted within 2 s of the form's rendering, answering like a success", async () => {
      const { app, send } = setUp();
      const rendered = new Date("2026-11-22T09:59:58.500Z");
      const quick = await post(app, {
        ...VALID,
        [FORM_STAMP_FIELD]: await contactStamp(database().db, rendered),
      });
      expect(quick.status).toBe(200);
      expect(await quick.json()).toEqual(THANKS);
      expect(await stored()).toEqual([]);
      expect(await drops()).toEqual({ tooFast: 1 });
      // 2 s after rendering, the same form goes through.
      const atTwo = await contactStamp(database().db, new Date("2026-11-22T09:59:58Z"));
      expect((await post(app, { ...VALID, [FORM_STAMP_FIELD]: atTwo }, "198.51.100.1")).status).toBe(200);
      expect(await stored()).toHaveLength(1);
      expect((await send({ ...VALID, subject: "later" })).status).toBe(200);
      expect(await stored()).toHaveLength(2);
    });

    it("keeps nothing with a forged render time or one from another site's key, and counts it", async () => {
      const { app } = setUp();
      const stamp = await contactStamp(database().db);
      const [ms, signature] = stamp.split(".") as [string, string];
      const forged = [
        "1700000000000",
        `${Number(ms) + 1}.${signature}`,
        `${ms}.${signature.slice(0, -2)}AA`,
        `${ms}.${"A".repeat(43)}`,
        ["a", "list"],
      ];
      for (const [i, value] of forged.entries()) {
        const body = { ...VALID, subject: `forged ${i}`, [FORM_STAMP_FIELD]: value };
        const response = await post(app, body, `198.51.100.${i + 1}`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(THANKS);
      }
      // Not even told that its fields are wrong, like a robot caught by the honeypot.
      const wrongFields = await post(app, { name: "x", [FORM_STAMP_FIELD]: "1.x" }, "198.51.100.99");
      expect(await wrongFields.json()).toEqual(THANKS);
      expect(await stored()).toEqual([]);
      expect(await drops()).toEqual({ forgedStamp: forged.length + 1 });
    });

    it("checks and keeps a post without a render time, as another site's form or an app sends it", async () => {
      const { app } = setUp();
      const wrongFields = await post(app, { name: "x" }, "198.51.100.1");
      expect(wrongFields.status).toBe(422);
      for (const [i, body] of [
        { ...VALID },
        { ...VALID, subject: "empty stamp", [FORM_STAMP_FIELD]: "" },
      ].entries())
        expect(await (await post(app, body, `198.51.100.${i + 2}`)).json()).toEqual(THANKS);
      expect(
        (await stored()).map(({ subject, held, form_stamp }) => ({ subject, held, form_stamp })).sort(),
      ).toEqual(
        expect.arrayContaining([
          { subject: VALID.subject, held: false, form_stamp: null },
          { subject: "empty stamp", held: false, form_stamp: null },
        ]),
      );
      expect(await stored()).toHaveLength(2);
      expect(await drops()).toEqual({});
    });

    it("holds a form from the site's own page sent without its render time, for the owner to review", async () => {
      const { app } = setUp();
      const form = (body: Record<string, string>, from: string) =>
        app.request("/f/contact", {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": from,
            "Sec-Fetch-Site": "same-origin",
          },
          body: new URLSearchParams(body).toString(),
        });
      expect(await (await form({ ...VALID }, "198.51.100.40")).json()).toEqual(THANKS);
      expect(
        await (await form({ ...VALID, subject: "blank", [FORM_STAMP_FIELD]: "" }, "198.51.100.41")).json(),
      ).toEqual(THANKS);
      expect(
        (await stored())
          .map(({ subject, held }) => ({ subject, held }))
          .sort((a, b) => a.subject.localeCompare(b.subject)),
      ).toEqual([
        { subject: VALID.subject, held: true },
        { subject: "blank", held: true },
      ]);
    });

    it("answers a person's field mistakes even when the form was sent quickly", async () => {
      const { app } = setUp();
      const stamp = await contactStamp(database().db, new Date("2026-11-22T09:59:59.500Z"));
      const response = await post(app, { ...VALID, email: "mona@", [FORM_STAMP_FIELD]: stamp });
      expect(response.status).toBe(422);
    });
  });

  describe("a render stamp is good for one message, for a few hours", () => {
    it("holds a message whose stamp has expired, for the owner to review", async () => {
      const { app } = setUp();
      const old = new Date(new Date("2026-11-22T10:00:00Z").getTime() - CONTACT_STAMP_LIFETIME_MS - 1000);
      const response = await post(app, {
        ...VALID,
        [FORM_STAMP_FIELD]: await contactStamp(database().db, old),
      });
      expect(await response.json()).toEqual(THANKS);
      const justInTime = new Date(new Date("2026-11-22T10:00:00Z").getTime() - CONTACT_STAMP_LIFETIME_MS);
      const fresh = await contactStamp(database().db, justInTime);
      await post(app, { ...VALID, subject: "in time", [FORM_STAMP_FIELD]: fresh }, "198.51.100.2");
      expect((await stored()).map(({ subject, held }) => ({ subject, held }))).toEqual(
        expect.arrayContaining([
          { subject: VALID.subject, held: true },
          { subject: "in time", held: false },
        ]),
      );
      expect(await drops()).toEqual({});
    });

    it("collapses the same message sent twice with one stamp, and holds a different one", async () => {
      const { app } = setUp();
      const stamp = await contactStamp(database().db, new Date("2026-11-22T09:59:00Z"));
      for (const from of ["198.51.100.1", "198.51.100.2"])
        expect(await (await post(app, { ...VALID, [FORM_STAMP_FIELD]: stamp }, from)).json()).toEqual(THANKS);
      const other = await post(
        app,
        { ...VALID, subject: "replayed", [FORM_STAMP_FIELD]: stamp },
        "198.51.100.3",
      );
      expect(await other.json()).toEqual(THANKS);
      const parallel = await Promise.all(
        ["one", "two"].map((subject, i) =>
          post(
            app,
            { ...VALID, subject, email: `${subject}@example.com`, [FORM_STAMP_FIELD]: stamp },
            `198.51.100.${10 + i}`,
          ),
        ),
      );
      expect(parallel.map((response) => response.status)).toEqual([200, 200]);
      const rows = await stored();
      expect(
        rows
          .map(({ subject, held }) => ({ subject, held }))
          .sort((a, b) => a.subject.localeCompare(b.subject)),
      ).toEqual([
        { subject: VALID.subject, held: false },
        { subject: "one", held: true },
        { subject: "replayed", held: true },
        { subject: "two", held: true },
      ]);
      expect(await drops()).toEqual({});
    });
  });

  describe("duplicates", () => {
    it("stores the same e-mail, subject and message once a day, and answers success every time", async () => {
      const { send, advance } = setUp();
      for (const from of ["198.51.100.1", "198.51.100.2", "2001:db8:1::1"]) {
        const response = await send(VALID, from);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(THANKS);
      }
      expect(await stored()).toHaveLength(1);
      expect((await send({ ...VALID, subject: "Another subject" })).status).toBe(200);
      expect((await send({ ...VALID, email: "karim@example.com" })).status).toBe(200);
      expect(await stored()).toHaveLength(3);
      advance(24 * 60 * 60 * 1000 + 1000);
      expect((await send(VALID)).status).toBe(200);
      expect(await stored()).toHaveLength(4);
    });

    it("stores a message sent ten times at once exactly once", async () => {
      const { send } = setUp();
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => send({ ...VALID, subject: "Twice?" }, `198.51.100.${i + 1}`)),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      expect((await stored()).map((row) => row.subject)).toEqual(["Twice?"]);
    });
  });

  describe("the hourly ceiling", () => {
    /** As if `hits` messages had been stored this hour (from many addresses). */
    async function storedThisHour(db: TestDatabase, hits: number, at: Date) {
      await db.db.insert(rateLimits).values({ bucket: "contact-all", key: "*", hits, window_started_at: at });
    }

    it(`puts ${CONTACT_GLOBAL_CEILING.max} messages an hour from everyone in the inbox, then holds the rest with the visitor told it was sent, and e-mails the owner once`, async () => {
      const { send, advance, alerts } = setUp();
      await storedThisHour(database(), CONTACT_GLOBAL_CEILING.max - 1, new Date("2026-11-22T09:40:00Z"));
      expect((await send({ ...VALID, subject: "the last one" }, "198.51.100.1")).status).toBe(200);

      const held = await send({ ...VALID, subject: "one too many" }, "198.51.100.2");
      expect(held.status).toBe(200);
      expect(held.headers.get("retry-after")).toBeNull();
      expect(await held.json()).toEqual(THANKS);
      const arabic = await send({ ...VALID, subject: "عربي" }, "2001:db8:5::1", "ar");
      expect(await arabic.json()).toEqual({ ok: true, next: "http://localhost/ar/contact?sent=1" });
      for (let i = 0; i < 5; i++)
        expect((await send({ ...VALID, subject: `more ${i}` }, `198.51.100.${10 + i}`)).status).toBe(200);
      const rows = await stored();
      expect(rows.filter((row) => !row.held).map((row) => row.subject)).toEqual(["the last one"]);
      expect(
        rows
          .filter((row) => row.held)
          .map((row) => row.subject)
          .sort(),
      ).toEqual(["one too many", "عربي", ...Array.from({ length: 5 }, (_, i) => `more ${i}`)].sort());

      await alerts.settled();
      expect(smtp.mails).toHaveLength(1);
      const [mail] = smtp.mails;
      expect(mail!.envelopeTo).toEqual([siteConfig.email]);
      expect(mail!.headers.get("subject")).toEqual(["Your contact form is holding messages"]);
      expect(mail!.text).toContain('kept in the "Held" folder of your inbox');
      expect(mail!.text).toContain(
        `${CONTACT_GLOBAL_CEILING.max} messages reached your contact form within an hour`,
      );
      expect(mail!.text).toContain("Until November 22, 2026 at 12:40 PM (Africa/Cairo)");
      expect(mail!.text).toContain("http://localhost:3000/admin-mh2025");

      // The hour over, messages are taken again; the next trip is a new e-mail.
      advance(40 * 60 * 1000);
      expect((await send({ ...VALID, subject: "next hour" }, "198.51.100.2")).status).toBe(200);
      expect((await stored()).find((row) => row.subject === "next hour")).toMatchObject({ held: false });
      await alerts.settled();
      expect(smtp.mails).toHaveLength(1);
      await database().db.update(rateLimits).set({ hits: CONTACT_GLOBAL_CEILING.max });
      expect((await send({ ...VALID, subject: "again too many" }, "198.51.100.3")).status).toBe(200);
      await alerts.settled();
      expect(smtp.mails).toHaveLength(2);
    });

    it("writes the owner's e-mail in the language chosen in Settings", async () => {
      const { send, alerts } = setUp();
      await database()
        .db.insert(siteSettings)
        .values({ id: 1, overrides: { emailLanguage: "ar", email: "mona@mona.dev" } });
      await storedThisHour(database(), CONTACT_GLOBAL_CEILING.max, new Date("2026-11-22T09:30:00Z"));
      expect((await send(VALID)).status).toBe(200);
      await alerts.settled();
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]!.envelopeTo).toEqual(["mona@mona.dev"]);
      expect(smtp.mails[0]!.headers.get("subject")).toEqual(["نموذج التواصل يحتجز الرسائل"]);
      expect(smtp.mails[0]!.text).toContain(
        `وصلت ${CONTACT_GLOBAL_CEILING.max} رسالة إلى نموذج التواصل خلال ساعة`,
      );
      expect(smtp.mails[0]!.text).toContain("صفحة الإدارة: http://localhost:3000/admin-mh2025");
    });

    it("does not count what it does not store: robots, duplicates and refusals", async () => {
      const { app, send } = setUp();
      await storedThisHour(database(), CONTACT_GLOBAL_CEILING.max - 1, new Date("2026-11-22T09:59:00Z"));
      expect((await send(VALID, "198.51.100.1")).status).toBe(200);
      expect((await send(VALID, "198.51.100.2")).status).toBe(200);
      expect(
        (await post(app, { ...VALID, subject: "bot", [FORM_STAMP_FIELD]: "1.x" }, "198.51.100.3")).status,
      ).toBe(200);
      expect((await send({ ...VALID, email: "bad@" }, "198.51.100.4")).status).toBe(422);
      const [row] = await database().db.select().from(rateLimits).where(eq(rateLimits.bucket, "contact-all"));
      expect(row!.hits).toBe(CONTACT_GLOBAL_CEILING.max);
    });
  });
});

async function post(app: TestApp, body: Record<string, unknown>, from = "203.0.113.7", language = "en") {
  const request = jsonRequest("POST", body);
  return app.request("/f/contact", {
    ...request,
    headers: {
      ...(request.headers as Record<string, string>),
      "X-Forwarded-For": from,
      Cookie: `language=${language}`,
    },
  });
}
