import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { rateLimits } from "#db/schema.ts";

// Counters per bucket ("login", "contact") and client address, kept in the database so that every server
// instance shares them (docs/architecture.md "Platform notes": nothing that matters lives in process memory). Each caller owns its
// policy: a fixed window for the contact form, a growing back-off for sign-in failures.

export interface RateLimits {
  /** Seconds until the key may try again; 0 when it is not blocked. */
  blockedFor(bucket: string, key: string): Promise<number>;
  /** Counts one hit in a window of `windowMs` that starts with the first hit; returns the count so far. */
  hit(bucket: string, key: string, windowMs: number): Promise<{ hits: number; windowEndsAt: Date }>;
  block(bucket: string, key: string, until: Date): Promise<void>;
  /**
   * Reserves one attempt before the work it guards is done (a password check): one transaction, holding the
   * key's row, counts it and, when the count passes `freeAttempts`, blocks the key for `blockMs(hits)` at once, so
   * attempts racing with it see the block and are refused unchecked. `allowed` is false when the key was already
   * blocked; then nothing is counted.
   */
  reserve(
    bucket: string,
    key: string,
    policy: { windowMs: number; freeAttempts: number; blockMs: (hits: number) => number },
  ): Promise<
    { allowed: true; hits: number; blockedUntil: Date | null } | { allowed: false; retryAfterSeconds: number }
  >;
  reset(bucket: string, key: string): Promise<void>;
  /**
   * Removes the rows that no longer hold anything back: their window started more than `olderThanMs` ago and they
   * are not blocked. Idempotent, so every instance may run it. Returns how many went.
   */
  prune(olderThanMs: number): Promise<number>;
}

export function createRateLimits(db: Database, now: () => Date = () => new Date()): RateLimits {
  const where = (bucket: string, key: string) => and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key));
  return {
    async blockedFor(bucket, key) {
      const [row] = await db
        .select({ blocked_until: rateLimits.blocked_until })
        .from(rateLimits)
        .where(where(bucket, key))
        .limit(1);
      const left = (row?.blocked_until?.getTime() ?? 0) - now().getTime();
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },

    async hit(bucket, key, windowMs) {
      const at = now();
      // Dates in raw SQL go as ISO text with a cast: the two drivers serialise Date objects differently.
      const atSql = sql`${at.toISOString()}::timestamptz`;
      const windowStart = sql`${new Date(at.getTime() - windowMs).toISOString()}::timestamptz`;
      // One atomic statement, so parallel requests cannot both read the same count. A window that has
      // ended starts again, unless the key is still blocked.
      const expired = sql`(${rateLimits.window_started_at} <= ${windowStart} and (${rateLimits.blocked_until} is null or ${rateLimits.blocked_until} <= ${atSql}))`;
      const [row] = await db
        .insert(rateLimits)
        .values({ bucket, key, hits: 1, window_started_at: at })
        .onConflictDoUpdate({
          target: [rateLimits.bucket, rateLimits.key],
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
            window_started_at: sql`case when ${expired} then ${atSql} else ${rateLimits.window_started_at} end`,
          },
        })
        .returning({ hits: rateLimits.hits, window_started_at: rateLimits.window_started_at });
      return { hits: row!.hits, windowEndsAt: new Date(row!.window_started_at.getTime() + windowMs) };
    },

    async reserve(bucket, key, policy) {
      return db.transaction(async (tx) => {
        const at = now();
        await tx
          .insert(rateLimits)
          .values({ bucket, key, hits: 0, window_started_at: at })
          .onConflictDoNothing({ target: [rateLimits.bucket, rateLimits.key] });
        // The row lock makes every attempt from this key wait for the one before it to be counted.
        const [row] = await tx.select().from(rateLimits).where(where(bucket, key)).for("update");
        const blockedUntil = row!.blocked_until;
        if (blockedUntil && blockedUntil > at)
          return {
            allowed: false as const,
            retryAfterSeconds: Math.ceil((blockedUntil.getTime() - at.getTime()) / 1000),
          };
        const windowOver = row!.window_started_at.getTime() <= at.getTime() - policy.windowMs;
        const hits = windowOver ? 1 : row!.hits + 1;
        const blocked =
          hits > policy.freeAttempts ? new Date(at.getTime() + policy.blockMs(hits)) : blockedUntil;
        await tx
          .update(rateLimits)
          .set({ hits, window_started_at: windowOver ? at : row!.window_started_at, blocked_until: blocked })
          .where(where(bucket, key));
        return { allowed: true as const, hits, blockedUntil: hits > policy.freeAttempts ? blocked : null };
      });
    },

    async block(bucket, key, until) {
      await db.update(rateLimits).set({ blocked_until: until }).where(where(bucket, key));
    },

    async reset(bucket, key) {
      await db.delete(rateLimits).where(where(bucket, key));
    },

    async prune(olderThanMs) {
      const at = now();
      const removed = await db
        .delete(rateLimits)
        .where(
          and(
            lte(rateLimits.window_started_at, new Date(at.getTime() - olderThanMs)),
            or(isNull(rateLimits.blocked_until), lte(rateLimits.blocked_until, at)),
          ),
        )
        .returning({ key: rateLimits.key });
      return removed.length;
    },
  };
}
