import { createHmac, timingSafeEqual } from "node:crypto";
import { CONTACT_MIN_FILL_MS, CONTACT_STAMP_LIFETIME_MS } from "#core/contact.ts";
import type { Database } from "#db/client.ts";
import { serverSecret } from "#server/kernel/server-secrets.ts";

// The contact form's render time, signed (docs/product.md §12, §25): the page puts `{milliseconds}.{HMAC}` in a
// hidden field. A post that comes back sooner than CONTACT_MIN_FILL_MS after it, or with a stamp this server did
// not sign, is a robot's; one older than CONTACT_STAMP_LIFETIME_MS has expired. The key is made once and kept in the database, so every instance signs and checks
// with the same one; it never leaves the server.

const SECRET_NAME = "contact-form-stamp";
const STAMP = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

export type StampCheck = "ok" | "tooFast" | "expired" | "invalid";

export interface FormStamps {
  /** A stamp for a form rendered at `at`. */
  issue(at: Date): Promise<string>;
  /** Whether a posted stamp is this server's, old enough at `at`, and not too old. */
  check(stamp: unknown, at: Date): Promise<StampCheck>;
}

export function createFormStamps(db: Database): FormStamps {
  const secret = serverSecret(db, SECRET_NAME);
  const sign = async (ms: string) =>
    createHmac("sha256", await secret())
      .update(`contact-form:${ms}`)
      .digest();

  return {
    async issue(at) {
      const ms = String(at.getTime());
      return `${ms}.${(await sign(ms)).toString("base64url")}`;
    },
    async check(stamp, at) {
      const match = typeof stamp === "string" ? STAMP.exec(stamp) : null;
      if (!match) return "invalid";
      const given = Buffer.from(match[2]!, "base64url");
      const expected = await sign(match[1]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      const age = at.getTime() - Number(match[1]);
      if (age < CONTACT_MIN_FILL_MS) return "tooFast";
      return age > CONTACT_STAMP_LIFETIME_MS ? "expired" : "ok";
    },
  };
}
