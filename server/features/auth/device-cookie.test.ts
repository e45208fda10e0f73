import { describe, expect, it } from "vitest";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { createDeviceCookies, DEVICE_COOKIE_MS } from "./device-cookie.ts";

// The owner's device cookie (docs/product.md §25.8): signed with the key in the database, good for a year.

describe.each(backends)("device cookies on $name", (backend) => {
  const database = useTestDatabase(backend);

  it("accepts its own cookie until a year has passed, and nothing altered or made elsewhere", async () => {
    const at = new Date("2026-11-22T10:00:00Z");
    const devices = createDeviceCookies(database().db);
    const value = await devices.issue(at);
    const nonce = await devices.check(value, at);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Another instance on the same database reads the same key.
    expect(await createDeviceCookies(database().db).check(value, new Date(at.getTime() + 1000))).toBe(nonce);
    expect(await devices.check(value, new Date(at.getTime() + DEVICE_COOKIE_MS - 1000))).toBe(nonce);
    expect(await devices.check(value, new Date(at.getTime() + DEVICE_COOKIE_MS))).toBeNull();

    const [, issued, signature] = value.split(".") as [string, string, string];
    const later = String(Number(issued) + DEVICE_COOKIE_MS);
    for (const altered of [
      `${"A".repeat(22)}.${issued}.${signature}`,
      `${nonce}.${later}.${signature}`,
      `${nonce}.${issued}.${"A".repeat(43)}`,
      `${value}x`,
      "",
      undefined,
    ])
      expect(await devices.check(altered, at), String(altered)).toBeNull();
  });
});
