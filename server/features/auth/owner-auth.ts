import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { Database } from "#db/client.ts";
import { authChallenges, ownerCredentials, sessions } from "#db/schema.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { createRateLimits, type RateLimits } from "#server/kernel/rate-limits.ts";
import { addressGroup } from "#server/http/client-address.ts";
import type { OwnerAlerts } from "#server/features/alerts/owner-alerts.ts";
import { generatePassword, hashPassword, verifyPassword } from "./password.ts";
import { createDeviceCookies } from "./device-cookie.ts";
import { createOwnerFactors, isTotpCode, type OwnerFactors, type RelyingParty } from "./factors.ts";

// The one owner's sign-in (docs/product.md §11, decision 009): a password hash in the database, server-side sessions, and a growing
// back-off per client address on failures that is checked before any hashing.

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** …and this long after sign-in, whatever happens. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reading pages does not mean writing on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

/** Failures allowed per address before the back-off starts, counted over this window. */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_WINDOW_MS = 60 * 60 * 1000;
/** The first block, doubled with every further failure, up to the cap. */
export const LOGIN_FIRST_BLOCK_MS = 30 * 1000;
export const LOGIN_MAX_BLOCK_MS = 60 * 60 * 1000;

/**
 * Password checks per hour across every address together (docs/product.md §25): credential stuffing from many
 * machines gets this many guesses an hour, after which sign-in waits for the hour to end.
 */
export const LOGIN_GLOBAL_MAX_CHECKS = 100;
export const LOGIN_GLOBAL_WINDOW_MS = 60 * 60 * 1000;
const GLOBAL_BUCKET = "login-all";
const GLOBAL_KEY = "*";
/** A signed-in-before browser's own failures (its device cookie's nonce), in place of the address's and everyone's. */
const DEVICE_BUCKET = "login-device";

/** The wait after the `hits`-th attempt in a window: 30 s after the sixth, doubling, at most an hour. */
const loginBlockMs = (hits: number) =>
  Math.min(LOGIN_FIRST_BLOCK_MS * 2 ** (hits - LOGIN_FREE_FAILURES - 1), LOGIN_MAX_BLOCK_MS);

/**
 * Second-factor codes checked per hour across every address together (docs/product.md §25.9), like passwords
 * (§25.5): someone who knows the password gets this many guesses at a six-digit code an hour however many networks
 * they send them from; then codes wait for the hour to end, except from a browser that signed in before. Low,
 * because the owner types a code a few times a day at most.
 */
export const SECOND_FACTOR_GLOBAL_MAX_CHECKS = 20;
const SECOND_FACTOR_GLOBAL_BUCKET = "second-factor-all";
/** A signed-in-before browser's own wrong codes (its device cookie's nonce), in place of its address's and everyone's. */
const SECOND_FACTOR_DEVICE_BUCKET = "second-factor-device";

/** Between the password and the second factor (docs/product.md §22): this long, at most this many wrong codes. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
export const PENDING_SIGN_IN_ATTEMPTS = 5;

/** How long a one-time sign-in link from the server's console stays good. */
export const SIGN_IN_LINK_MS = 15 * 60 * 1000;
const SIGN_IN_LINK = "sign-in-link";

export type SignInResult =
  | { kind: "ok"; token: string; expiresAt: Date; method?: "totp" | "recovery" }
  | {
      kind: "secondFactor";
      /** Names the pending step (a cookie); not a session: it opens nothing but the second step. */
      pendingToken: string;
      expiresAt: Date;
      methods: { totp: boolean; passkey: boolean };
    }
  | { kind: "failed" }
  | { kind: "limited"; retryAfterSeconds: number }
  /** The global ceiling of password checks was reached: nobody is checked until the hour ends. */
  | { kind: "busy"; retryAfterSeconds: number };

export type CheckResult =
  | { kind: "ok" }
  | { kind: "failed" }
  | { kind: "limited"; retryAfterSeconds: number }
  | { kind: "busy"; retryAfterSeconds: number };

/** What the owner gives at the second step: a code (the app's or a recovery code), or a passkey's answer. */
export type SecondFactorProof =
  { code: string } | { passkey: AuthenticationResponseJSON; relyingParty: RelyingParty };

export type SecondFactorResult =
  | { kind: "ok"; token: string; expiresAt: Date; method: "totp" | "recovery" | "passkey" }
  | { kind: "failed" }
  | { kind: "expired" }
  | { kind: "limited"; retryAfterSeconds: number }
  /** The hourly ceiling of codes checked from everywhere was reached (docs/product.md §25.9). */
  | { kind: "busy"; retryAfterSeconds: number };

export interface OwnerAuth {
  /**
   * At start: ADMIN_PASSWORD, when set, becomes the password (ending sessions if it changed). Without it and
   * without a stored password, a strong one is generated, only its hash stored, and it is returned once.
   */
  ensurePassword(fromEnv: string | undefined): Promise<{ generated?: string }>;
  /** Replaces the password and ends every session. */
  setPassword(password: string): Promise<void>;
  /**
   * `userAgent` is kept with the session for the owner's list of sessions. `deviceCookie`, the browser's device
   * cookie: a valid one is held by its own limit instead of its address's and the hourly pause (docs/product.md §25).
   */
  signIn(
    password: string,
    address: string,
    userAgent?: string,
    deviceCookie?: string,
    /**
     * A code of the second factor given with the password (the authenticator app's or a recovery code): checked
     * first, against its own small limit of this address, and never held by the hourly pause (docs/product.md §25).
     */
    code?: string,
  ): Promise<SignInResult>;
  /** A new device cookie for a browser that has just signed in (password and any second factor). */
  issueDeviceCookie(): Promise<string>;
  /**
   * The password asked again before a destructive action (restore, signing out everywhere): counted like a
   * sign-in attempt of this address, limits included.
   */
  confirmPassword(password: string, address: string): Promise<CheckResult>;
  /** The live sessions, newest activity first; `current` marks the one of `token`. */
  listSessions(token: string): Promise<OwnerSession[]>;
  /** Ends one session by its id (from listSessions); false when there is none. */
  endSession(id: string): Promise<boolean>;
  /** The session for a cookie's token, refreshed; null when unknown or expired (expired rows are removed). */
  findSession(token: string): Promise<{ expiresAt: Date } | null>;
  /** Ends the session of `token`; answers whether there was one. */
  signOut(token: string): Promise<boolean>;
  /**
   * The owner changes the password from the admin: the current one must be right (a wrong one counts as a
   * failed sign-in of this address, limits included); every session but this one ends.
   */
  changePassword(token: string, current: string, next: string, address: string): Promise<CheckResult>;
  /** Ends every session but this one (a phone left signed in somewhere); answers how many ended. */
  endOtherSessions(token: string): Promise<number>;
  /** The second step of a sign-in that needs a factor: a session when the proof holds (docs/product.md §22). */
  completeSignIn(
    pendingToken: string,
    proof: SecondFactorProof,
    address: string,
    userAgent?: string,
    /** The browser's device cookie: a valid one has its own limit of wrong codes instead of the ceiling's. */
    deviceCookie?: string,
  ): Promise<SecondFactorResult>;
  /** Passkey options for a pending sign-in; null when the step is unknown or over. */
  passkeySignInOptions(
    pendingToken: string,
    relyingParty: RelyingParty,
  ): Promise<PublicKeyCredentialRequestOptionsJSON | null>;
  /**
   * A one-time sign-in link's secret, for the owner at the server's console (`npm run admin:password -- --link`,
   * docs/product.md §25.9): the way in for a new browser while sign-in or codes are paused, or without the second
   * factor. Good for SIGN_IN_LINK_MS and one use; a new one replaces any earlier one.
   */
  issueSignInLink(): Promise<{ token: string; expiresAt: Date }>;
  /** A session for a link's secret, once; null when it is unknown, used or expired. */
  signInWithLink(
    token: string,
    address: string,
    userAgent?: string,
  ): Promise<{ kind: "ok"; token: string; expiresAt: Date } | null>;
  /** What a session's factor setup is keyed by (its token's hash, never the token). */
  sessionKey(token: string): string;
  /** The owner's second factors (server/features/auth/factors.ts). */
  factors: OwnerFactors;
}

/** One signed-in browser, as the owner's sessions list shows it. */
export interface OwnerSession {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  address: string;
  userAgent: string;
  current: boolean;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export function createOwnerAuth(options: {
  db: Database;
  logger: Logger;
  /** The sign-in failure counters; by default the database's, on the same clock. */
  rateLimits?: RateLimits;
  /** Told of lockouts and of the global ceiling (docs/product.md §25). */
  alerts?: OwnerAlerts;
  now?: () => Date;
}): OwnerAuth {
  const { db, logger, alerts } = options;
  const now = options.now ?? (() => new Date());
  const rateLimits = options.rateLimits ?? createRateLimits(db, now);
  const factors = createOwnerFactors({ db, logger, now });
  const devices = createDeviceCookies(db);

  async function storedHash(): Promise<string | undefined> {
    const [row] = await db.select().from(ownerCredentials).limit(1);
    return row?.password_hash;
  }

  async function storeHash(hash: string) {
    await db.transaction(async (tx) => {
      await tx
        .insert(ownerCredentials)
        .values({ id: 1, password_hash: hash, updated_at: now() })
        .onConflictDoUpdate({ target: ownerCredentials.id, set: { password_hash: hash, updated_at: now() } });
      await tx.delete(sessions);
    });
  }

  async function removeExpired() {
    const at = now();
    await db
      .delete(sessions)
      .where(
        or(
          lte(sessions.expires_at, at),
          lte(sessions.last_seen_at, new Date(at.getTime() - SESSION_IDLE_MS)),
        ),
      );
  }

  /**
   * The global ceiling (docs/product.md §25), counted only for attempts that passed their address's limit, so the
   * count is of passwords about to be checked. The attempt that passes the ceiling blocks sign-in until the hour
   * ends and tells the owner, once; attempts racing with it are counted in the same atomic statement and refused.
   */
  async function reserveGlobalCheck(): Promise<
    { allowed: true } | { allowed: false; retryAfterSeconds: number }
  > {
    const { hits, windowEndsAt } = await rateLimits.hit(GLOBAL_BUCKET, GLOBAL_KEY, LOGIN_GLOBAL_WINDOW_MS);
    if (hits <= LOGIN_GLOBAL_MAX_CHECKS) return { allowed: true };
    if (hits === LOGIN_GLOBAL_MAX_CHECKS + 1) {
      await rateLimits.block(GLOBAL_BUCKET, GLOBAL_KEY, windowEndsAt);
      logger.warn("sign-in paused: the hourly ceiling of password checks was reached", {
        checks: LOGIN_GLOBAL_MAX_CHECKS,
        until: windowEndsAt.toISOString(),
      });
      alerts?.alert({ kind: "signInCeiling", max: LOGIN_GLOBAL_MAX_CHECKS, until: windowEndsAt });
    }
    return { allowed: false, retryAfterSeconds: secondsUntil(windowEndsAt) };
  }

  const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - now().getTime()) / 1000));

  /**
   * Counts an attempt against an address group before its password or code is checked, in one transaction per
   * group: any number of guesses at once get at most the allowed few checks; the rest are refused unchecked and
   * logged.
   */
  async function reserveAttempt(
    bucket: "login" | "second-factor" | typeof DEVICE_BUCKET | typeof SECOND_FACTOR_DEVICE_BUCKET,
    key: string,
    address: string,
  ) {
    const reserved = await rateLimits.reserve(bucket, key, {
      windowMs: LOGIN_WINDOW_MS,
      freeAttempts: LOGIN_FREE_FAILURES,
      blockMs: loginBlockMs,
    });
    if (!reserved.allowed)
      logger.warn(
        `${bucket.startsWith("second-factor") ? "second factor" : "sign-in"} refused: too many failures`,
        {
          address,
          retryAfterSeconds: reserved.retryAfterSeconds,
        },
      );
    return reserved;
  }

  /**
   * Reserves one check of a second factor before it is made: from a browser with a valid device cookie
   * (`device`, its nonce) against that device's own limit; otherwise against the address's limit and then the
   * hourly ceiling of every address together (docs/product.md §25.9), which the check past it closes until the
   * hour ends, telling the owner once. A passkey's answer (`guessable` false) cannot be guessed: it keeps the
   * address's limit only, so a flood of codes does not pause passkeys. Answers the counter a success clears.
   */
  async function reserveCodeCheck(
    address: string,
    device: string | null,
    guessable = true,
  ): Promise<
    | { kind: "allowed"; bucket: string; key: string; hits: number }
    | { kind: "limited" | "busy"; retryAfterSeconds: number }
  > {
    if (device) {
      const reserved = await reserveAttempt(SECOND_FACTOR_DEVICE_BUCKET, device, address);
      if (!reserved.allowed) return { kind: "limited", retryAfterSeconds: reserved.retryAfterSeconds };
      return { kind: "allowed", bucket: SECOND_FACTOR_DEVICE_BUCKET, key: device, hits: reserved.hits };
    }
    const paused = guessable ? await rateLimits.blockedFor(SECOND_FACTOR_GLOBAL_BUCKET, GLOBAL_KEY) : 0;
    if (paused > 0) return { kind: "busy", retryAfterSeconds: paused };
    const key = addressGroup(address);
    const reserved = await reserveAttempt("second-factor", key, address);
    if (!reserved.allowed) return { kind: "limited", retryAfterSeconds: reserved.retryAfterSeconds };
    if (!guessable) return { kind: "allowed", bucket: "second-factor", key, hits: reserved.hits };
    const { hits, windowEndsAt } = await rateLimits.hit(
      SECOND_FACTOR_GLOBAL_BUCKET,
      GLOBAL_KEY,
      LOGIN_GLOBAL_WINDOW_MS,
    );
    if (hits > SECOND_FACTOR_GLOBAL_MAX_CHECKS) {
      if (hits === SECOND_FACTOR_GLOBAL_MAX_CHECKS + 1) {
        await rateLimits.block(SECOND_FACTOR_GLOBAL_BUCKET, GLOBAL_KEY, windowEndsAt);
        logger.warn("second factor paused: the hourly ceiling of codes checked was reached", {
          checks: SECOND_FACTOR_GLOBAL_MAX_CHECKS,
          until: windowEndsAt.toISOString(),
        });
        alerts?.alert({
          kind: "secondFactorCeiling",
          max: SECOND_FACTOR_GLOBAL_MAX_CHECKS,
          until: windowEndsAt,
        });
      }
      return { kind: "busy", retryAfterSeconds: secondsUntil(windowEndsAt) };
    }
    return { kind: "allowed", bucket: "second-factor", key, hits: reserved.hits };
  }

  /**
   * Checks the owner's password from one address, counting failures against it (docs/product.md §11); from a
   * browser with a valid device cookie (`device`, its nonce), against that device alone (docs/product.md §25).
   */
  async function checkPassword(
    password: string,
    address: string,
    { global, device }: { global: boolean; device?: string | null },
  ): Promise<CheckResult> {
    // While the global ceiling holds, nothing is counted against the address: the owner's own address is not
    // locked out by attempts that could not have been checked anyway. A browser that signed in before is not
    // held by it: neither the pause nor its address's failures, only its own.
    const trusted = global && Boolean(device);
    const paused = global && !trusted ? await rateLimits.blockedFor(GLOBAL_BUCKET, GLOBAL_KEY) : 0;
    if (paused > 0) return { kind: "busy", retryAfterSeconds: paused };
    // Every address of an IPv6 /64 counts as one (docs/product.md §25).
    const [bucket, key] = trusted
      ? ([DEVICE_BUCKET, device!] as const)
      : (["login", addressGroup(address)] as const);
    const reserved = await reserveAttempt(bucket, key, address);
    if (!reserved.allowed) return { kind: "limited", retryAfterSeconds: reserved.retryAfterSeconds };
    if (global && !trusted) {
      const checkAllowed = await reserveGlobalCheck();
      if (!checkAllowed.allowed) return { kind: "busy", retryAfterSeconds: checkAllowed.retryAfterSeconds };
    }
    const hash = await storedHash();
    // Hash even without a stored password, so a failure takes as long whatever the cause.
    const valid = hash ? await verifyPassword(password, hash) : (await hashPassword(password), false);
    if (!valid) {
      if (reserved.blockedUntil) {
        logger.warn("sign-in failed; address blocked", {
          address,
          failures: reserved.hits,
          blockSeconds: loginBlockMs(reserved.hits) / 1000,
        });
        // One e-mail per lockout: the attempt that starts it, not the longer waits that follow in its window.
        if (reserved.hits === LOGIN_FREE_FAILURES + 1 && !trusted)
          alerts?.alert({
            kind: "signInLockout",
            address: key,
            failures: reserved.hits,
            until: reserved.blockedUntil,
          });
      } else {
        logger.warn("sign-in failed", { address, failures: reserved.hits });
      }
      return { kind: "failed" };
    }
    await rateLimits.reset(bucket, key);
    return { kind: "ok" };
  }

  /**
   * A password given with its second factor's code. The code is checked first, against the second factor's limit
   * of this address (a guess costs no password hashing), then the password against this address's limit only: an
   * attacker who paused sign-in for everyone cannot hold out an owner who has the code. A recovery code is used
   * up only once the password is right.
   */
  async function signInWithCode(
    password: string,
    code: string,
    address: string,
    userAgent: string,
    device: string | null,
  ): Promise<SignInResult> {
    const reserved = await reserveCodeCheck(address, device);
    if (reserved.kind !== "allowed") return reserved;
    const method = isTotpCode(code)
      ? (await factors.verifyTotp(code)) && "totp"
      : (await factors.hasRecoveryCode(code)) && "recovery";
    if (!method) {
      logger.warn("second factor failed", { address, failures: reserved.hits });
      return { kind: "failed" };
    }
    const checked = await checkPassword(password, address, { global: false });
    if (checked.kind !== "ok") return checked;
    if (method === "recovery" && !(await factors.useRecoveryCode(code))) return { kind: "failed" };
    await rateLimits.reset(reserved.bucket, reserved.key);
    return { ...(await createSession(address, method, userAgent)), method };
  }

  async function createSession(address: string, method?: string, userAgent = "") {
    await removeExpired();
    const token = randomBytes(32).toString("base64url");
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION_ABSOLUTE_MS);
    await db.insert(sessions).values({
      token_hash: hashToken(token),
      created_at: at,
      last_seen_at: at,
      expires_at: expiresAt,
      address: address.slice(0, 64),
      user_agent: userAgent.slice(0, 512),
    });
    logger.info("owner signed in", method ? { address, secondFactor: method } : { address });
    return { kind: "ok" as const, token, expiresAt };
  }

  /** The pending step behind a token, while it lasts. */
  async function findPending(pendingToken: string) {
    if (!/^[A-Za-z0-9_-]{43}$/.test(pendingToken)) return null;
    const [row] = await db
      .select()
      .from(authChallenges)
      .where(
        and(
          eq(authChallenges.id, hashToken(pendingToken)),
          eq(authChallenges.purpose, "sign-in"),
          gt(authChallenges.expires_at, now()),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  return {
    factors,
    sessionKey: hashToken,

    async passkeySignInOptions(pendingToken, relyingParty) {
      const pending = await findPending(pendingToken);
      return pending ? factors.passkeySignInOptions(pending.id, relyingParty) : null;
    },

    async completeSignIn(pendingToken, proof, address, userAgent = "", deviceCookie) {
      const pending = await findPending(pendingToken);
      if (!pending) return { kind: "expired" };
      // Wrong codes are counted like wrong passwords, before the code is checked (docs/product.md §11.4).
      const device = deviceCookie ? await devices.check(deviceCookie, now()) : null;
      const reserved = await reserveCodeCheck(address, device, "code" in proof);
      if (reserved.kind !== "allowed") return reserved;
      let method: "totp" | "recovery" | "passkey" | null;
      if ("code" in proof) {
        if (isTotpCode(proof.code)) method = (await factors.verifyTotp(proof.code)) ? "totp" : null;
        else method = (await factors.useRecoveryCode(proof.code)) ? "recovery" : null;
      } else {
        method = (await factors.verifyPasskey(pending.id, proof.passkey, proof.relyingParty))
          ? "passkey"
          : null;
      }
      if (!method) {
        // A pending step takes a few wrong codes; then the password must be given again.
        const [row] = await db
          .update(authChallenges)
          .set({ attempts: sql`${authChallenges.attempts} + 1` })
          .where(eq(authChallenges.id, pending.id))
          .returning({ attempts: authChallenges.attempts });
        if (row && row.attempts >= PENDING_SIGN_IN_ATTEMPTS)
          await db.delete(authChallenges).where(eq(authChallenges.id, pending.id));
        logger.warn("second factor failed", { address, failures: reserved.hits });
        return { kind: "failed" };
      }
      // The step is used once: a second request with the same token finds nothing.
      const taken = await db
        .delete(authChallenges)
        .where(eq(authChallenges.id, pending.id))
        .returning({ id: authChallenges.id });
      if (taken.length === 0) return { kind: "expired" };
      await rateLimits.reset(reserved.bucket, reserved.key);
      return { ...(await createSession(address, method, userAgent)), method };
    },

    async ensurePassword(fromEnv) {
      const current = await storedHash();
      if (fromEnv !== undefined) {
        if (current && (await verifyPassword(fromEnv, current))) return {};
        await storeHash(await hashPassword(fromEnv));
        logger.info("The owner's password was set from ADMIN_PASSWORD; earlier sessions were ended");
        return {};
      }
      if (current) return {};
      const generated = generatePassword();
      const inserted = await db
        .insert(ownerCredentials)
        .values({ id: 1, password_hash: await hashPassword(generated), updated_at: now() })
        .onConflictDoNothing()
        .returning({ id: ownerCredentials.id });
      // Another instance starting at the same moment may have won; its password is the one that counts.
      return inserted.length > 0 ? { generated } : {};
    },

    async setPassword(password) {
      await storeHash(await hashPassword(password));
    },

    confirmPassword: (password, address) => checkPassword(password, address, { global: false }),

    async listSessions(token) {
      await removeExpired();
      const current = hashToken(token);
      const rows = await db.select().from(sessions).orderBy(desc(sessions.last_seen_at));
      return rows.map((row) => ({
        id: row.token_hash,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        address: row.address,
        userAgent: row.user_agent,
        current: row.token_hash === current,
      }));
    },

    async endSession(id) {
      const ended = await db
        .delete(sessions)
        .where(eq(sessions.token_hash, id))
        .returning({ token_hash: sessions.token_hash });
      if (ended.length > 0) logger.info("owner ended a session");
      return ended.length > 0;
    },

    issueDeviceCookie: () => devices.issue(now()),

    async issueSignInLink() {
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now().getTime() + SIGN_IN_LINK_MS);
      await db.transaction(async (tx) => {
        await tx.delete(authChallenges).where(eq(authChallenges.purpose, SIGN_IN_LINK));
        await tx
          .insert(authChallenges)
          .values({ id: hashToken(token), purpose: SIGN_IN_LINK, expires_at: expiresAt });
      });
      logger.info("a one-time sign-in link was made at the server's console", {
        until: expiresAt.toISOString(),
      });
      return { token, expiresAt };
    },

    async signInWithLink(token, address, userAgent = "") {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      // Taken as it is used: two requests with one link find it once.
      const taken = await db
        .delete(authChallenges)
        .where(
          and(
            eq(authChallenges.id, hashToken(token)),
            eq(authChallenges.purpose, SIGN_IN_LINK),
            gt(authChallenges.expires_at, now()),
          ),
        )
        .returning({ id: authChallenges.id });
      if (taken.length === 0) return null;
      return createSession(address, "link", userAgent);
    },

    async signIn(password, address, userAgent = "", deviceCookie, code) {
      const device = deviceCookie ? await devices.check(deviceCookie, now()) : null;
      if (code) return signInWithCode(password, code, address, userAgent, device);
      const checked = await checkPassword(password, address, { global: true, device });
      if (checked.kind !== "ok") return checked;
      const methods = await factors.methods();
      if (!methods) return createSession(address, undefined, userAgent);
      // A second factor is on: no session yet, only a short step that a factor completes (docs/product.md §22).
      const pendingToken = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now().getTime() + PENDING_SIGN_IN_MS);
      await db.delete(authChallenges).where(lte(authChallenges.expires_at, now()));
      await db
        .insert(authChallenges)
        .values({ id: hashToken(pendingToken), purpose: "sign-in", value: address, expires_at: expiresAt });
      logger.info("owner's password accepted; waiting for the second factor", { address });
      return { kind: "secondFactor", pendingToken, expiresAt, methods };
    },

    async changePassword(token, current, next, address) {
      // The owner is signed in here: the global ceiling of sign-ins does not stop a password change.
      const checked = await checkPassword(current, address, { global: false });
      if (checked.kind !== "ok") return checked;
      const hash = await hashPassword(next);
      const keep = hashToken(token);
      await db.transaction(async (tx) => {
        await tx
          .update(ownerCredentials)
          .set({ password_hash: hash, updated_at: now() })
          .where(eq(ownerCredentials.id, 1));
        await tx.delete(sessions).where(ne(sessions.token_hash, keep));
      });
      logger.info("owner changed the password; other sessions were ended", { address });
      return { kind: "ok" };
    },

    async endOtherSessions(token) {
      const ended = await db
        .delete(sessions)
        .where(ne(sessions.token_hash, hashToken(token)))
        .returning({ token_hash: sessions.token_hash });
      logger.info("owner ended the other sessions", { ended: ended.length });
      return ended.length;
    },

    async findSession(token) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const at = now();
      const tokenHash = hashToken(token);
      const [row] = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.token_hash, tokenHash),
            gt(sessions.expires_at, at),
            gt(sessions.last_seen_at, new Date(at.getTime() - SESSION_IDLE_MS)),
          ),
        )
        .limit(1);
      if (!row) {
        await db.delete(sessions).where(eq(sessions.token_hash, tokenHash));
        return null;
      }
      if (at.getTime() - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
        await db.update(sessions).set({ last_seen_at: at }).where(eq(sessions.token_hash, tokenHash));
      }
      return { expiresAt: row.expires_at };
    },

    async signOut(token) {
      const ended = await db
        .delete(sessions)
        .where(eq(sessions.token_hash, hashToken(token)))
        .returning({ token_hash: sessions.token_hash });
      if (ended.length > 0) logger.info("owner signed out");
      return ended.length > 0;
    },
  };
}
