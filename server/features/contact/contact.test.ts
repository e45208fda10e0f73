import { asc, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { CONTACT_LIMITS, FORM_STAMP_FIELD } from "#core/contact.ts";
import { messages } from "#db/schema.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { jsonRequest, makeApp, type TestApp } from "#tests/helpers/app.ts";
import { contactStamp } from "#tests/helpers/contact-stamp.ts";
import { standInPages } from "#tests/helpers/pages.ts";
import { CONTACT_GLOBAL_CEILING, CONTACT_RATE_LIMIT } from "./submit.ts";

// POST /f/:formId (docs/product.md §12): Formspree's replies, every code, and the spam and abuse defences.

const VALID = {
  name: "Mona Ali",
  email: "mona@example.com",
  subject: "A new shop",
  message: "Hello!\nCan we talk about a shop?",
  form_origin: "http://localhost:3000/contact",
};
// The contact page's sent state, on the origin the request came to (no SITE_URL in these tests).
const THANKS = { ok: true, next: "http://localhost/contact?sent=1" };

/**
 * The form's signed render time, as the contact page puts it in every form (docs/product.md §25): each post its
 * own, as each visit renders its own (a stamp is good for one message); made per test.
 */
let stamps: string[] = [];
const nextStamp = () => stamps.pop()!;
const stamped = (body: unknown) =>
  typeof body === "object" && body !== null && !Array.isArray(body) && !Object.hasOwn(body, FORM_STAMP_FIELD)
    ? { ...body, [FORM_STAMP_FIELD]: nextStamp() }
    : body;

/** A JSON post as the contact page's browser code sends it, from this site. */
async function postJson(
  app: TestApp,
  body: unknown,
  init: { path?: string; headers?: Record<string, string> } = {},
) {
  const request = jsonRequest("POST", stamped(body));
  return app.request(init.path ?? "/f/contact", {
    ...request,
    headers: { ...(request.headers as Record<string, string>), ...init.headers },
  });
}

/** A plain HTML form post (urlencoded), as a browser without JavaScript or a static site sends it. */
async function postForm(app: TestApp, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.request("/f/contact", {
    method: "POST",
    body: new URLSearchParams(stamped(fields) as Record<string, string>),
    headers,
  });
}

const english = (key: Parameters<typeof apiErrorText>[1], vars?: Parameters<typeof apiErrorText>[2]) =>
  apiErrorText("en", key, vars);

describe.each(backends)("POST /f/:formId on $name", (backend) => {
  const database = useTestDatabase(backend);
  const stored = () => database().db.select().from(messages).orderBy(asc(messages.created_at));
  beforeEach(async () => {
    const rendered = Date.now() - 60_000;
    stamps = await Promise.all(
      Array.from({ length: 250 }, (_, i) => contactStamp(database().db, new Date(rendered - i))),
    );
  });

  describe("success", () => {
    it("stores a JSON message and answers like the form service, only once it is stored", async () => {
      const { app } = makeApp(database());
      const response = await postJson(app, VALID);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual(THANKS);
      const rows = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...VALID, read_at: null, notified_at: null, notify_after: null });
    });

    it("takes urlencoded and multipart form data, and keeps Arabic text intact", async () => {
      const { app } = makeApp(database());
      const arabic = { ...VALID, name: "منى علي", subject: "متجر جديد", message: "مرحبًا!\nهل نتحدث؟" };
      expect(await (await postForm(app, arabic)).json()).toEqual(THANKS);
      const multipart = new FormData();
      for (const [name, value] of Object.entries({
        ...VALID,
        subject: "Multipart",
        [FORM_STAMP_FIELD]: nextStamp(),
      }))
        multipart.append(name, value);
      const response = await app.request("/f/contact", { method: "POST", body: multipart });
      expect(response.status).toBe(200);
      expect((await stored()).map((row) => [row.name, row.subject, row.message])).toEqual([
        ["منى علي", "متجر جديد", "مرحبًا!\nهل نتحدث؟"],
        ["Mona Ali", "Multipart", VALID.message],
      ]);
    });

    it("trims the fields, ignores unknown ones and does not require form_origin", async () => {
      const { app } = makeApp(database());
      const withoutOrigin = {
        name: VALID.name,
        email: VALID.email,
        subject: VALID.subject,
        message: VALID.message,
      };
      const response = await postJson(app, { ...withoutOrigin, name: "  Mona  ", _replyto: "x", extra: 1 });
      expect(response.status).toBe(200);
      expect(await stored()).toMatchObject([{ name: "Mona", form_origin: "" }]);
    });

    it("sends a visitor back to the contact page of their language, on SITE_URL when it is set", async () => {
      const plain = makeApp(database()).app;
      // The Arabic page states its language (a bare Accept-Language), which outranks the cookie.
      const fromArabic = await postJson(plain, VALID, {
        headers: { "Accept-Language": "ar", Cookie: "language=en" },
      });
      expect(await fromArabic.json()).toEqual({ ok: true, next: "http://localhost/ar/contact?sent=1" });
      // A browser's own Accept-Language is not such a statement: the cookie decides.
      const browser = await postJson(plain, VALID, {
        headers: { "Accept-Language": "en-US,en;q=0.9", Cookie: "language=ar" },
      });
      expect(await browser.json()).toEqual({ ok: true, next: "http://localhost/ar/contact?sent=1" });
      const configured = makeApp(database(), { SITE_URL: "https://www.example.com/" }).app;
      const response = await postJson(configured, VALID, {
        headers: { Origin: "https://www.example.com", "Sec-Fetch-Site": "same-origin" },
      });
      expect(await response.json()).toEqual({ ok: true, next: "https://www.example.com/contact?sent=1" });
    });

    it("takes CONTACT_FORM_ID's form and no other", async () => {
      const { app } = makeApp(database(), { CONTACT_FORM_ID: "hello-form" });
      expect((await postJson(app, VALID, { path: "/f/hello-form" })).status).toBe(200);
      const response = await postJson(app, VALID);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: english("contactFormNotFound"),
        errors: [{ code: "FORM_NOT_FOUND", message: english("contactFormNotFound") }],
      });
      expect(await stored()).toHaveLength(1);
    });
  });

  describe("refusals, each with its code and status, and nothing stored", () => {
    it.each<[string, () => [string, RequestInit], number, unknown]>([
      [
        "FORM_NOT_FOUND for another form id",
        () => ["/f/someone-else", jsonRequest("POST", VALID)],
        404,
        {
          error: english("contactFormNotFound"),
          errors: [{ code: "FORM_NOT_FOUND", message: english("contactFormNotFound") }],
        },
      ],
      [
        "NO_FILE_UPLOADS for a file",
        () => {
          const form = new FormData();
          for (const [name, value] of Object.entries(VALID)) form.append(name, value);
          form.append("attachment", new File(["%PDF-1.7"], "cv.pdf", { type: "application/pdf" }));
          return ["/f/contact", { method: "POST", body: form }];
        },
        400,
        {
          error: english("contactNoFiles"),
          errors: [{ code: "NO_FILE_UPLOADS", message: english("contactNoFiles") }],
        },
      ],
      [
        "EMPTY for an empty JSON object",
        () => ["/f/contact", jsonRequest("POST", {})],
        422,
        { error: english("contactEmpty"), errors: [{ code: "EMPTY", message: english("contactEmpty") }] },
      ],
      [
        "EMPTY for an empty form",
        () => ["/f/contact", { method: "POST", body: new URLSearchParams() }],
        422,
        { error: english("contactEmpty"), errors: [{ code: "EMPTY", message: english("contactEmpty") }] },
      ],
      [
        "EMPTY for no body at all",
        () => ["/f/contact", { method: "POST" }],
        422,
        { error: english("contactEmpty"), errors: [{ code: "EMPTY", message: english("contactEmpty") }] },
      ],
      [
        "REQUIRED_FIELD_MISSING and REQUIRED_FIELD_EMPTY by field",
        () => [
          "/f/contact",
          jsonRequest("POST", stamped({ name: "Mona", email: "mona@example.com", subject: "   " })),
        ],
        422,
        {
          error: english("contactInvalid"),
          errors: [
            { field: "subject", code: "REQUIRED_FIELD_EMPTY", message: english("contactRequired") },
            { field: "message", code: "REQUIRED_FIELD_MISSING", message: english("contactRequired") },
          ],
        },
      ],
      [
        "TYPE_EMAIL for an address the owner cannot answer",
        () => ["/f/contact", jsonRequest("POST", stamped({ ...VALID, email: "mona@localhost" }))],
        422,
        {
          error: english("contactInvalid"),
          errors: [{ field: "email", code: "TYPE_EMAIL", message: english("contactEmail") }],
        },
      ],
      [
        "TYPE_TEXT for values that are not text",
        () => ["/f/contact", jsonRequest("POST", stamped({ ...VALID, name: 7, message: { text: "hi" } }))],
        422,
        {
          error: english("contactInvalid"),
          errors: [
            { field: "name", code: "TYPE_TEXT", message: english("notText") },
            { field: "message", code: "TYPE_TEXT", message: english("notText") },
          ],
        },
      ],
      [
        "TYPE_TEXT for a field sent twice",
        () => [
          "/f/contact",
          {
            method: "POST",
            body: new URLSearchParams([
              ...Object.entries(VALID),
              [FORM_STAMP_FIELD, nextStamp()],
              ["email", "other@example.com"],
            ]),
          },
        ],
        422,
        {
          error: english("contactInvalid"),
          errors: [{ field: "email", code: "TYPE_TEXT", message: english("notText") }],
        },
      ],
      [
        "400 for a body that is not JSON",
        () => ["/f/contact", { ...jsonRequest("POST", undefined), body: "{name:" }],
        400,
        { error: english("invalidJson") },
      ],
      [
        "400 for JSON that is not an object",
        () => ["/f/contact", jsonRequest("POST", [VALID])],
        400,
        { error: english("invalidJson") },
      ],
      [
        "415 for another media type",
        () => [
          "/f/contact",
          { method: "POST", headers: { "Content-Type": "text/plain" }, body: "name=Mona" },
        ],
        415,
        { error: english("contactMediaType") },
      ],
    ])("%s", async (_name, request, status, reply) => {
      const { app } = makeApp(database());
      const [path, init] = request();
      const response = await app.request(path, init);
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual(reply);
      expect(await stored()).toEqual([]);
    });

    it("answers INACTIVE when the page posts to an external endpoint instead", async () => {
      const { app } = makeApp(database(), { CONTACT_FORM_ENDPOINT: "https://formspree.io/f/xyzabcd" });
      const response = await postJson(app, VALID);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: english("contactInactive"),
        errors: [{ code: "INACTIVE", message: english("contactInactive") }],
      });
      expect(await stored()).toEqual([]);
    });

    it("writes its messages in the visitor's language", async () => {
      const { app } = makeApp(database());
      const response = await postJson(
        app,
        { ...VALID, email: "نعم", subject: "" },
        { headers: { Cookie: "language=ar" } },
      );
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        error: "يرجى تصحيح الحقول المشار إليها أدناه.",
        errors: [
          {
            field: "email",
            code: "TYPE_EMAIL",
            message: "أدخل بريدًا إلكترونيًا صالحًا، مثل name@example.com.",
          },
          { field: "subject", code: "REQUIRED_FIELD_EMPTY", message: "يرجى ملء هذا الحقل." },
        ],
      });
    });

    it("refuses a post from another site's page (CSRF)", async () => {
      const { app } = makeApp(database());
      const response = await postForm(app, VALID, {
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: english("crossSite") });
      expect(await stored()).toEqual([]);
    });
  });

  describe("length caps", () => {
    it.each(Object.entries(CONTACT_LIMITS))(
      "refuses a %s over %i characters with 422 naming it",
      async (field, max) => {
        const { app } = makeApp(database());
        const atCap = field === "email" ? `${"a".repeat(max - 12)}@example.com` : "x".repeat(max);
        expect((await postJson(app, { ...VALID, [field]: atCap })).status).toBe(200);
        const response = await postJson(
          app,
          { ...VALID, [field]: `${atCap}y` },
          { headers: { Cookie: "language=ar" } },
        );
        expect(response.status).toBe(422);
        expect(await response.json()).toEqual({
          error: apiErrorText("ar", "contactInvalid"),
          errors: [{ field, code: "TYPE_TEXT", message: apiErrorText("ar", "tooLong", { max, count: max }) }],
        });
        expect(await stored()).toHaveLength(1);
      },
    );

    it("refuses a body over 128 KiB with 413 before reading it", async () => {
      const { app } = makeApp(database());
      const big = { ...VALID, message: "x".repeat(140 * 1024) };
      const response = await postJson(app, big);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: english("tooLarge") });
      const arabic = await app.request("/f/contact", {
        method: "POST",
        headers: { Cookie: "language=ar" },
        body: new URLSearchParams({ ...VALID, message: "ب".repeat(30_000) }),
      });
      expect(arabic.status).toBe(413);
      expect(await arabic.json()).toEqual({ error: apiErrorText("ar", "tooLarge") });
      expect(await stored()).toEqual([]);
    });

    it("caps the no-JavaScript post to the contact page the same way", async () => {
      // The page's limit is the page handler's (docs/product.md §20): an app with pages, rendered by a stand-in.
      const { app } = makeApp(database(), {}, { ssr: standInPages().ssr });
      const response = await app.request("/contact", {
        method: "POST",
        body: new URLSearchParams({ ...VALID, message: "x".repeat(140 * 1024) }),
      });
      expect(response.status).toBe(413);
    });
  });

  it("turns line breaks in name, e-mail and subject into spaces, so none can reach a mail header", async () => {
    const { app } = makeApp(database());
    const response = await postJson(app, {
      ...VALID,
      name: "Mona\r\nBcc: victim@example.com",
      subject: "Hi\rTo: other@example.com\nX-Evil: 1",
      message: "Line one\r\nLine two",
    });
    expect(response.status).toBe(200);
    const [row] = await stored();
    expect(row).toMatchObject({
      name: "Mona Bcc: victim@example.com",
      subject: "Hi To: other@example.com X-Evil: 1",
      message: "Line one\nLine two",
    });
    const injected = await postJson(app, { ...VALID, email: "mona@example.com\r\nBcc: victim@example.com" });
    expect(injected.status).toBe(422);
    expect(await stored()).toHaveLength(1);
  });

  describe("the honeypot", () => {
    it("answers a filled _gotcha exactly like a success, and keeps nothing", async () => {
      const { app } = makeApp(database());
      const bot = await postForm(app, { ...VALID, _gotcha: "https://cheap-pills.example" });
      const person = await postForm(app, { ...VALID, _gotcha: "" });
      expect(bot.status).toBe(person.status);
      expect(await bot.json()).toEqual(await person.json());
      expect((await stored()).map((row) => row.email)).toEqual([VALID.email]);
    });

    it("does not tell a robot that its fields are wrong either", async () => {
      const { app } = makeApp(database());
      const response = await postJson(app, { name: "x", _gotcha: "filled" });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(THANKS);
      expect(await stored()).toEqual([]);
    });
  });

  describe("the rate limit", () => {
    it(`takes ${CONTACT_RATE_LIMIT.max} messages per address in ten minutes, then answers 429 with Retry-After`, async () => {
      // On the real clock's time, so the page's render stamps are fresh; minutes from the first post.
      const start = Date.now();
      let clock = new Date(start);
      const { app } = makeApp(database(), { TRUST_PROXY: "1" }, { now: () => clock });
      const from = (address: string, cookie = "") => ({
        headers: { "X-Forwarded-For": address, Cookie: cookie },
      });
      for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
        expect((await postJson(app, { ...VALID, subject: `n${i}` }, from("203.0.113.7"))).status).toBe(200);
      }
      clock = new Date(start + 4 * 60_000);
      const limited = await postJson(app, { ...VALID, subject: "one too many" }, from("203.0.113.7"));
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("360");
      const message = english("contactLimited", { count: 6 });
      expect(message).toContain("6 minute");
      expect(await limited.json()).toEqual({ error: message, errors: [{ code: "BLOCKED", message }] });

      const arabic = await postJson(app, VALID, from("203.0.113.7", "language=ar"));
      expect(arabic.status).toBe(429);
      expect(await arabic.json()).toMatchObject({
        error: apiErrorText("ar", "contactLimited", { count: 6 }),
      });

      // Another visitor is not affected, and the first one may send again once the window has passed.
      expect((await postJson(app, { ...VALID, subject: "neighbour" }, from("198.51.100.2"))).status).toBe(
        200,
      );
      clock = new Date(start + 10 * 60_000);
      expect((await postJson(app, { ...VALID, subject: "later" }, from("203.0.113.7"))).status).toBe(200);

      const subjects = (await stored()).map((row) => row.subject);
      expect(subjects).not.toContain("one too many");
      expect(subjects).toHaveLength(CONTACT_RATE_LIMIT.max + 2);
    });

    it("does not count a submission that had to be corrected", async () => {
      const { app } = makeApp(database());
      for (let i = 0; i < 10; i++)
        expect((await postJson(app, { ...VALID, email: "typo@" })).status).toBe(422);
      expect((await postJson(app, VALID)).status).toBe(200);
    });

    it("counts what the honeypot caught, so a robot is slowed down too", async () => {
      const { app } = makeApp(database());
      for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
        expect((await postJson(app, { ...VALID, _gotcha: "bot" })).status).toBe(200);
      }
      expect((await postJson(app, { ...VALID, _gotcha: "bot" })).status).toBe(429);
    });
  });

  it(`puts ${CONTACT_GLOBAL_CEILING.max} of 200 messages sent at the same moment from 200 addresses in the inbox, each exactly once; the rest are held`, async () => {
    const { app } = makeApp(database(), { TRUST_PROXY: "1" });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        postJson(
          app,
          { ...VALID, subject: `Parallel ${i}` },
          { headers: { "X-Forwarded-For": `10.0.${i >> 8}.${i & 255}` } },
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(200));
    const rows = await stored();
    const subjects = rows.map((row) => row.subject);
    expect(new Set(subjects)).toEqual(new Set(Array.from({ length: 200 }, (_, i) => `Parallel ${i}`)));
    expect(subjects).toHaveLength(200);
    expect(rows.filter((row) => !row.held)).toHaveLength(CONTACT_GLOBAL_CEILING.max);
    expect(rows.filter((row) => row.held)).toHaveLength(200 - CONTACT_GLOBAL_CEILING.max);
  });

  it.runIf(backend.name === "postgres")(
    "answers 503 in the page's language when no database connection comes free, and takes the message once sent again",
    async () => {
      const { app } = makeApp(database());
      // Every one of the pool's ten connections busy for longer than a request waits for one (5 s).
      const busy = Promise.all(
        Array.from({ length: 10 }, () => database().db.execute(sql`select pg_sleep(7)`)),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [refused, read] = await Promise.all([
        postJson(app, VALID, { headers: { "Accept-Language": "ar" } }),
        app.request("/api/projects"),
      ]);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("30");
      const message = apiErrorText("ar", "databaseUnavailable");
      expect(await refused.json()).toEqual({
        error: message,
        errors: [{ code: "UNSPECIFIED", message }],
      });
      expect(read.status).toBe(503);
      expect(await read.json()).toEqual({ error: english("databaseUnavailable") });
      await busy;

      expect((await stored()).map((row) => row.subject)).toEqual([]);
      expect((await postJson(app, VALID, { headers: { "Accept-Language": "ar" } })).status).toBe(200);
      expect((await stored()).map((row) => row.subject)).toEqual([VALID.subject]);
    },
  );
});

describe("the content security policy", () => {
  const [backend] = backends;
  const database = useTestDatabase(backend!);

  it("allows only this site as a form and fetch target by default", async () => {
    const response = await makeApp(database()).app.request("/healthz");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("form-action 'self';");
  });

  it("allows the external endpoint's origin, and only its origin, when one is configured", async () => {
    const { app } = makeApp(database(), { CONTACT_FORM_ENDPOINT: "https://formspree.io/f/xyzabcd" });
    const csp = (await app.request("/healthz")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("connect-src 'self' https://formspree.io;");
    expect(csp).toContain("form-action 'self' https://formspree.io;");
  });
});
