import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { siteConfig } from "#config/site.ts";
import { rateLimits, siteSettings } from "#db/schema.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { ownerAlertsFromEnv, type OwnerAlerts } from "#server/features/alerts/owner-alerts.ts";
import { readSettings } from "#server/features/settings/service.ts";
import {
  OWNER_PASSWORD,
  jsonRequest,
  makeApp,
  setOwnerPassword,
  signIn,
  type TestApp,
} from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp.ts";
import { LOGIN_FREE_FAILURES, LOGIN_GLOBAL_MAX_CHECKS } from "./owner-auth.ts";

// Sign-in beyond one address (docs/product.md §25): IPv6 /64s, the hourly ceiling of password checks across all
// addresses, and the owner's e-mails about it and about lockouts, read back from a real SMTP server.

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

describe.each(backends)("sign-in limits across addresses on $name", (backend) => {
  const database = useTestDatabase(backend);
  // Every e-mail a test caused has arrived before the next test looks at the mailbox.
  const made: OwnerAlerts[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((alerts) => alerts.settled()));
    smtp.mails.length = 0;
  });

  function setUp() {
    let clock = new Date("2026-11-22T10:00:00Z");
    const now = () => clock;
    const alerts = ownerAlertsFromEnv(loadEnv({ SMTP_URL: smtp.url, SMTP_TO: "owner@mona.dev" }), {
      logger: createMemoryLogger(),
      settings: () => readSettings(database().db, siteConfig),
    });
    made.push(alerts);
    const { app, logger } = makeApp(database(), { TRUST_PROXY: "1" }, { now, alerts });
    return {
      app,
      alerts,
      advance: (ms: number) => {
        clock = new Date(clock.getTime() + ms);
      },
      /** How many passwords were actually checked (each failure is logged once). */
      checks: () => logger.lines.filter((line) => line.startsWith("warn sign-in failed")).length,
      login: (password: string, from: string, language = "en") => login(app, password, from, language),
    };
  }

  const ceilingRow = (hits: number, startedAt: Date) =>
    database()
      .db.insert(rateLimits)
      .values({ bucket: "login-all", key: "*", hits, window_started_at: startedAt });

  it("counts every address of one IPv6 /64 as one: rotating within it does not get more guesses", async () => {
    const { login } = setUp();
    await setOwnerPassword(database(), OWNER_PASSWORD);
    for (let i = 1; i <= LOGIN_FREE_FAILURES + 1; i++)
      expect((await login("wrong guess", `2001:db8:7:7::${i}`)).status).toBe(401);
    const rotated = await login(OWNER_PASSWORD, "2001:db8:7:7:aaaa:bbbb:cccc:dddd");
    expect(rotated.status).toBe(429);
    expect(((await rotated.json()) as { error: string }).error).toBe(
      apiErrorText("en", "signInLimited", { count: 1 }),
    );
    // The next /64 is someone else, and an IPv4-mapped address is its IPv4 one.
    expect((await login("wrong guess", "2001:db8:7:8::1")).status).toBe(401);
    for (let i = 1; i <= LOGIN_FREE_FAILURES + 1; i++)
      expect((await login("wrong guess", "198.51.100.20")).status).toBe(401);
    expect((await login(OWNER_PASSWORD, "::ffff:198.51.100.20")).status).toBe(429);
    expect((await login(OWNER_PASSWORD, "198.51.100.21")).status).toBe(200);
  });

  it("e-mails the owner once per lockout, not once per attempt", async () => {
    const { login, advance, alerts } = setUp();
    await setOwnerPassword(database(), OWNER_PASSWORD);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) await login("wrong guess", "2001:db8:9:9::1");
    await alerts.settled();
    expect(smtp.mails).toEqual([]);
    expect((await login("wrong guess", "2001:db8:9:9::2")).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login("wrong guess", "2001:db8:9:9::3")).status).toBe(429);
    // The wait ends; the next failure only makes it longer, within the same lockout.
    advance(31_000);
    expect((await login("wrong guess", "2001:db8:9:9::4")).status).toBe(401);
    await alerts.settled();
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.envelopeTo).toEqual(["owner@mona.dev"]);
    expect(mail!.headers.get("subject")).toEqual(["Failed sign-ins to your site"]);
    expect(mail!.text).toContain(
      `${LOGIN_FREE_FAILURES + 1} wrong passwords were tried on your admin page from 2001:db8:9:9::/64.`,
    );
  });

  it(`checks ${LOGIN_GLOBAL_MAX_CHECKS} passwords an hour across all addresses, then sign-in waits with 429 and the owner is told once`, async () => {
    const { login, advance, alerts, checks } = setUp();
    await setOwnerPassword(database(), OWNER_PASSWORD);
    await database()
      .db.insert(siteSettings)
      .values({ id: 1, overrides: { emailLanguage: "ar" } });
    await ceilingRow(LOGIN_GLOBAL_MAX_CHECKS - 1, new Date("2026-11-22T09:20:00Z"));
    expect((await login("guess 100", "198.51.100.1")).status).toBe(401);
    expect(checks()).toBe(1);

    const refused = await login("guess 101", "198.51.100.2");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(20 * 60));
    expect(await refused.json()).toEqual({ error: apiErrorText("en", "signInBusy", { count: 20 }) });
    // The owner's right password waits too, in the visitor's language, and costs that address nothing.
    const owner = await login(OWNER_PASSWORD, "203.0.113.50", "ar");
    expect(owner.status).toBe(429);
    expect(await owner.json()).toEqual({ error: apiErrorText("ar", "signInBusy", { count: 20 }) });
    for (let i = 0; i < 5; i++) expect((await login("more", `198.51.100.${10 + i}`)).status).toBe(429);
    expect(checks()).toBe(1);
    const ownerRow = await database()
      .db.select()
      .from(rateLimits)
      .where(and(eq(rateLimits.bucket, "login"), eq(rateLimits.key, "203.0.113.50")));
    expect(ownerRow).toEqual([]);

    await alerts.settled();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.headers.get("subject")).toEqual(["توقّف تسجيل الدخول إلى موقعك مؤقتًا"]);
    expect(smtp.mails[0]!.text).toContain(
      `جُرِّبت ${LOGIN_GLOBAL_MAX_CHECKS} كلمة مرور على صفحة الإدارة خلال ساعة`,
    );

    advance(20 * 60 * 1000);
    expect((await login(OWNER_PASSWORD, "203.0.113.50")).status).toBe(200);
    await alerts.settled();
    expect(smtp.mails).toHaveLength(1);
  });

  it("checks no more than the ceiling allows when guesses from many addresses arrive at once", async () => {
    const { login, checks, alerts } = setUp();
    await setOwnerPassword(database(), OWNER_PASSWORD);
    await ceilingRow(LOGIN_GLOBAL_MAX_CHECKS - 10, new Date("2026-11-22T09:30:00Z"));
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(`guess ${i}`, `2001:db8:${(i + 1).toString(16)}::1`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    expect(checks()).toBe(10);
    await alerts.settled();
    expect(smtp.mails.map((mail) => mail.headers.get("subject")![0])).toEqual([
      "Sign-in to your site is paused",
    ]);
  });

  it("lets a browser that signed in before in while sign-in waits, with its own small limit", async () => {
    const { app, login: loginFrom } = setUp();
    await setOwnerPassword(database(), OWNER_PASSWORD);
    // The owner signs in once: the browser keeps a signed, HttpOnly device cookie.
    const first = await loginFrom(OWNER_PASSWORD, "203.0.113.50");
    expect(first.status).toBe(200);
    const setCookies = first.headers.getSetCookie();
    const device = setCookies.find((cookie) => cookie.startsWith("sira_device="))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Strict/i);
    const deviceCookie = device.split(";")[0]!;

    // Guesses from everywhere pause sign-in for everyone else.
    await database()
      .db.update(rateLimits)
      .set({ hits: LOGIN_GLOBAL_MAX_CHECKS + 5, blocked_until: new Date("2026-11-22T10:40:00Z") })
      .where(eq(rateLimits.bucket, "login-all"));
    expect((await loginFrom(OWNER_PASSWORD, "198.51.100.7")).status).toBe(429);
    // A device cookie that is not the server's (forged or altered) changes nothing.
    const [nonce, issued] = deviceCookie.slice("sira_device=".length).split(".");
    const forged = `sira_device=${nonce}.${issued}.${"A".repeat(43)}`;
    expect((await login(app, OWNER_PASSWORD, "198.51.100.7", "en", forged)).status).toBe(429);

    // The owner's browser gets in, even from an address that is locked out of its own.
    for (let i = 0; i < LOGIN_FREE_FAILURES + 1; i++)
      await database()
        .db.insert(rateLimits)
        .values({
          bucket: "login",
          key: "198.51.100.9",
          hits: 20,
          window_started_at: new Date("2026-11-22T09:50:00Z"),
          blocked_until: new Date("2026-11-22T10:50:00Z"),
        })
        .onConflictDoNothing();
    expect((await login(app, OWNER_PASSWORD, "198.51.100.9", "en", deviceCookie)).status).toBe(200);

    // Its own limit: five wrong passwords an hour, then it waits like an address.
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++)
      expect((await login(app, `wrong ${i}`, "198.51.100.9", "en", deviceCookie)).status).toBe(401);
    expect((await login(app, "wrong again", "198.51.100.9", "en", deviceCookie)).status).toBe(401);
    const waiting = await login(app, OWNER_PASSWORD, "198.51.100.9", "en", deviceCookie);
    expect(waiting.status).toBe(429);
    expect(await waiting.json()).toEqual({ error: apiErrorText("en", "signInLimited", { count: 1 }) });
    // Nothing the device tried counted toward the pause.
    const [ceiling] = await database().db.select().from(rateLimits).where(eq(rateLimits.bucket, "login-all"));
    expect(ceiling!.hits).toBe(LOGIN_GLOBAL_MAX_CHECKS + 5);
  });

  it("lets the signed-in owner change the password while sign-in waits", async () => {
    const { app } = setUp();
    const cookie = await signIn(app, database());
    await database()
      .db.update(rateLimits)
      .set({ hits: LOGIN_GLOBAL_MAX_CHECKS + 5, blocked_until: new Date("2026-11-22T10:30:00Z") })
      .where(eq(rateLimits.bucket, "login-all"));
    expect((await login(app, OWNER_PASSWORD, "198.51.100.1")).status).toBe(429);
    const response = await app.request(
      "/api/auth/password",
      jsonRequest("POST", { current: OWNER_PASSWORD, next: "a quite different pass phrase 7" }, cookie),
    );
    expect(response.status).toBe(200);
  });
});

async function login(app: TestApp, password: string, from: string, language = "en", cookie = "") {
  const request = jsonRequest("POST", { password });
  return app.request("/api/auth/login", {
    ...request,
    headers: {
      ...(request.headers as Record<string, string>),
      "X-Forwarded-For": from,
      Cookie: [`language=${language}`, cookie].filter(Boolean).join("; "),
    },
  });
}
