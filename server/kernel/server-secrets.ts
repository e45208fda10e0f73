import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { serverSecrets } from "#db/schema.ts";

/**
 * A key the server makes once, under `name`, and keeps in the database, so every instance signs and checks with the
 * same one; it never leaves the server. Read once per process; a failed read is tried again on the next call.
 */
export function serverSecret(db: Database, name: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;

  async function load(): Promise<Buffer> {
    // Two instances making it at once: the first insert wins and both read it back.
    await db
      .insert(serverSecrets)
      .values({ name, value: randomBytes(32).toString("base64url") })
      .onConflictDoNothing({ target: serverSecrets.name });
    const [row] = await db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name));
    return Buffer.from(row!.value, "base64url");
  }

  return () => {
    key ??= load().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}
