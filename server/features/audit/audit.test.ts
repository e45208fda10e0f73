import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteConfig } from "#config/site.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { ownerAlertsFromEnv } from "#server/features/alerts/owner-alerts.ts";
import { readSettings } from "#server/features/settings/service.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp.ts";
import { apiErrorText } from "#core/api-errors.ts";
import { AUDIT_PAGE_SIZE, type AuditPage } from "#core/audit.ts";
import { auditEvents } from "#db/schema.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { jsonRequest, makeApp, OWNER_PASSWORD, setOwnerPassword, signIn } from "#tests/helpers/app.ts";
import { describeDevice } from "#server/http/user-agent.ts";
import { isNewDevice, pruneAudit, recordAudit } from "./service.ts";

// The audit log (docs/product.md §26): what the owner did and who tried to sign in, a page at a time.

const CHROME_ON_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36";

const login = (password: string, address: string) => ({
  method: "POST",
  headers: {
    "Content-Type": "application/json",
    "X-Forwarded-For": address,
    "User-Agent": CHROME_ON_ANDROID,
  },
  body: JSON.stringify({ password }),
});

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

describe.each(backends)("the audit log on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function events(): Promise<{ action: string; subject: string; address: string; device: string }[]> {
    const rows = await database().db.select().from(auditEvents).orderBy(auditEvents.at);
    return rows.map(({ action, subject, address, device }) => ({ action, subject, address, device }));
  }

  it("records sign-ins and failures with the address and the device, never the password", async () => {
    const { app } = makeApp(database(), { TRUST_PROXY: "1" });
    await setOwnerPassword(database(), OWNER_PASSWORD);
    expect((await app.request("/api/auth/login", login("not the password", "203.0.113.9"))).status).toBe(401);
    expect((await app.request("/api/auth/login", login(OWNER_PASSWORD, "198.51.100.4"))).status).toBe(200);
    expect(await events()).toEqual([
      { action: "signInFailed", subject: "", address: "203.0.113.9", device: "Chrome 142 · Android" },
      { action: "signIn", subject: "", address: "198.51.100.4", device: "Chrome 142 · Android" },
    ]);
    const everything = JSON.stringify(await database().db.select().from(auditEvents));
    expect(everything).not.toContain("not the password");
    expect(everything).not.toContain(OWNER_PASSWORD);
  });

  it("records a lockout once, however many attempts it refuses", async () => {
    const { app } = makeApp(database(), { TRUST_PROXY: "1" });
    await setOwnerPassword(database(), OWNER_PASSWORD);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++)
      statuses.push((await app.request("/api/auth/login", login("wrong guess", "203.0.113.7"))).status);
    const failures = statuses.filter((status) => status === 401).length;
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(10);
    const recorded = await events();
    expect(recorded.filter((event) => event.action === "signInFailed")).toHaveLength(failures);
    expect(recorded.filter((event) => event.action === "signInLimited")).toEqual([
      { action: "signInLimited", subject: "", address: "203.0.113.7", device: "Chrome 142 · Android" },
    ]);
  });

  it("records the owner's writes with what they concerned, and not the refused ones", async () => {
    const { app } = makeApp(database());
    const cookie = await signIn(app, database());
    const created = await app.request("/api/projects", jsonRequest("POST", { title: "Bakery shop" }, cookie));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await app.request(`/api/projects/${id}`, jsonRequest("PUT", { title: "Bakery shop v2" }, cookie));
    expect((await app.request("/api/projects", jsonRequest("POST", { title: "" }, cookie))).status).toBe(422);
    expect((await app.request(`/api/projects/${id}`, jsonRequest("DELETE", undefined, cookie))).status).toBe(
      204,
    );
    const article = await app.request(
      "/api/articles",
      jsonRequest("POST", { title_en: "Hello", title_ar: "مرحبا", status: "draft" }, cookie),
    );
    expect(article.status).toBe(201);
    expect((await app.request("/api/settings/hero", jsonRequest("DELETE", undefined, cookie))).status).toBe(
      200,
    );
    expect((await events()).map(({ action, subject }) => [action, subject])).toEqual([
      ["signIn", ""],
      ["projectCreated", "Bakery shop"],
      ["projectUpdated", "Bakery shop v2"],
      ["projectDeleted", "Bakery shop v2"],
      ["articleCreated", "Hello"],
      ["settingsReset", "hero"],
    ]);
  });

  it("answers the owner one page at a time, newest first, filtered by action", async () => {
    const { app } = makeApp(database());
    const start = Date.parse("2026-11-01T00:00:00Z");
    for (let index = 0; index < AUDIT_PAGE_SIZE + 5; index++)
      await recordAudit(database().db, {
        action: index % 5 === 0 ? "settingsChanged" : "projectUpdated",
        subject: `event ${index}`,
        at: new Date(start + index * 60_000),
      });
    const cookie = await signIn(app, database());
    const first = (await (
      await app.request("/api/audit", { headers: { Cookie: cookie } })
    ).json()) as AuditPage;
    expect(first.total).toBe(AUDIT_PAGE_SIZE + 6);
    expect(first.pages).toBe(2);
    expect(first.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.events[0]!.action).toBe("signIn");
    expect(first.events[1]!.subject).toBe(`event ${AUDIT_PAGE_SIZE + 4}`);
    const second = (await (
      await app.request("/api/audit?page=2", { headers: { Cookie: cookie } })
    ).json()) as AuditPage;
    expect(second.events.map((event) => event.subject)).toEqual([
      "event 5",
      "event 4",
      "event 3",
      "event 2",
      "event 1",
      "event 0",
    ]);
    const filtered = (await (
      await app.request("/api/audit?action=settingsChanged", { headers: { Cookie: cookie } })
    ).json()) as AuditPage;
    expect(filtered.total).toBe(11);
    expect(filtered.events.every((event) => event.action === "settingsChanged")).toBe(true);
  });

  it("refuses a bad page or action in the visitor's language, and strangers", async () => {
    const { app } = makeApp(database());
    expect((await app.request("/api/audit")).status).toBe(401);
    const cookie = await signIn(app, database());
    for (const query of ["page=0", "page=-1", "page=1.5", "page=x", "page=9999999999"]) {
      const response = await app.request(`/api/audit?${query}`, {
        headers: { Cookie: `${cookie}; language=ar` },
      });
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({
        error: apiErrorText("ar", "pageInvalid", { max: 100_000 }),
        issues: [{ path: "page", message: apiErrorText("ar", "pageInvalid", { max: 100_000 }) }],
      });
    }
    const action = await app.request("/api/audit?action=__proto__", { headers: { Cookie: cookie } });
    expect(action.status).toBe(400);
  });

  it("e-mails the owner once about a sign-in from a browser never seen signing in before", async () => {
    const alerts = ownerAlertsFromEnv(loadEnv({ SMTP_URL: smtp.url, SMTP_FROM: "site@mona.dev" }), {
      logger: createMemoryLogger(),
      settings: () => readSettings(database().db, siteConfig),
    });
    const { app } = makeApp(database(), { TRUST_PROXY: "1" }, { alerts });
    await setOwnerPassword(database(), OWNER_PASSWORD);
    smtp.mails.length = 0;
    const laptop =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
    const from = (userAgent: string, address: string) => ({
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address, "User-Agent": userAgent },
      body: JSON.stringify({ password: OWNER_PASSWORD }),
    });
    // The first sign-in of the site, and the same laptop again: no news.
    expect((await app.request("/api/auth/login", from(laptop, "198.51.100.4"))).status).toBe(200);
    expect((await app.request("/api/auth/login", from(laptop, "198.51.100.9"))).status).toBe(200);
    await alerts.settled();
    expect(smtp.mails).toEqual([]);
    // A phone never seen before: one e-mail naming it and its address.
    expect((await app.request("/api/auth/login", from(CHROME_ON_ANDROID, "203.0.113.50"))).status).toBe(200);
    await alerts.settled();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.headers.get("subject")).toEqual(["A new sign-in to your site"]);
    expect(smtp.mails[0]!.text).toContain("Chrome 142 · Android");
    expect(smtp.mails[0]!.text).toContain("203.0.113.50");
    smtp.mails.length = 0;
  });

  it("knows a browser that signed in once, however many sign-ins from others came after", async () => {
    const { db } = database();
    await db.delete(auditEvents);
    const start = Date.UTC(2026, 0, 1);
    const phone = describeDevice(CHROME_ON_ANDROID);
    await recordAudit(db, { action: "signIn", userAgent: CHROME_ON_ANDROID, at: new Date(start) });
    await db.insert(auditEvents).values(
      Array.from({ length: 1500 }, (_, k) => ({
        action: "signIn",
        device: "Firefox 140 · Linux",
        at: new Date(start + (k + 1) * 60_000),
      })),
    );
    const later = new Date(start + 2000 * 60_000);
    expect(await isNewDevice(db, phone, later)).toBe(false);
    expect(await isNewDevice(db, "Safari 18 · iOS", later)).toBe(true);
    // Before any sign-in of the site: no news.
    expect(await isNewDevice(db, "Safari 18 · iOS", new Date(start))).toBe(false);
    await db.delete(auditEvents);
  });

  it("forgets events older than the retention period", async () => {
    await recordAudit(database().db, { action: "signIn", at: new Date("2025-01-01T00:00:00Z") });
    await recordAudit(database().db, { action: "signOut", at: new Date("2026-11-01T00:00:00Z") });
    expect(await pruneAudit(database().db, new Date("2026-01-01T00:00:00Z"))).toBe(1);
    expect((await events()).map((event) => event.action)).toEqual(["signOut"]);
  });
});
