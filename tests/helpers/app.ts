import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { createApp, type AppOptions } from "#server/app.ts";
import { createOwnerAuth } from "#server/features/auth/owner-auth.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import type { TestDatabase } from "./databases.ts";

// The real Hono app on a test database, with its files in a temporary folder removed after the file's tests.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

export function makeApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: Partial<
    Pick<
      AppOptions,
      | "now"
      | "pageCache"
      | "notifier"
      | "changes"
      | "images"
      | "clientDir"
      | "alerts"
      | "ssr"
      | "routes"
      | "fetchImage"
    >
  > = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sira-test-"));
  folders.push(dataDir);
  const logger = createMemoryLogger();
  const app = createApp({
    env: loadEnv({ LOG_REQUESTS: "0", DATA_DIR: dataDir, ...env }),
    database,
    logger,
    ...options,
  });
  return { app, logger, dataDir };
}

export type TestApp = ReturnType<typeof makeApp>["app"];

export const OWNER_PASSWORD = "correct horse battery staple";

/** Sets the owner's password as `npm run admin:password` would (every session ends). */
export async function setOwnerPassword(database: Pick<TestDatabase, "db">, password: string): Promise<void> {
  await createOwnerAuth({ db: database.db, logger: createMemoryLogger() }).setPassword(password);
}

/** Sets the owner's password and signs in; returns the Cookie header value of the new session. */
export async function signIn(app: TestApp, database: TestDatabase): Promise<string> {
  await setOwnerPassword(database, OWNER_PASSWORD);
  const response = await app.request("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password: OWNER_PASSWORD }),
  });
  const cookie = response.headers.get("Set-Cookie");
  if (response.status !== 200 || !cookie) throw new Error(`Sign-in failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

/** A JSON request as the admin page sends it: same-origin, with the session cookie. */
export function jsonRequest(method: string, body: unknown, cookie?: string): RequestInit {
  return {
    method,
    headers: {
      "Content-Type": "application/json",
      Origin: "http://localhost",
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/** A tiny PNG (1×1), as a stored image's bytes. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Puts a file where an upload to `folder` would have stored it; answers its public URL. */
export function storeImageFile(
  dataDir: string,
  folder: string,
  name: string,
  bytes: Buffer = TINY_PNG,
): string {
  const dir = path.join(dataDir, "storage", "portfolio_images", folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), bytes);
  return `/storage/portfolio_images/${folder}/${name}`;
}

/**
 * The owner's JSON requests to an app, signed in as `cookie`, in a language (the `language` cookie): answers the
 * status and the parsed body.
 */
export function ownerRequests(app: TestApp, cookie: () => string) {
  return async (method: string, url: string, body?: unknown, language = "en") => {
    const init = jsonRequest(method, body, cookie());
    const headers = { ...init.headers, Cookie: `${cookie()}; language=${language}` };
    const response = await app.request(url, { ...init, headers });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };
}
