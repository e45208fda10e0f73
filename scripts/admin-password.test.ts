import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "#db/client.ts";
import { migratedDataFolder } from "#tests/helpers/databases.ts";
import { ownerTotp, sessions } from "#db/schema.ts";
import { createOwnerAuth } from "#server/features/auth/owner-auth.ts";
import { lockDataDir } from "#server/kernel/data-lock.ts";
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
