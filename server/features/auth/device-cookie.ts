import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "#db/client.ts";
import { serverSecret } from "#server/kernel/server-secrets.ts";

// The owner's device cookie (docs/product.md §25, decision 026; OWASP's "device cookies" against lockouts): a
// browser that signed in fully gets `{nonce}.{issued ms}.{HMAC}` under a key the server makes once and keeps in the
// database. A sign-in carrying a valid one is not held by the pause that guesses from everywhere cause; it has its
// own small limit, counted by its nonce.

const SECRET_NAME = "owner-device";
const VALUE = /^([A-Za-z0-9_-]{22})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** How long a device cookie is good for after the sign-in that gave it. */
export const DEVICE_COOKIE_MS = 365 * 24 * 60 * 60 * 1000;

export interface DeviceCookies {
  /** A new value for a browser that has just signed in at `at`. */
  issue(at: Date): Promise<string>;
  /** The device's nonce when `value` is a cookie this server signed and still good at `at`; null otherwise. */
  check(value: unknown, at: Date): Promise<string | null>;
}

export function createDeviceCookies(db: Database): DeviceCookies {
  const secret = serverSecret(db, SECRET_NAME);
  const sign = async (nonce: string, issued: string) =>
    createHmac("sha256", await secret())
      .update(`owner-device:${nonce}.${issued}`)
      .digest();

  return {
    async issue(at) {
      const nonce = randomBytes(16).toString("base64url");
      const issued = String(at.getTime());
      return `${nonce}.${issued}.${(await sign(nonce, issued)).toString("base64url")}`;
    },
    async check(value, at) {
      const match = typeof value === "string" ? VALUE.exec(value) : null;
      if (!match) return null;
      const [, nonce, issued, signature] = match as unknown as [string, string, string, string];
      const given = Buffer.from(signature, "base64url");
      const expected = await sign(nonce, issued);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const age = at.getTime() - Number(issued);
      return age >= 0 && age < DEVICE_COOKIE_MS ? nonce : null;
    },
  };
}
