import { createHash, randomInt } from "node:crypto";
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify as verifyTotpCode } from "otplib";
import QRCode from "qrcode";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Database } from "#db/client.ts";
import { authChallenges, ownerPasskeys, ownerRecoveryCodes, ownerTotp } from "#db/schema.ts";
import type { Logger } from "#server/kernel/logger.ts";

// The owner's second factors (docs/product.md §22, decision 023): an authenticator app (TOTP, otplib), passkeys
// (WebAuthn, SimpleWebAuthn) and ten one-time recovery codes. Everything, challenges included, lives in the
// database so that any instance can finish what another began. The functions here change and check factors;
// owner-auth.ts decides when sign-in needs one. Each change is logged (never a secret or a code), one event per
// function, so an audit log can record the same events later.

/** TOTP as every authenticator app does it: SHA-1, six digits, 30 seconds. One step of drift either way is accepted. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_TOLERANCE_SECONDS = 30;
/** How long a scanned secret waits for its first code, and a passkey ceremony for the authenticator. */
export const SETUP_TTL_MS = 10 * 60 * 1000;
export const CEREMONY_TTL_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** Who the passkeys and the authenticator app belong to: this site, at its public address. */
export interface RelyingParty {
  /** The page's origin the browser reports, e.g. https://www.example.com. */
  origin: string;
  /** Its host name: passkeys are bound to it. */
  rpID: string;
}

export function relyingParty(origin: string): RelyingParty {
  const url = new URL(origin);
  return { origin: url.origin, rpID: url.hostname };
}

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface FactorStatus {
  totp: boolean;
  passkeys: PasskeyInfo[];
  recoveryCodesLeft: number;
}

export type FactorEvent =
  | "totp added"
  | "totp removed"
  | "passkey added"
  | "passkey removed"
  | "recovery codes renewed"
  | "recovery code used"
  | "second factors reset";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

/** A recovery code: 16 letters and digits without look-alikes (80 bits), shown in groups of four. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function newRecoveryCode(): string {
  let code = "";
  for (let index = 0; index < 16; index++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code.match(/.{4}/g)!.join("-");
}

/** What the owner typed, as it was generated: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, "");

export const isTotpCode = (typed: string) => /^\d{6}$/.test(typed.replace(/\s/g, ""));

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));

/** The challenge a WebAuthn response answers, read from its client data (verified again by the library). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const data = response.response?.clientDataJSON;
  if (typeof data !== "string" || data.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof parsed.challenge === "string" && /^[\w-]{16,128}$/.test(parsed.challenge)
      ? parsed.challenge
      : null;
  } catch {
    return null;
  }
}

export type OwnerFactors = ReturnType<typeof createOwnerFactors>;

export function createOwnerFactors(options: { db: Database; logger: Logger; now?: () => Date }) {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  const later = (ms: number) => new Date(now().getTime() + ms);
  type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

  function record(event: FactorEvent, fields: Record<string, unknown> = {}) {
    logger.info(`owner second factor: ${event}`, { event, ...fields });
  }

  async function countFactors(tx: Database | Tx): Promise<number> {
    const [totp] = await tx.select({ n: sql<number>`count(*)::int` }).from(ownerTotp);
    const [keys] = await tx.select({ n: sql<number>`count(*)::int` }).from(ownerPasskeys);
    return (totp?.n ?? 0) + (keys?.n ?? 0);
  }

  /** Replaces every recovery code with ten new ones; answers them (the only time they are seen). */
  async function replaceRecoveryCodes(tx: Database | Tx): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(ownerRecoveryCodes);
    await tx
      .insert(ownerRecoveryCodes)
      .values(codes.map((code) => ({ code_hash: sha256(normaliseRecoveryCode(code)), created_at: now() })));
    return codes;
  }

  /** After a factor is removed: with none left, second factors are off and the recovery codes go too. */
  async function forgetCodesWhenNoFactorLeft(tx: Tx) {
    if ((await countFactors(tx)) === 0) await tx.delete(ownerRecoveryCodes);
  }

  /** Takes a challenge row once: it is deleted as it is read, so two requests cannot both use it. */
  async function takeChallenge(id: string, purpose: string) {
    const [row] = await db
      .delete(authChallenges)
      .where(
        and(
          eq(authChallenges.id, id),
          eq(authChallenges.purpose, purpose),
          gt(authChallenges.expires_at, now()),
        ),
      )
      .returning();
    return row ?? null;
  }

  async function saveChallenge(row: typeof authChallenges.$inferInsert) {
    // Old rows of any purpose go first: this table never grows beyond the ceremonies under way.
    await db.delete(authChallenges).where(lte(authChallenges.expires_at, now()));
    await db
      .insert(authChallenges)
      .values(row)
      .onConflictDoUpdate({
        target: authChallenges.id,
        set: { purpose: row.purpose, value: row.value, attempts: 0, expires_at: row.expires_at },
      });
  }

  async function passkeyRows() {
    return db.select().from(ownerPasskeys).orderBy(ownerPasskeys.created_at);
  }

  return {
    async status(): Promise<FactorStatus> {
      const [totp] = await db.select({ id: ownerTotp.id }).from(ownerTotp).limit(1);
      const [codes] = await db.select({ n: sql<number>`count(*)::int` }).from(ownerRecoveryCodes);
      return {
        totp: Boolean(totp),
        passkeys: (await passkeyRows()).map((row) => ({
          id: row.id,
          name: row.name,
          createdAt: row.created_at.toISOString(),
          lastUsedAt: row.last_used_at?.toISOString() ?? null,
        })),
        recoveryCodesLeft: codes?.n ?? 0,
      };
    },

    /** Whether sign-in needs a second factor, and which kinds it may be. */
    async methods(): Promise<{ totp: boolean; passkey: boolean } | null> {
      const [totp] = await db.select({ id: ownerTotp.id }).from(ownerTotp).limit(1);
      const [key] = await db.select({ id: ownerPasskeys.id }).from(ownerPasskeys).limit(1);
      return totp || key ? { totp: Boolean(totp), passkey: Boolean(key) } : null;
    },

    /**
     * A new authenticator-app secret for the session `sessionKey`, waiting for its first code: the otpauth://
     * address, the same as a QR code (SVG) and the secret itself for typing in by hand.
     */
    async beginTotp(sessionKey: string, rp: RelyingParty) {
      const secret = generateSecret();
      await saveChallenge({
        id: `totp-setup:${sessionKey}`,
        purpose: "totp-setup",
        value: secret,
        expires_at: later(SETUP_TTL_MS),
      });
      const uri = generateURI({ issuer: rp.rpID, label: "owner", secret });
      const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
      return { secret, uri, qrSvg };
    },

    /**
     * The first code from the app: when it matches the secret begun for this session, the app becomes a factor
     * (replacing an earlier one). With no factor before, the ten recovery codes are made and answered.
     */
    async confirmTotp(
      sessionKey: string,
      code: string,
    ): Promise<{ kind: "ok"; recoveryCodes: string[] | null } | { kind: "wrong" } | { kind: "expired" }> {
      const id = `totp-setup:${sessionKey}`;
      const [pending] = await db
        .select()
        .from(authChallenges)
        .where(and(eq(authChallenges.id, id), gt(authChallenges.expires_at, now())))
        .limit(1);
      if (!pending?.value) return { kind: "expired" };
      const checked = await checkTotp(pending.value, code, null);
      if (checked === null) return { kind: "wrong" };
      if (!(await takeChallenge(id, "totp-setup"))) return { kind: "expired" };
      const recoveryCodes = await db.transaction(async (tx) => {
        const first = (await countFactors(tx)) === 0;
        await tx
          .insert(ownerTotp)
          .values({ id: 1, secret: pending.value!, last_step: checked, created_at: now() })
          .onConflictDoUpdate({
            target: ownerTotp.id,
            set: { secret: pending.value!, last_step: checked, created_at: now() },
          });
        return first ? replaceRecoveryCodes(tx) : null;
      });
      record("totp added");
      return { kind: "ok", recoveryCodes };
    },

    async removeTotp(): Promise<boolean> {
      const removed = await db.transaction(async (tx) => {
        const rows = await tx.delete(ownerTotp).returning({ id: ownerTotp.id });
        await forgetCodesWhenNoFactorLeft(tx);
        return rows.length > 0;
      });
      if (removed) record("totp removed");
      return removed;
    },

    /**
     * A code from the owner's app at sign-in. Accepted once: its time step is stored, and a code of that step or
     * an earlier one is refused afterwards, by one conditional update (two requests cannot both use it).
     */
    async verifyTotp(code: string): Promise<boolean> {
      const [row] = await db.select().from(ownerTotp).limit(1);
      if (!row) return false;
      const step = await checkTotp(row.secret, code, row.last_step);
      if (step === null) return false;
      const claimed = await db
        .update(ownerTotp)
        .set({ last_step: step })
        .where(and(eq(ownerTotp.id, 1), or(isNull(ownerTotp.last_step), lt(ownerTotp.last_step, step))))
        .returning({ id: ownerTotp.id });
      return claimed.length > 0;
    },

    /** Registration options for a new passkey of this session; the challenge waits in the database. */
    async passkeyRegistrationOptions(
      sessionKey: string,
      rp: RelyingParty,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await passkeyRows();
      const registration = await generateRegistrationOptions({
        rpName: rp.rpID,
        rpID: rp.rpID,
        userName: "owner",
        userDisplayName: "Owner",
        userID: new TextEncoder().encode("sira-owner"),
        attestationType: "none",
        timeout: CEREMONY_TTL_MS,
        excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      });
      await saveChallenge({
        id: registration.challenge,
        purpose: "passkey-registration",
        value: sessionKey,
        expires_at: later(CEREMONY_TTL_MS),
      });
      return registration;
    },

    /** The authenticator's answer to those options: a new passkey named `name`, or null when it does not check out. */
    async registerPasskey(
      sessionKey: string,
      name: string,
      response: RegistrationResponseJSON,
      rp: RelyingParty,
    ): Promise<{ passkey: PasskeyInfo; recoveryCodes: string[] | null } | null> {
      const challenge = challengeOf(response);
      const pending = challenge ? await takeChallenge(challenge, "passkey-registration") : null;
      if (!pending || pending.value !== sessionKey) return null;
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: pending.id,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        });
      } catch (error) {
        logger.warn("passkey registration refused", { reason: (error as Error).message });
        return null;
      }
      if (!verified.verified) return null;
      const { credential } = verified.registrationInfo;
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const first = (await countFactors(tx)) === 0;
        const inserted = await tx
          .insert(ownerPasskeys)
          .values({
            id: credential.id,
            name,
            public_key: toBase64Url(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? [],
            created_at: at,
          })
          .onConflictDoNothing()
          .returning({ id: ownerPasskeys.id });
        if (inserted.length === 0) return null;
        return { recoveryCodes: first ? await replaceRecoveryCodes(tx) : null };
      });
      if (!outcome) return null;
      record("passkey added", { passkey: name });
      return {
        passkey: { id: credential.id, name, createdAt: at.toISOString(), lastUsedAt: null },
        recoveryCodes: outcome.recoveryCodes,
      };
    },

    async removePasskey(id: string): Promise<boolean> {
      const removed = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(ownerPasskeys)
          .where(eq(ownerPasskeys.id, id))
          .returning({ name: ownerPasskeys.name });
        await forgetCodesWhenNoFactorLeft(tx);
        return rows[0] ?? null;
      });
      if (removed) record("passkey removed", { passkey: removed.name });
      return removed !== null;
    },

    /** Options for signing in with a passkey, bound to one pending sign-in (`bindTo`). */
    async passkeySignInOptions(
      bindTo: string,
      rp: RelyingParty,
    ): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const rows = await passkeyRows();
      const request = await generateAuthenticationOptions({
        rpID: rp.rpID,
        timeout: CEREMONY_TTL_MS,
        userVerification: "preferred",
        allowCredentials: rows.map((row) => ({ id: row.id, transports: row.transports })),
      });
      await saveChallenge({
        id: request.challenge,
        purpose: "passkey-sign-in",
        value: bindTo,
        expires_at: later(CEREMONY_TTL_MS),
      });
      return request;
    },

    /** A passkey's answer at sign-in, for the pending sign-in `bindTo`: its challenge is used up either way. */
    async verifyPasskey(
      bindTo: string,
      response: AuthenticationResponseJSON,
      rp: RelyingParty,
    ): Promise<boolean> {
      const challenge = challengeOf(response);
      const pending = challenge ? await takeChallenge(challenge, "passkey-sign-in") : null;
      if (!pending || pending.value !== bindTo || typeof response.id !== "string") return false;
      const [row] = await db.select().from(ownerPasskeys).where(eq(ownerPasskeys.id, response.id)).limit(1);
      if (!row) return false;
      try {
        const verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: pending.id,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          credential: {
            id: row.id,
            publicKey: fromBase64Url(row.public_key),
            counter: row.counter,
            transports: row.transports,
          },
          requireUserVerification: false,
        });
        if (!verified.verified) return false;
        await db
          .update(ownerPasskeys)
          .set({ counter: verified.authenticationInfo.newCounter, last_used_at: now() })
          .where(eq(ownerPasskeys.id, row.id));
        return true;
      } catch (error) {
        logger.warn("passkey sign-in refused", { reason: (error as Error).message });
        return false;
      }
    },

    /** Ten new recovery codes in place of the old ones; null when there is no factor to recover. */
    async renewRecoveryCodes(): Promise<string[] | null> {
      const codes = await db.transaction(async (tx) =>
        (await countFactors(tx)) === 0 ? null : replaceRecoveryCodes(tx),
      );
      if (codes) record("recovery codes renewed");
      return codes;
    },

    /** A recovery code in place of a factor: true once per code (it is deleted as it is accepted). */
    /** Whether `typed` is an unused recovery code, without using it up. */
    async hasRecoveryCode(typed: string): Promise<boolean> {
      const normalised = normaliseRecoveryCode(typed);
      if (!/^[a-z0-9]{16}$/.test(normalised)) return false;
      const [row] = await db
        .select({ code_hash: ownerRecoveryCodes.code_hash })
        .from(ownerRecoveryCodes)
        .where(eq(ownerRecoveryCodes.code_hash, sha256(normalised)));
      return Boolean(row);
    },

    async useRecoveryCode(typed: string): Promise<boolean> {
      const normalised = normaliseRecoveryCode(typed);
      if (!/^[a-z0-9]{16}$/.test(normalised)) return false;
      const used = await db
        .delete(ownerRecoveryCodes)
        .where(eq(ownerRecoveryCodes.code_hash, sha256(normalised)))
        .returning({ code_hash: ownerRecoveryCodes.code_hash });
      if (used.length === 0) return false;
      const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(ownerRecoveryCodes);
      record("recovery code used", { left: left?.n ?? 0 });
      return true;
    },

    /** Every factor, recovery code and ceremony under way removed (`npm run admin:password -- --reset-factors`). */
    async resetAll(): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(ownerTotp);
        await tx.delete(ownerPasskeys);
        await tx.delete(ownerRecoveryCodes);
        await tx.delete(authChallenges);
      });
      record("second factors reset");
    },
  };

  /** The time step `code` belongs to (within the drift allowed, after `afterStep`), or null. */
  async function checkTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const token = code.replace(/\s/g, "");
    if (!isTotpCode(token)) return null;
    try {
      const result = await verifyTotpCode({
        secret,
        token,
        epoch: Math.floor(now().getTime() / 1000),
        period: TOTP_PERIOD_SECONDS,
        epochTolerance: TOTP_TOLERANCE_SECONDS,
        ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
      });
      return result.valid && "timeStep" in result ? result.timeStep : null;
    } catch {
      // otplib refuses a last step beyond every step in the window (a clock set back): no code is good then.
      return null;
    }
  }
}
