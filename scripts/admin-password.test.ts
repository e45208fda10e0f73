import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "#db/client.ts";
import { migratedDataFolder } from "#tests/helpers/databases.ts";
import { ownerTotp, rateLimits, sessions } from "#db/schema.ts";
import { createOwnerAuth } from "#server/features/auth/owner-auth.ts";
import { lockDataDir } from "#server/kernel/data-lock.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { startServer } from "#server/runtime.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { findProjectRoot } from "#server/kernel/project-root.ts";

const root = findProjectRoot();
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function run(dataDir: string, input: string, args: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(root, "scripts/admin-password.ts"), ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(input);
  });
}

async function withDatabase<T>(
  dataDir: string,
  work: (auth: ReturnType<typeof createOwnerAuth>, db: Awaited<ReturnType<typeof createDb>>) => Promise<T>,
) {
  const database = await createDb({
    pgliteDataDir: path.join(dataDir, "pglite"),
    migrationsFolder: path.join(root, "db/migrations"),
  });
  try {
    const auth = createOwnerAuth({
      db: database.db,
      logger: createMemoryLogger(),
    });
    return await work(auth, database);
  } finally {
    await database.close();
  }
}

describe("npm run admin:password", () => {
  it("sets the password from standard input and ends every session", async () => {
    const dataDir = migratedDataFolder("sira-password-");
    folders.push(dataDir);
    await withDatabase(dataDir, async (auth) => {
      await auth.setPassword("the old pass phrase");
      expect((await auth.signIn("the old pass phrase", "127.0.0.1")).kind).toBe("ok");
    });

    const result = await run(dataDir, "the new pass phrase\n");
    expect(result).toMatchObject({
      code: 0,
      stdout: "The owner's password was changed and every session was ended.\n",
    });

    await withDatabase(dataDir, async (auth, database) => {
      expect(await database.db.select().from(sessions)).toEqual([]);
      expect((await auth.signIn("the old pass phrase", "127.0.0.1")).kind).toBe("failed");
      expect((await auth.signIn("the new pass phrase", "127.0.0.1")).kind).toBe("ok");
    });
  }, 60_000);

  it("generates one with --generate and prints it once", async () => {
    const dataDir = migratedDataFolder("sira-password-");
    folders.push(dataDir);
    const result = await run(dataDir, "", ["--generate"]);
    expect(result.code).toBe(0);
    const password = /shown only now\): (\S+)/.exec(result.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    await withDatabase(dataDir, async (auth) => {
      expect((await auth.signIn(password!, "127.0.0.1")).kind).toBe("ok");
    });
  }, 60_000);

  it.each([
    ["a short password", "short\n", /at least 12 characters/],
    ["a password with spaces around it", "  padded pass phrase  \n", /must not start or end with spaces/],
    ["a common password", "password123456\n", /among the most common ones/],
    ["the owner's name in it", "mohamed's long secret\n", /must not contain your name or e-mail/],
  ])(
    "refuses %s and changes nothing",
    async (_case, input, message) => {
      const dataDir = migratedDataFolder("sira-password-");
      folders.push(dataDir);
      const result = await run(dataDir, input);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
    },
    60_000,
  );

  it("removes every second factor with --reset-factors: the password alone signs in again", async () => {
    const dataDir = migratedDataFolder("sira-password-");
    folders.push(dataDir);
    await withDatabase(dataDir, async (auth, database) => {
      await auth.setPassword("the owner's pass phrase");
      await database.db.insert(ownerTotp).values({ id: 1, secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" });
      await auth.factors.renewRecoveryCodes();
      expect((await auth.signIn("the owner's pass phrase", "127.0.0.1")).kind).toBe("secondFactor");
    });

    const result = await run(dataDir, "", ["--reset-factors"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Every second factor and recovery code was removed/);

    await withDatabase(dataDir, async (auth, database) => {
      expect(await auth.factors.status()).toEqual({ totp: false, passkeys: [], recoveryCodesLeft: 0 });
      expect(await database.db.select().from(sessions)).toEqual([]);
      expect((await auth.signIn("the owner's pass phrase", "127.0.0.1")).kind).toBe("ok");
    });
  }, 60_000);

  it("prints a one-time sign-in link with --link, made by the running server, that gets a new browser past a pause", async () => {
    const dataDir = migratedDataFolder("sira-password-");
    folders.push(dataDir);
    await withDatabase(dataDir, async (auth, database) => {
      await auth.setPassword("the owner's pass phrase");
      // A second factor is on, and strangers paused both passwords and codes for the hour.
      await database.db.insert(ownerTotp).values({ id: 1, secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" });
      const until = new Date(Date.now() + 50 * 60_000);
      for (const bucket of ["login-all", "second-factor-all"])
        await database.db
          .insert(rateLimits)
          .values({ bucket, key: "*", hits: 500, window_started_at: new Date(), blocked_until: until });
    });
    const server = await startServer({
      env: loadEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_REQUESTS: "0" }),
      logger: createMemoryLogger(),
      output: { write: () => true },
    });
    try {
      const paused = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ password: "the owner's pass phrase", code: "123456" }),
      });
      expect(paused.status).toBe(429);

      const result = await run(dataDir, "", ["--link"]);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const link = new RegExp(`^http://localhost:3000(/api/auth/link/[\\w-]{43})$`, "m").exec(result.stdout);
      expect(link, result.stdout).not.toBeNull();
      expect(result.stdout).toMatch(/Open this link once.*within 15 minutes/);

      const opened = await fetch(`${server.url}${link![1]}`, { redirect: "manual" });
      expect(opened.status).toBe(303);
      expect(opened.headers.get("location")).toBe("/admin-mh2025");
      const cookies = opened.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0]!)
        .join("; ");
      expect(cookies).toMatch(/sira_device=/);
      const session = await fetch(`${server.url}/api/auth/session`, { headers: { Cookie: cookies } });
      expect(await session.json()).toMatchObject({ signedIn: true });
      // Once only.
      const again = await fetch(`${server.url}${link![1]}`, { redirect: "manual" });
      expect(again.status).toBe(401);
    } finally {
      await server.close();
    }
  }, 120_000);

  it("makes the one-time link itself on a stopped server's folder", async () => {
    const dataDir = migratedDataFolder("sira-password-");
    folders.push(dataDir);
    const result = await run(dataDir, "", ["--link"]);
    expect(result.code).toBe(0);
    const token = /\/api\/auth\/link\/([\w-]{43})$/m.exec(result.stdout)?.[1];
    expect(token, result.stdout).toBeDefined();
    await withDatabase(dataDir, async (auth) => {
      expect(await auth.signInWithLink(token!, "203.0.113.5")).toMatchObject({ kind: "ok" });
      expect(await auth.signInWithLink(token!, "203.0.113.5")).toBeNull();
    });
  }, 120_000);

  it("refuses while a server holds the data folder", async () => {
    const dataDir = migratedDataFolder("sira-password-");
    folders.push(dataDir);
    const unlock = lockDataDir(dataDir);
    try {
      const result = await run(dataDir, "a fine pass phrase\n");
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/Stop the server first/);
    } finally {
      unlock();
    }
  }, 60_000);
});
