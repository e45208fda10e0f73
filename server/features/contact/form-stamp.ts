import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { CONTACT_MIN_FILL_MS, CONTACT_STAMP_LIFETIME_MS } from "#core/contact.ts";
import type { Database } from "#db/client.ts";
import { serverSecrets } from "#db/schema.ts";

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
  let key: Promise<Buffer> | undefined;

  async function loadKey(): Promise<Buffer> {
    // Two instances making it at once: the first insert wins and both read it back.
    await db
      .insert(serverSecrets)
      .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64url") })
      .onConflictDoNothing({ target: serverSecrets.name });
    const [row] = await db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, SECRET_NAME));
    return Buffer.from(row!.value, "base64url");
  }

  const secret = () => {
    key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
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
