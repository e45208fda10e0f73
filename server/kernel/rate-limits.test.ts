import { describe, expect, it } from "vitest";
import { rateLimits } from "#db/schema.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { createRateLimits } from "./rate-limits.ts";

// Rate-limit rows are pruned once they hold nothing back (decision 026): the table does not grow with every
// address that ever tried, and a block still running is kept.

const HOUR = 60 * 60 * 1000;

describe.each(backends)("pruning rate limits on $name", (backend) => {
  const database = useTestDatabase(backend);

  it("removes rows whose window is over and that are not blocked, and keeps the others", async () => {
    const at = new Date("2026-11-23T12:00:00Z");
    const limits = createRateLimits(database().db, () => at);
    const ago = (ms: number) => new Date(at.getTime() - ms);
    await database()
      .db.insert(rateLimits)
      .values([
        { bucket: "login", key: "old", hits: 3, window_started_at: ago(2 * HOUR) },
        {
          bucket: "contact",
          key: "old",
          hits: 5,
          window_started_at: ago(3 * HOUR),
          blocked_until: ago(HOUR),
        },
        {
          bucket: "login",
          key: "still-blocked",
          hits: 9,
          window_started_at: ago(2 * HOUR),
          blocked_until: new Date(at.getTime() + HOUR),
        },
        { bucket: "login", key: "recent", hits: 1, window_started_at: ago(10 * 60 * 1000) },
      ]);
    expect(await limits.prune(HOUR)).toBe(2);
    const left = await database().db.select({ key: rateLimits.key }).from(rateLimits);
    expect(left.map((row) => row.key).sort()).toEqual(["recent", "still-blocked"]);
    expect(await limits.blockedFor("login", "still-blocked")).toBe(3600);
    expect(await limits.prune(HOUR)).toBe(0);
  });
});
