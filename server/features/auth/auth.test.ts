import { apiErrorText, apiErrorTexts } from "#core/api-errors.ts";
import { describe, expect, it } from "vitest";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { OWNER_PASSWORD, jsonRequest, makeApp, setOwnerPassword, signIn } from "#tests/helpers/app.ts";
import {
  LOGIN_FIRST_BLOCK_MS,
  LOGIN_FREE_FAILURES,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  createOwnerAuth,
} from "./owner-auth.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { ownerCredentials, sessions } from "#db/schema.ts";

/** A clock the test moves forward by hand. */
function testClock(start = new Date("2026-11-22T10:00:00Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

const login = (password: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify({ password }),
});

describe.each(backends)("owner sign-in on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function setUp(env: Record<string, string> = {}) {
    const clock = testClock();
    const made = makeApp(database(), { TRUST_PROXY: "1", ...env }, { now: clock.now });
    await setOwnerPassword(database(), OWNER_PASSWORD);
    return { ...made, clock };
  }

  it("signs in with the right password: an HttpOnly, SameSite=Strict cookie and a session", async () => {
    const { app, logger } = await setUp();
    const response = await app.request("/api/auth/login", login(OWNER_PASSWORD));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: true, expiresAt: "2026-11-22T22:00:00.000Z" });
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^sira_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    expect(response.headers.get("Cache-Control")).toBe("no-store");

    const session = await app.request("/api/auth/session", { headers: { Cookie: cookie.split(";")[0]! } });
    expect(await session.json()).toEqual({ signedIn: true, expiresAt: "2026-11-22T22:00:00.000Z" });
    expect(logger.lines.join("\n")).toContain("owner signed in");
  });

  it("uses a __Host- prefixed Secure cookie when the site is served over https", async () => {
    const { app } = await setUp({ SITE_URL: "https://mona.dev" });
    const response = await app.request("/api/auth/login", login(OWNER_PASSWORD));
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__Host-sira_session=/);
    expect(cookie).toMatch(/Secure/);
    const name = cookie.split(";")[0]!;
    const session = await app.request("/api/auth/session", { headers: { Cookie: name } });
    expect(await session.json()).toMatchObject({ signedIn: true });
  });

  it("stores only hashes: the password as argon2id (m=19 MiB, t=2, p=1), the session token as SHA-256", async () => {
    const { app } = await setUp();
    const cookie = await signIn(app, database());
    const token = cookie.split("=")[1]!;
    const [credentials] = await database().db.select().from(ownerCredentials);
    expect(credentials!.password_hash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(credentials!.password_hash).not.toContain(OWNER_PASSWORD);
    const rows = await database().db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(token);
    expect(rows[0]!.token_hash).toHaveLength(43);
  });

  it.each([
    ["a wrong password", "not the password at all"],
    ["an empty password", ""],
    ["a number", 12345],
    ["no password", undefined],
    ["a password of 64 wrong characters", "x".repeat(64)],
    ["an overlong password", "y".repeat(5000)],
    ["the right password with a trailing space", `${OWNER_PASSWORD} `],
  ])("gives %s the one failure answer", async (_case, password) => {
    const { app } = await setUp();
    const response = await app.request("/api/auth/login", login(password));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "The password is not correct." });
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("accepts a long pass phrase (no cap below 64 characters)", async () => {
    const { app } = await setUp();
    const phrase = "a long pass phrase with spaces, digits 123 and Arabic كلمة مرور طويلة جدا جدا "
      .repeat(2)
      .trim();
    await setOwnerPassword(database(), phrase);
    expect(phrase.length).toBeGreaterThan(128);
    expect((await app.request("/api/auth/login", login(phrase))).status).toBe(200);
  });

  it("answers the failure in Arabic for an Arabic visitor", async () => {
    const { app } = await setUp();
    const response = await app.request("/api/auth/login", login("wrong", { Cookie: "language=ar" }));
    expect(await response.json()).toEqual({ error: "كلمة المرور غير صحيحة." });
  });

  it("limits failures per address with a growing back-off, before checking the password", async () => {
    const { app, clock, logger } = await setUp();
    const from = (address: string, password: string) =>
      app.request("/api/auth/login", login(password, { "X-Forwarded-For": `10.0.0.9, ${address}` }));

    for (let i = 0; i < LOGIN_FREE_FAILURES; i++)
      expect((await from("203.0.113.5", "wrong")).status).toBe(401);
    // The failure past the free ones is still answered as a failure, and starts the first block.
    expect((await from("203.0.113.5", "wrong")).status).toBe(401);

    const blocked = await from("203.0.113.5", OWNER_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toBe(String(LOGIN_FIRST_BLOCK_MS / 1000));
    expect(await blocked.json()).toEqual({
      error: "Too many failed sign-ins. Try again in 1 minute.",
    });
    // Another address is not affected.
    expect((await from("198.51.100.7", OWNER_PASSWORD)).status).toBe(200);

    clock.advance(LOGIN_FIRST_BLOCK_MS + 1000);
    expect((await from("203.0.113.5", "wrong again")).status).toBe(401);
    const longer = await from("203.0.113.5", "wrong");
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("Retry-After"))).toBe((2 * LOGIN_FIRST_BLOCK_MS) / 1000);

    clock.advance(2 * LOGIN_FIRST_BLOCK_MS + 1000);
    // The right password clears the address's record.
    expect((await from("203.0.113.5", OWNER_PASSWORD)).status).toBe(200);
    expect((await from("203.0.113.5", "wrong")).status).toBe(401);
    expect((await from("203.0.113.5", "wrong")).status).toBe(401);

    const log = logger.lines.join("\n");
    expect(log).toContain("sign-in failed");
    expect(log).toContain("203.0.113.5");
    expect(log).toContain("sign-in refused: too many failures");
    expect(log).not.toContain(OWNER_PASSWORD);
    expect(log).not.toContain("wrong again");
  });

  it("checks at most the allowed few passwords when hundreds of guesses arrive at once from one address", async () => {
    const { app, logger } = await setUp();
    const guesses = await Promise.all(
      Array.from({ length: 300 }, async (_, i) =>
        app.request("/api/auth/login", login(`guess number ${i}`, { "X-Forwarded-For": "203.0.113.77" })),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    // Each checked guess is logged as a failure; every other one was refused before any hashing.
    const checked = logger.lines.filter((line) => line.startsWith("warn sign-in failed")).length;
    expect(checked).toBe(LOGIN_FREE_FAILURES + 1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FREE_FAILURES + 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - LOGIN_FREE_FAILURES - 1);
    // And the right password waits out the block like any other.
    const right = await app.request(
      "/api/auth/login",
      login(OWNER_PASSWORD, { "X-Forwarded-For": "203.0.113.77" }),
    );
    expect(right.status).toBe(429);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const { app } = await setUp({ TRUST_PROXY: "0" });
    for (let i = 0; i <= LOGIN_FREE_FAILURES; i++) {
      await app.request("/api/auth/login", login("wrong", { "X-Forwarded-For": `192.0.2.${i}` }));
    }
    const response = await app.request(
      "/api/auth/login",
      login(OWNER_PASSWORD, { "X-Forwarded-For": "192.0.2.99" }),
    );
    expect(response.status).toBe(429);
  });

  it("gives a new token at every sign-in and ends the browser's earlier session", async () => {
    const { app } = await setUp();
    const first = await signIn(app, database());
    const again = await app.request("/api/auth/login", {
      ...login(OWNER_PASSWORD),
      headers: { "Content-Type": "application/json", Cookie: first },
    });
    const second = (again.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    expect(second).not.toBe(first);
    expect((await app.request("/api/admin/projects", { headers: { Cookie: first } })).status).toBe(401);
    expect((await app.request("/api/admin/projects", { headers: { Cookie: second } })).status).toBe(200);
  });

  it("signs out: the cookie is cleared and the token is dead even if replayed", async () => {
    const { app } = await setUp();
    const cookie = await signIn(app, database());
    const response = await app.request("/api/auth/logout", jsonRequest("POST", {}, cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/^sira_session=;.*Max-Age=0/);
    expect((await app.request("/api/admin/projects", { headers: { Cookie: cookie } })).status).toBe(401);
    const session = await app.request("/api/auth/session", { headers: { Cookie: cookie } });
    expect(await session.json()).toEqual({ signedIn: false });
    expect(await database().db.select().from(sessions)).toEqual([]);
  });

  it("ends a session after two idle hours", async () => {
    const { app, clock } = await setUp();
    const cookie = await signIn(app, database());
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await app.request("/api/admin/projects", { headers: { Cookie: cookie } })).status).toBe(200);
    // That request counted as activity: the idle time starts again.
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await app.request("/api/admin/projects", { headers: { Cookie: cookie } })).status).toBe(200);
    clock.advance(SESSION_IDLE_MS + 1);
    const expired = await app.request("/api/admin/projects", { headers: { Cookie: cookie } });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: "Please sign in to continue." });
  });

  it("ends a session twelve hours after sign-in however busy it is", async () => {
    const { app, clock } = await setUp();
    const cookie = await signIn(app, database());
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - 30 * 60_000; elapsed += 30 * 60_000) {
      clock.advance(30 * 60_000);
      expect((await app.request("/api/admin/projects", { headers: { Cookie: cookie } })).status).toBe(200);
    }
    clock.advance(30 * 60_000);
    expect((await app.request("/api/admin/projects", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("ends every session when the password changes", async () => {
    const { app } = await setUp();
    const cookie = await signIn(app, database());
    await setOwnerPassword(database(), "a brand new pass phrase");
    expect((await app.request("/api/admin/projects", { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await app.request("/api/auth/login", login(OWNER_PASSWORD))).status).toBe(401);
    expect((await app.request("/api/auth/login", login("a brand new pass phrase"))).status).toBe(200);
  });
});

describe.each(backends)("the owner changes the password from the admin on $name", (backend) => {
  const database = useTestDatabase(backend);

  /** Two signed-in browsers: "here" changes the password, "phone" was left signed in elsewhere. */
  async function twoSessions() {
    const made = makeApp(database(), { TRUST_PROXY: "1" });
    const here = await signIn(made.app, database());
    const phone = (
      (await made.app.request("/api/auth/login", login(OWNER_PASSWORD))).headers.get("Set-Cookie") ?? ""
    ).split(";")[0]!;
    const change = (body: unknown, cookie = here, language = "en") => {
      const init = jsonRequest("POST", body, cookie);
      return made.app.request("/api/auth/password", {
        ...init,
        headers: {
          ...init.headers,
          Cookie: `${cookie}; language=${language}`,
          "X-Forwarded-For": "203.0.113.9",
        },
      });
    };
    const signedIn = async (cookie: string) =>
      (await made.app.request("/api/admin/projects", { headers: { Cookie: cookie } })).status === 200;
    return { ...made, here, phone, change, signedIn };
  }

  it("changes it with the current password: this session stays, every other one ends", async () => {
    const { app, here, phone, change, signedIn } = await twoSessions();
    const response = await change({ current: OWNER_PASSWORD, next: "a brand new pass phrase" });
    expect(response.status).toBe(200);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect((await app.request("/api/auth/login", login(OWNER_PASSWORD))).status).toBe(401);
    expect((await app.request("/api/auth/login", login("a brand new pass phrase"))).status).toBe(200);
  });

  it("refuses a wrong current password under that field, and changes nothing", async () => {
    const { app, phone, change, signedIn } = await twoSessions();
    const response = await change(
      { current: "not it at all", next: "a brand new pass phrase" },
      undefined,
      "ar",
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: "كلمة المرور الحالية غير صحيحة.",
      issues: [{ path: "current", message: "كلمة المرور الحالية غير صحيحة." }],
    });
    expect(await signedIn(phone)).toBe(true);
    expect((await app.request("/api/auth/login", login(OWNER_PASSWORD))).status).toBe(200);
  });

  it.each([
    ["en", "too short", "eleven char", "The new password needs at least 12 characters."],
    ["ar", "too short", "eleven char", "تحتاج كلمة المرور الجديدة إلى ١٢ حرفًا على الأقل."],
    [
      "en",
      "with spaces around it",
      " a pass phrase with a space ",
      "The new password must not start or end with a space.",
    ],
    // Common passwords (zxcvbn-ts's list), as they are and as people vary them.
    ["en", "common", "1qaz2wsx3edc", apiErrorTexts.en.passwordCommon],
    ["en", "common with digits added", "password123456", apiErrorTexts.en.passwordCommon],
    ["ar", "common with signs around it", "!!!Sunshine2024!!", apiErrorTexts.ar.passwordCommon],
    ["en", "common with spaces inside", "qwerty uiop 12", apiErrorTexts.en.passwordCommon],
    // The owner's name (config/site.ts: Mohamed Hassan / محمد حسن) or e-mail address.
    ["en", "built on the owner's name", "hassan-rocks-2026", apiErrorTexts.en.passwordPersonal],
    ["ar", "built on the Arabic name", "كلمة سر محمد الطويلة", apiErrorTexts.ar.passwordPersonal],
  ])("refuses a new password %s (%s) under that field", async (language, _case, next, message) => {
    const { change } = await twoSessions();
    const response = await change({ current: OWNER_PASSWORD, next }, undefined, language);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: message, issues: [{ path: "next", message }] });
  });

  it("takes a long pass phrase of uncommon words", async () => {
    const { change } = await twoSessions();
    const response = await change({ current: OWNER_PASSWORD, next: "lantern orbit basil quietly" });
    expect(response.status).toBe(200);
  });

  it("counts wrong current passwords like failed sign-ins, so it cannot be used to guess", async () => {
    const { change } = await twoSessions();
    for (let attempt = 0; attempt <= LOGIN_FREE_FAILURES; attempt++) {
      await change({ current: `wrong ${attempt}`, next: "a brand new pass phrase" });
    }
    const limited = await change({ current: OWNER_PASSWORD, next: "a brand new pass phrase" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe(String(LOGIN_FIRST_BLOCK_MS / 1000));
  });

  it("refuses without a session", async () => {
    const { app } = await twoSessions();
    const response = await app.request(
      "/api/auth/password",
      jsonRequest("POST", { current: OWNER_PASSWORD, next: "a brand new pass phrase" }),
    );
    expect(response.status).toBe(401);
  });

  it("signs out every other session on request, after the password again, and says how many", async () => {
    const { app, here, phone, signedIn } = await twoSessions();
    const endOthers = (body: unknown) =>
      app.request("/api/auth/sessions/end-others", jsonRequest("POST", body, `${here}; language=ar`));
    const missing = await endOthers({});
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      error: apiErrorText("ar", "passwordConfirmRequired"),
      issues: [{ path: "password", message: apiErrorText("ar", "passwordConfirmRequired") }],
    });
    expect((await endOthers({ password: "not the password" })).status).toBe(422);
    expect(await signedIn(phone)).toBe(true);
    const response = await app.request(
      "/api/auth/sessions/end-others",
      jsonRequest("POST", { password: OWNER_PASSWORD }, here),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ended: 1 });
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(
      (await app.request("/api/auth/sessions/end-others", jsonRequest("POST", { password: OWNER_PASSWORD })))
        .status,
    ).toBe(401);
  });

  it("lists the signed-in browsers with their address and device, and ends one of them", async () => {
    const { app, here, signedIn } = await twoSessions();
    const iphone = await app.request("/api/auth/login", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": "2001:db8::7",
        "User-Agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      },
      body: JSON.stringify({ password: OWNER_PASSWORD }),
    });
    const phone = iphone.headers.get("Set-Cookie")!.split(";")[0]!;
    const response = await app.request("/api/auth/sessions", { headers: { Cookie: here } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const list = (await response.json()) as {
      id: string;
      current: boolean;
      device: string;
      address: string;
    }[];
    expect(list).toHaveLength(3);
    expect(list.filter((session) => session.current)).toHaveLength(1);
    const other = list.find((session) => session.device === "Safari 18 · iOS")!;
    expect(other).toMatchObject({ address: "2001:db8::7", current: false });
    expect(
      (await app.request(`/api/auth/sessions/${other.id}`, jsonRequest("DELETE", undefined, here))).status,
    ).toBe(204);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(here)).toBe(true);
    const again = await app.request(`/api/auth/sessions/${other.id}`, jsonRequest("DELETE", undefined, here));
    expect(again.status).toBe(404);
    expect((await app.request("/api/auth/sessions")).status).toBe(401);
  });
});

describe.each(backends)("the owner's password at start on $name", (backend) => {
  const database = useTestDatabase(backend);
  const auth = () =>
    createOwnerAuth({
      db: database().db,
      logger: createMemoryLogger(),
    });

  it("generates a strong password once when none is set, storing only its hash", async () => {
    const { generated } = await auth().ensurePassword(undefined);
    expect(generated).toMatch(/^[A-Za-z0-9]{20}$/);
    const [row] = await database().db.select().from(ownerCredentials);
    expect(row!.password_hash).not.toContain(generated);
    expect(await auth().ensurePassword(undefined)).toEqual({});

    const { app } = makeApp(database());
    expect((await app.request("/api/auth/login", login(generated))).status).toBe(200);
  });

  it("takes ADMIN_PASSWORD, and a changed ADMIN_PASSWORD replaces it and ends sessions", async () => {
    await auth().ensurePassword("first pass phrase");
    const { app } = makeApp(database());
    expect((await app.request("/api/auth/login", login("first pass phrase"))).status).toBe(200);
    const before = await database().db.select().from(ownerCredentials);

    await auth().ensurePassword("first pass phrase");
    expect(await database().db.select().from(ownerCredentials)).toEqual(before);
    expect(await database().db.select().from(sessions)).toHaveLength(1);

    await auth().ensurePassword("second pass phrase");
    expect(await database().db.select().from(sessions)).toHaveLength(0);
    expect((await app.request("/api/auth/login", login("first pass phrase"))).status).toBe(401);
    expect((await app.request("/api/auth/login", login("second pass phrase"))).status).toBe(200);
  });

  it("keeps one password row even when two starts race", async () => {
    const results = await Promise.all([auth().ensurePassword(undefined), auth().ensurePassword(undefined)]);
    const generated = results.map((result) => result.generated).filter(Boolean);
    expect(generated).toHaveLength(1);
    expect(await database().db.select().from(ownerCredentials)).toHaveLength(1);
  });
});
