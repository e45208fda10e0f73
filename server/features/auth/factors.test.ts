import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { eq } from "drizzle-orm";
import { ownerRecoveryCodes, ownerTotp, rateLimits, sessions } from "#db/schema.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { OWNER_PASSWORD, jsonRequest, makeApp, setOwnerPassword } from "#tests/helpers/app.ts";
import {
  createOwnerAuth,
  LOGIN_FREE_FAILURES,
  LOGIN_GLOBAL_MAX_CHECKS,
  SECOND_FACTOR_GLOBAL_MAX_CHECKS,
} from "./owner-auth.ts";

// The owner's second factors (docs/product.md §22): set up with the password, then needed at every sign-in.

function testClock(start = new Date("2026-11-22T10:00:10Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

/** The cookies of a response, by name (only the name=value part). */
function cookiesOf(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair]),
  );
}

describe.each(backends)("second factors on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function setUp() {
    const clock = testClock();
    const { app, logger } = makeApp(database(), { TRUST_PROXY: "1" }, { now: clock.now });
    await setOwnerPassword(database(), OWNER_PASSWORD);
    const send = async (
      method: string,
      url: string,
      body?: unknown,
      cookie = "",
      address = "203.0.113.9",
    ) => {
      const init = jsonRequest(method, body);
      const response = await app.request(url, {
        ...init,
        headers: { ...init.headers, "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}) },
      });
      const text = await response.text();
      return {
        status: response.status,
        body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
        cookies: cookiesOf(response),
        headers: response.headers,
      };
    };
    const signInWithPassword = async (address?: string) => {
      const answer = await send("POST", "/api/auth/login", { password: OWNER_PASSWORD }, "", address);
      return answer;
    };
    const session = (await signInWithPassword()).cookies.sira_session!;
    /** The code the owner's app shows now (or `offsetSeconds` later). */
    const codeAt = (secret: string, offsetSeconds = 0) =>
      generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + offsetSeconds });

    /** Sets up the authenticator app as the owner does in Settings; answers its secret and recovery codes. */
    async function setUpTotp() {
      const begun = await send("POST", "/api/auth/factors/totp", { password: OWNER_PASSWORD }, session);
      expect(begun.status).toBe(200);
      const secret = begun.body.secret as string;
      const confirmed = await send(
        "POST",
        "/api/auth/factors/totp/confirm",
        { code: await codeAt(secret) },
        session,
      );
      expect(confirmed.status).toBe(200);
      return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] | null };
    }
    return { app, logger, clock, send, session, signInWithPassword, codeAt, setUpTotp };
  }

  it("sets up the authenticator app with the password and a first code: a QR code, the secret, ten recovery codes", async () => {
    const { send, session, codeAt, logger } = await setUp();
    // The password is asked again, and a wrong one changes nothing.
    const wrong = await send("POST", "/api/auth/factors/totp", { password: "not the password" }, session);
    expect(wrong.status).toBe(422);
    expect(wrong.body.issues).toEqual([
      { path: "password", message: apiErrorText("en", "passwordConfirmWrong") },
    ]);
    expect((await send("POST", "/api/auth/factors/totp", { password: OWNER_PASSWORD })).status).toBe(401);

    const begun = await send("POST", "/api/auth/factors/totp", { password: OWNER_PASSWORD }, session);
    expect(begun.status).toBe(200);
    const secret = begun.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(begun.body.uri).toBe(`otpauth://totp/localhost:owner?secret=${secret}&issuer=localhost`);
    const qr = Buffer.from(String(begun.body.qr).replace(/^data:image\/svg\+xml;base64,/, ""), "base64");
    expect(qr.toString("utf8")).toMatch(/^<svg[^>]+viewBox/);

    // Until a first code matches, nothing is on.
    expect((await send("GET", "/api/auth/factors", undefined, session)).body.totp).toBe(false);
    const badCode = await send("POST", "/api/auth/factors/totp/confirm", { code: "000000" }, session);
    expect(badCode.status).toBe(422);
    expect(badCode.body.issues).toEqual([{ path: "code", message: "The code is not correct." }]);

    const confirmed = await send(
      "POST",
      "/api/auth/factors/totp/confirm",
      { code: await codeAt(secret) },
      session,
    );
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
    expect(await send("GET", "/api/auth/factors", undefined, session)).toMatchObject({
      body: { totp: true, passkeys: [], recoveryCodesLeft: 10 },
    });
    // Only hashes are kept; the log names the event, never the secret or a code.
    const stored = await database().db.select().from(ownerRecoveryCodes);
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);
    const log = logger.lines.join("\n");
    expect(log).toContain("owner second factor: totp added");
    expect(log).not.toContain(secret);
    expect(log).not.toContain(codes[0]);
  });

  it("gets the owner in with the password and a code while sign-in waits for everyone, with the code's own limit", async () => {
    const { send, setUpTotp, codeAt, clock } = await setUp();
    const { secret, recoveryCodes } = await setUpTotp();
    // Guesses from everywhere paused sign-in for everyone: the password alone waits.
    await database()
      .db.insert(rateLimits)
      .values({
        bucket: "login-all",
        key: "*",
        hits: LOGIN_GLOBAL_MAX_CHECKS + 5,
        window_started_at: clock.now(),
        blocked_until: new Date(clock.now().getTime() + 50 * 60_000),
      })
      .onConflictDoUpdate({
        target: [rateLimits.bucket, rateLimits.key],
        set: {
          hits: LOGIN_GLOBAL_MAX_CHECKS + 5,
          blocked_until: new Date(clock.now().getTime() + 50 * 60_000),
        },
      });
    const owner = "198.51.100.20";
    expect((await send("POST", "/api/auth/login", { password: OWNER_PASSWORD }, "", owner)).status).toBe(429);

    // With a code from the app, the password is checked and a session begins at once.
    clock.advance(30_000);
    const inside = await send(
      "POST",
      "/api/auth/login",
      { password: OWNER_PASSWORD, code: await codeAt(secret) },
      "",
      owner,
    );
    expect(inside.status).toBe(200);
    expect(inside.body).toMatchObject({ signedIn: true });
    expect((await send("GET", "/api/admin/projects", undefined, inside.cookies.sira_session)).status).toBe(
      200,
    );

    // A recovery code with a wrong password is not used up; with the right one it is, once.
    const recovery = recoveryCodes![0]!;
    const wrongPassword = await send(
      "POST",
      "/api/auth/login",
      { password: "not it", code: recovery },
      "",
      owner,
    );
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.error).toBe(apiErrorText("en", "signInCodeFailed"));
    const withRecovery = { password: OWNER_PASSWORD, code: recovery };
    expect((await send("POST", "/api/auth/login", withRecovery, "", owner)).status).toBe(200);
    expect((await send("POST", "/api/auth/login", withRecovery, "", owner)).status).toBe(401);

    // Wrong codes from an attacker's address: a few, then that address waits; no password was hashed for them,
    // the pause did not grow, and the owner's address is not held by them.
    const attacker = "203.0.113.77";
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++)
      expect(
        (await send("POST", "/api/auth/login", { password: "guess", code: "000000" }, "", attacker)).status,
      ).toBe(401);
    await send("POST", "/api/auth/login", { password: "guess", code: "000000" }, "", attacker);
    const held = await send(
      "POST",
      "/api/auth/login",
      { password: OWNER_PASSWORD, code: "111111" },
      "",
      attacker,
    );
    expect(held.status).toBe(429);
    const [ceiling] = await database().db.select().from(rateLimits).where(eq(rateLimits.bucket, "login-all"));
    expect(ceiling!.hits).toBe(LOGIN_GLOBAL_MAX_CHECKS + 5);
    clock.advance(30_000);
    expect(
      (
        await send(
          "POST",
          "/api/auth/login",
          { password: OWNER_PASSWORD, code: await codeAt(secret) },
          "",
          owner,
        )
      ).status,
    ).toBe(200);
  });

  it("asks for a code after the password: no session until it is given, a code works once, and drift of one step is fine", async () => {
    const { send, setUpTotp, signInWithPassword, codeAt, clock, logger } = await setUp();
    const { secret } = await setUpTotp();
    await database().db.delete(sessions);

    const first = await signInWithPassword();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ signedIn: false, secondFactor: { totp: true, passkey: false } });
    expect(Object.keys(first.cookies)).toEqual(["sira_pending"]);
    expect(await database().db.select().from(sessions)).toEqual([]);
    // The pending step opens nothing.
    const pending = first.cookies.sira_pending!;
    expect((await send("GET", "/api/admin/projects", undefined, pending)).status).toBe(401);
    expect((await send("GET", "/api/auth/session", undefined, pending)).body).toEqual({ signedIn: false });

    // The app's clock a step ahead of the server's is accepted.
    clock.advance(60_000);
    const code = await codeAt(secret, 30);
    const done = await send("POST", "/api/auth/login/code", { code }, pending);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ signedIn: true });
    expect(done.cookies.sira_session).toMatch(/^sira_session=[\w-]{43}$/);
    expect(done.cookies.sira_pending).toBe("sira_pending=");
    expect((await send("GET", "/api/admin/projects", undefined, done.cookies.sira_session)).status).toBe(200);
    expect(logger.lines.join("\n")).toMatch(/owner signed in.*"secondFactor":"totp"/);

    // The same code again, even in a new sign-in, is refused; and so is the pending step once used.
    expect((await send("POST", "/api/auth/login/code", { code }, pending)).body.error).toBe(
      apiErrorText("en", "secondFactorExpired"),
    );
    const again = await signInWithPassword();
    const replay = await send("POST", "/api/auth/login/code", { code }, again.cookies.sira_pending);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe("The code is not correct.");
    // The next code is good.
    clock.advance(30_000);
    const next = await send(
      "POST",
      "/api/auth/login/code",
      { code: await codeAt(secret, 30) },
      again.cookies.sira_pending,
    );
    expect(next.status).toBe(200);

    // The pending step lasts five minutes.
    const late = await signInWithPassword();
    clock.advance(5 * 60_000 + 1000);
    const tooLate = await send(
      "POST",
      "/api/auth/login/code",
      { code: await codeAt(secret) },
      late.cookies.sira_pending,
    );
    expect(tooLate.status).toBe(401);
    expect(tooLate.body.error).toBe(apiErrorText("en", "secondFactorExpired"));
  });

  it("takes each recovery code once instead of a factor", async () => {
    const { send, setUpTotp, signInWithPassword, session } = await setUp();
    const { recoveryCodes } = await setUpTotp();
    const code = recoveryCodes![3]!;

    const first = await signInWithPassword();
    // As typed by a person: capitals and spaces for dashes.
    const typed = code.toUpperCase().replace(/-/g, " ");
    const used = await send("POST", "/api/auth/login/code", { code: typed }, first.cookies.sira_pending);
    expect(used.status).toBe(200);
    expect(used.cookies.sira_session).toBeDefined();

    const second = await signInWithPassword();
    const reused = await send("POST", "/api/auth/login/code", { code }, second.cookies.sira_pending);
    expect(reused.status).toBe(401);
    expect(reused.cookies.sira_session).toBeUndefined();
    expect((await send("GET", "/api/auth/factors", undefined, session)).body.recoveryCodesLeft).toBe(9);

    // New codes (with the password) replace the old ones.
    expect(
      (await send("POST", "/api/auth/factors/recovery-codes", { password: "wrong" }, session)).status,
    ).toBe(422);
    const renewed = await send(
      "POST",
      "/api/auth/factors/recovery-codes",
      { password: OWNER_PASSWORD },
      session,
    );
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const old = await send(
      "POST",
      "/api/auth/login/code",
      { code: recoveryCodes![0] },
      second.cookies.sira_pending,
    );
    expect(old.status).toBe(401);
    const good = await send("POST", "/api/auth/login/code", { code: fresh[0] }, second.cookies.sira_pending);
    expect(good.status).toBe(200);
  });

  it("limits wrong codes: five per pending step, then the password again; per address, a growing wait", async () => {
    const { send, setUpTotp, signInWithPassword, codeAt } = await setUp();
    const { secret } = await setUpTotp();

    const first = await signInWithPassword();
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await send(
        "POST",
        "/api/auth/login/code",
        { code: "123456" },
        first.cookies.sira_pending,
      );
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe("The code is not correct.");
    }
    // The step is over after five wrong codes, even for the right one.
    const over = await send(
      "POST",
      "/api/auth/login/code",
      { code: await codeAt(secret) },
      first.cookies.sira_pending,
    );
    expect(over.body.error).toBe(apiErrorText("en", "secondFactorExpired"));

    // A sixth wrong code from the address, in a new step, blocks it: then even the right code waits.
    const second = await signInWithPassword();
    expect(
      (await send("POST", "/api/auth/login/code", { code: "654321" }, second.cookies.sira_pending)).status,
    ).toBe(401);
    const blocked = await send(
      "POST",
      "/api/auth/login/code",
      { code: await codeAt(secret) },
      second.cookies.sira_pending,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toBe("30");
    expect(blocked.body.error).toBe(apiErrorText("en", "signInLimited", { count: 1 }));
    // Another address is not held back (the code of the step after setup's: setup used the current one).
    const elsewhere = await signInWithPassword("198.51.100.7");
    const fine = await send(
      "POST",
      "/api/auth/login/code",
      { code: await codeAt(secret, 30) },
      elsewhere.cookies.sira_pending,
      "198.51.100.7",
    );
    expect(fine.status).toBe(200);
  });

  it(`checks at most ${SECOND_FACTOR_GLOBAL_MAX_CHECKS} codes an hour from 500 networks; a browser that signed in before is let in`, async () => {
    const { send, setUpTotp, signInWithPassword, codeAt, clock, logger } = await setUp();
    const { secret } = await setUpTotp();
    // The owner's phone signs in fully once: it keeps a device cookie.
    clock.advance(30_000);
    const phoneStep = await signInWithPassword("198.51.100.30");
    const phone = await send(
      "POST",
      "/api/auth/login/code",
      { code: await codeAt(secret) },
      phoneStep.cookies.sira_pending,
      "198.51.100.30",
    );
    expect(phone.status).toBe(200);
    const device = phone.cookies.sira_device!;

    // An hour later, someone with the password tries one wrong code from each of 500 IPv6 /64s, 50 at a time.
    clock.advance(61 * 60_000);
    const good = new Set(await Promise.all([-30, 0, 30].map((offset) => codeAt(secret, offset))));
    const wrongCodes = Array.from({ length: 600 }, (_, i) => String(100_000 + i * 1_337)).filter(
      (code) => !good.has(code),
    );
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const n = batch * 50 + i;
          const network = `2001:db8:${(n >> 8).toString(16)}:${(n & 0xff).toString(16)}::1`;
          return send(
            "POST",
            "/api/auth/login",
            { password: OWNER_PASSWORD, code: wrongCodes[n] },
            "",
            network,
          );
        }),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    const checked = logger.lines.filter((line) => line.startsWith("warn second factor failed")).length;
    expect(checked).toBe(SECOND_FACTOR_GLOBAL_MAX_CHECKS);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SECOND_FACTOR_GLOBAL_MAX_CHECKS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(500 - SECOND_FACTOR_GLOBAL_MAX_CHECKS);

    // A new browser waits, with the right code too, and is told of the owner's one-time link, in its language.
    const stranger = await send(
      "POST",
      "/api/auth/login",
      { password: OWNER_PASSWORD, code: await codeAt(secret) },
      "language=ar",
      "203.0.113.60",
    );
    expect(stranger.status).toBe(429);
    const minutes = Math.ceil(Number(stranger.headers.get("Retry-After")) / 60);
    expect(stranger.body.error).toBe(apiErrorText("ar", "secondFactorBusy", { count: minutes }));
    // The phone is let in, by either way of giving its code.
    const phoneAgain = await send(
      "POST",
      "/api/auth/login",
      { password: OWNER_PASSWORD, code: await codeAt(secret) },
      device,
      "203.0.113.61",
    );
    expect(phoneAgain.status).toBe(200);
    clock.advance(30_000);
    const stepped = await send(
      "POST",
      "/api/auth/login",
      { password: OWNER_PASSWORD },
      device,
      "203.0.113.61",
    );
    const done = await send(
      "POST",
      "/api/auth/login/code",
      { code: await codeAt(secret) },
      `${stepped.cookies.sira_pending}; ${device}`,
      "203.0.113.61",
    );
    expect(done.status).toBe(200);
    expect(logger.lines.filter((line) => line.startsWith("warn second factor paused"))).toHaveLength(1);
  });

  it("removes a factor only with the password; without any left, sign-in is the password alone again", async () => {
    const { send, setUpTotp, signInWithPassword, session } = await setUp();
    await setUpTotp();
    const wrong = await send("POST", "/api/auth/factors/totp/remove", { password: "not it" }, session);
    expect(wrong.status).toBe(422);
    expect((await database().db.select().from(ownerTotp)).length).toBe(1);
    const arabic = await send(
      "POST",
      "/api/auth/factors/totp/remove",
      { password: "not it" },
      `${session}; language=ar`,
    );
    expect(arabic.body.error).toBe(apiErrorText("ar", "passwordConfirmWrong"));

    const removed = await send(
      "POST",
      "/api/auth/factors/totp/remove",
      { password: OWNER_PASSWORD },
      session,
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ totp: false, passkeys: [], recoveryCodesLeft: 0 });
    const plain = await signInWithPassword();
    expect(plain.body).toMatchObject({ signedIn: true });
    expect(plain.cookies.sira_session).toBeDefined();
    expect(
      (await send("POST", "/api/auth/factors/totp/remove", { password: OWNER_PASSWORD }, session)).status,
    ).toBe(404);
  });

  it("registers passkeys only with the password and a named, genuine answer", async () => {
    const { send, session } = await setUp();
    expect(
      (await send("POST", "/api/auth/factors/passkeys/options", { password: "wrong" }, session)).status,
    ).toBe(422);
    const options = await send(
      "POST",
      "/api/auth/factors/passkeys/options",
      { password: OWNER_PASSWORD },
      session,
    );
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rp: { id: "localhost" }, user: { name: "owner" } });
    const challenge = options.body.challenge as string;
    const forged = {
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: Buffer.from(
          JSON.stringify({ type: "webauthn.create", challenge, origin: "http://localhost" }),
        ).toString("base64url"),
        attestationObject: "AAAA",
      },
    };
    const unnamed = await send(
      "POST",
      "/api/auth/factors/passkeys",
      { name: " ", response: forged },
      session,
    );
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.issues).toEqual([
      { path: "name", message: apiErrorText("en", "passkeyNameRequired") },
    ]);
    const refused = await send(
      "POST",
      "/api/auth/factors/passkeys",
      { name: "Laptop", response: forged },
      session,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(apiErrorText("en", "passkeyFailed"));
    expect((await send("GET", "/api/auth/factors", undefined, session)).body.passkeys).toEqual([]);
    // Without a pending sign-in there are no passkey options to sign in with.
    expect((await send("POST", "/api/auth/login/passkey/options")).status).toBe(401);
  });

  it("resets every factor at once, as the console command does", async () => {
    const { setUpTotp, signInWithPassword, logger } = await setUp();
    await setUpTotp();
    await createOwnerAuth({ db: database().db, logger }).factors.resetAll();
    expect(await database().db.select().from(ownerRecoveryCodes)).toEqual([]);
    expect((await signInWithPassword()).body).toMatchObject({ signedIn: true });
    expect(logger.lines.join("\n")).toContain("second factors reset");
  });
});
