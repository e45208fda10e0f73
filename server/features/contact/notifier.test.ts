import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { messages, rateLimits } from "#db/schema.ts";
import type { Language } from "#core/preferences.ts";
import { backends, useTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { jsonRequest, makeApp } from "#tests/helpers/app.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp.ts";
import { contactStamp } from "#tests/helpers/contact-stamp.ts";
import { FORM_STAMP_FIELD } from "#core/contact.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { startServer } from "#server/runtime.ts";
import { siteConfig } from "#config/site.ts";
import { createSmtpTransport } from "#server/kernel/mail.ts";
import {
  createNotifier,
  HELD_NOTICE_EVERY_MS,
  notifierFromEnv,
  RETRY_DELAYS_MS,
  type Notifier,
} from "./notifier.ts";
import { CONTACT_GLOBAL_CEILING } from "./submit.ts";

// The owner's e-mail about each new message (docs/product.md §12), through a real SMTP server on this machine.

const OWNER = "owner@mona.dev";
const VALID = {
  name: "منى علي",
  email: "mona@example.com",
  subject: "A new shop",
  message: "مرحبًا!\nHello, can we talk?",
  form_origin: "http://localhost:3000/contact",
};

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
afterEach(() => {
  smtp.mails.length = 0;
  smtp.refuseNext(0);
});

describe.each(backends)("new-message e-mails on $name", (backend) => {
  const database = useTestDatabase(backend);
  const notifiers: Notifier[] = [];
  afterEach(async () => {
    await Promise.all(notifiers.splice(0).map((notifier) => notifier.stop()));
  });

  function setUp(
    options: { retryDelaysMs?: number[]; intervalMs?: number; language?: () => Promise<Language> } = {},
  ) {
    let clock = new Date("2026-11-22T10:00:00Z");
    const now = () => clock;
    const logger = createMemoryLogger();
    const notifier = createNotifier({
      db: database().db,
      logger,
      transport: createSmtpTransport(smtp.url),
      from: "site@mona.dev",
      to: OWNER,
      inboxUrl: "http://localhost:3000/admin-mh2025",
      now,
      ...options,
    });
    notifiers.push(notifier);
    const { app } = makeApp(database(), {}, { now, notifier });
    let visits = 0;
    return {
      app,
      notifier,
      logger,
      advance: (ms: number) => {
        clock = new Date(clock.getTime() + ms);
      },
      send: async (body: object = VALID) =>
        app.request(
          "/f/contact",
          jsonRequest("POST", {
            ...body,
            // Each visit its own stamp, a millisecond apart: a stamp is good for one message.
            [FORM_STAMP_FIELD]: await contactStamp(
              database().db,
              new Date(clock.getTime() - 60_000 - visits++),
            ),
          }),
        ),
    };
  }

  const rows = (db: TestDatabase) => db.db.select().from(messages);

  it("e-mails the owner after the message is stored: who wrote, the text, a reply address and the inbox link", async () => {
    const { send, notifier } = setUp();
    expect((await send()).status).toBe(200);
    await notifier.runOnce();

    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.envelopeTo).toEqual([OWNER]);
    expect(mail!.envelopeFrom).toBe("site@mona.dev");
    expect(mail!.headers.get("to")).toEqual([OWNER]);
    expect(mail!.headers.get("reply-to")).toEqual(["منى علي <mona@example.com>"]);
    expect(mail!.headers.get("subject")).toEqual(["A new shop — منى علي"]);
    expect(mail!.text).toContain("منى علي <mona@example.com>");
    expect(mail!.text).toContain("مرحبًا!\nHello, can we talk?");
    expect(mail!.text).toContain("Page / الصفحة: http://localhost:3000/contact");
    expect(mail!.text).toContain("Inbox / صندوق الوارد: http://localhost:3000/admin-mh2025");

    const [row] = await rows(database());
    expect(row).toMatchObject({ notify_attempts: 1, notify_after: null });
    expect(row!.notified_at).toEqual(new Date("2026-11-22T10:00:00Z"));
  });

  it("sends by itself right after the message is stored, without waiting for the loop", async () => {
    const { send } = setUp({ intervalMs: 60 * 60_000 });
    await send();
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 5_000 });
  });

  it("never lets the visitor's line breaks become headers or recipients", async () => {
    const { send, notifier } = setUp();
    await send({
      ...VALID,
      name: "Mona\r\nBcc: victim@example.com",
      subject: "Hi\r\nCc: other@example.com\r\nX-Injected: yes",
    });
    await notifier.runOnce();
    const [mail] = smtp.mails;
    expect(mail!.envelopeTo).toEqual([OWNER]);
    expect(mail!.headers.has("bcc")).toBe(false);
    expect(mail!.headers.has("cc")).toBe(false);
    expect(mail!.headers.has("x-injected")).toBe(false);
    expect(mail!.headers.get("subject")).toEqual([
      "Hi Cc: other@example.com X-Injected: yes — Mona Bcc: victim@example.com",
    ]);
  });

  it("logs a failed send, keeps the message, and tries again after a pause", async () => {
    const { send, notifier, logger, advance } = setUp();
    smtp.refuseNext(1);
    await send();
    await notifier.runOnce();

    expect(smtp.mails).toEqual([]);
    expect(logger.lines).toContainEqual(
      expect.stringMatching(/^error contact notification failed; will retry .*"attempt":1/),
    );
    const [failed] = await rows(database());
    expect(failed).toMatchObject({ ...VALID, notified_at: null, notify_attempts: 1 });
    expect(failed!.notify_after).toEqual(
      new Date(new Date("2026-11-22T10:00:00Z").getTime() + RETRY_DELAYS_MS[0]!),
    );

    // Not before the pause is over.
    advance(RETRY_DELAYS_MS[0]! - 1000);
    await notifier.runOnce();
    expect(smtp.mails).toEqual([]);

    advance(1000);
    await notifier.runOnce();
    expect(smtp.mails).toHaveLength(1);
    const [sent] = await rows(database());
    expect(sent).toMatchObject({ notify_attempts: 2, notify_after: null });
    expect(sent!.notified_at).not.toBeNull();
    expect(logger.lines).toContainEqual(
      expect.stringMatching(/^info contact notification sent .*"attempt":2/),
    );

    // Sent once: later rounds leave it alone.
    advance(24 * 60 * 60_000);
    await notifier.runOnce();
    expect(smtp.mails).toHaveLength(1);
  });

  it("gives up after the last pause, and the message stays in the inbox", async () => {
    const { send, notifier, logger, advance } = setUp({ retryDelaysMs: [60_000] });
    smtp.refuseNext(2);
    await send();
    await notifier.runOnce();
    advance(60_000);
    await notifier.runOnce();
    expect(logger.lines).toContainEqual(
      expect.stringMatching(/^error contact notification failed; giving up/),
    );
    advance(24 * 60 * 60_000);
    await notifier.runOnce();
    expect(smtp.mails).toEqual([]);
    expect(await rows(database())).toMatchObject([
      { ...VALID, notified_at: null, notify_after: null, notify_attempts: 2 },
    ]);
  });

  it("the background loop retries by itself, and stops when asked", async () => {
    const { send, notifier, advance, logger } = setUp({ intervalMs: 20 });
    smtp.refuseNext(1);
    await send();
    await vi.waitFor(() => expect(logger.lines.join("\n")).toContain("will retry"));
    notifier.start();
    advance(RETRY_DELAYS_MS[0]!);
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 5_000 });

    await notifier.stop();
    await send({ ...VALID, subject: "After stop" });
    advance(60 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.mails).toHaveLength(1);
    expect((await rows(database())).find((row) => row.subject === "After stop")).toMatchObject({
      notified_at: null,
      notify_attempts: 0,
    });
  });

  it("two servers sharing the database send each notification once", async () => {
    const first = setUp();
    const second = createNotifier({
      db: database().db,
      logger: createMemoryLogger(),
      transport: createSmtpTransport(smtp.url),
      from: "site@mona.dev",
      to: OWNER,
      inboxUrl: "http://localhost:3000/admin-mh2025",
      now: () => new Date("2026-11-22T10:00:00Z"),
    });
    notifiers.push(second);
    await database()
      .db.insert(messages)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          ...VALID,
          subject: `Message ${i}`,
          notify_after: new Date("2026-11-22T10:00:00Z"),
        })),
      );
    await Promise.all([
      first.notifier.runOnce(),
      second.runOnce(),
      first.notifier.runOnce(),
      second.runOnce(),
    ]);
    const subjects = smtp.mails.map((mail) => mail.headers.get("subject")![0]!.split(" — ")[0]).sort();
    expect(subjects).toEqual(Array.from({ length: 12 }, (_, i) => `Message ${i}`).sort());
  });

  /** As if the inbox's hourly ceiling had been reached ten minutes ago by a flood from many addresses. */
  const flooded = () =>
    database()
      .db.insert(rateLimits)
      .values({
        bucket: "contact-all",
        key: "*",
        hits: CONTACT_GLOBAL_CEILING.max,
        window_started_at: new Date("2026-11-22T09:50:00Z"),
      });
  const subjects = () => smtp.mails.map((mail) => mail.headers.get("subject")![0]);

  it("tells the owner of messages held during a flood, counting them, at most once an hour", async () => {
    const { send, notifier, advance, logger } = setUp();
    await flooded();
    // A real visitor's message among the flood's: held, so not e-mailed on its own.
    expect((await send({ ...VALID, subject: "A real question" })).status).toBe(200);
    expect((await send({ ...VALID, subject: "Spam" })).status).toBe(200);
    expect((await rows(database())).map((row) => row.held)).toEqual([true, true]);

    await notifier.runOnce();
    expect(subjects()).toEqual(["2 messages are held for your review"]);
    const [mail] = smtp.mails;
    expect(mail!.envelopeTo).toEqual([OWNER]);
    expect(mail!.text).toContain(
      "2 messages sent through your contact form were held for review instead of going to your inbox",
    );
    expect(mail!.text).toContain(
      "Review them in Messages › Held: http://localhost:3000/admin-mh2025/messages?folder=held",
    );
    expect(logger.lines).toContainEqual(
      expect.stringMatching(/^info held messages' notice sent .*"count":2/),
    );

    // Within the hour more are held, and counted by the next notice, not by a second one now.
    advance(10 * 60_000);
    expect((await send({ ...VALID, subject: "Another one" })).status).toBe(200);
    await notifier.runOnce();
    expect(smtp.mails).toHaveLength(1);
    advance(HELD_NOTICE_EVERY_MS - 10 * 60_000 - 1000);
    await notifier.runOnce();
    expect(smtp.mails).toHaveLength(1);

    advance(1000);
    await notifier.runOnce();
    expect(subjects()).toEqual(["2 messages are held for your review", "A message is held for your review"]);
    expect(smtp.mails[1]!.text).toContain("A message sent through your contact form was held for review");
    // Nothing more held, nothing more said.
    advance(HELD_NOTICE_EVERY_MS);
    await notifier.runOnce();
    expect(smtp.mails).toHaveLength(2);
  });

  it("writes the notice in the owner's language, tries a failed one again, and sends it once from two servers", async () => {
    const first = setUp({ language: () => Promise.resolve("ar") });
    const second = setUp({ language: () => Promise.resolve("ar") });
    await flooded();
    for (const subject of ["سؤال", "مزعج", "آخر"]) await first.send({ ...VALID, subject });

    smtp.refuseNext(1);
    await first.notifier.runOnce();
    expect(smtp.mails).toEqual([]);
    expect(first.logger.lines).toContainEqual(
      expect.stringMatching(/^error held messages' notice failed; will retry .*"count":3/),
    );

    await Promise.all([first.notifier.runOnce(), second.notifier.runOnce()]);
    expect(subjects()).toEqual(["٣ رسائل محتجزة لمراجعتك"]);
    expect(smtp.mails[0]!.text).toContain("احتُجزت ٣ رسائل أُرسلت عبر نموذج التواصل للمراجعة");
    expect(smtp.mails[0]!.text).toContain(
      "راجعها في الرسائل › المحتجزة: http://localhost:3000/admin-mh2025/messages?folder=held",
    );
  });

  it("sends nothing for messages stored while e-mail was off", async () => {
    const { app } = makeApp(database());
    await app.request(
      "/f/contact",
      jsonRequest("POST", { ...VALID, [FORM_STAMP_FIELD]: await contactStamp(database().db) }),
    );
    const { notifier } = setUp();
    await notifier.runOnce();
    expect(smtp.mails).toEqual([]);
    expect(await rows(database())).toMatchObject([{ notify_after: null, notify_attempts: 0 }]);
  });
});

describe("the server with SMTP_URL", () => {
  it("e-mails the owner of config/site.ts by default, and finishes sending before it closes", async () => {
    const logger = createMemoryLogger();
    const running = await startServer({
      env: loadEnv({ PORT: "0", HOST: "127.0.0.1", LOG_REQUESTS: "0", SMTP_URL: smtp.url }),
      logger,
      inMemory: true,
    });
    try {
      const response = await fetch(`${running.url}/f/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...VALID, [FORM_STAMP_FIELD]: await contactStamp(running.database.db) }),
      });
      expect(response.status).toBe(200);
    } finally {
      await running.close();
    }
    expect(smtp.mails.map((mail) => [mail.envelopeFrom, mail.envelopeTo])).toEqual([
      [siteConfig.email, [siteConfig.email]],
    ]);
  });
});

describe("notifierFromEnv", () => {
  const [backend] = backends;
  const database = useTestDatabase(backend!);

  it("is off without SMTP_URL", () => {
    expect(
      notifierFromEnv(loadEnv({}), { db: database().db, logger: createMemoryLogger(), ownerEmail: OWNER }),
    ).toBeUndefined();
  });

  it("refuses to start without anyone to send to", () => {
    expect(() =>
      notifierFromEnv(loadEnv({ SMTP_URL: smtp.url }), { db: database().db, logger: createMemoryLogger() }),
    ).toThrow(/SMTP_TO/);
  });

  it("sends to SMTP_TO from SMTP_FROM when they are set, linking the admin page of SITE_URL and ADMIN_PATH", async () => {
    const env = loadEnv({
      SMTP_URL: smtp.url,
      SMTP_FROM: "site@mona.dev",
      SMTP_TO: "inbox@mona.dev",
      SITE_URL: "https://mona.dev",
      ADMIN_PATH: "/studio",
    });
    const notifier = notifierFromEnv(env, {
      db: database().db,
      logger: createMemoryLogger(),
      ownerEmail: OWNER,
    })!;
    try {
      await database()
        .db.insert(messages)
        .values({ ...VALID, notify_after: new Date() });
      await notifier.runOnce();
    } finally {
      await notifier.stop();
    }
    expect(smtp.mails.map((mail) => [mail.envelopeFrom, mail.envelopeTo])).toEqual([
      ["site@mona.dev", ["inbox@mona.dev"]],
    ]);
    expect(smtp.mails[0]!.text).toContain("https://mona.dev/studio");
  });
});
