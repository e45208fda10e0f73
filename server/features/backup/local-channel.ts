import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";

// `npm run backup` while the server runs on the embedded database (docs/product.md §19, decision 018). The
// database belongs to the server's process, so the script asks the server for the archive. The server writes a
// key made at each start into its data folder, readable by its own user only: whoever can read that folder can
// already read the whole database, so the key gives nothing new, and nobody else can learn it.

const FILE = "backup-channel.json";

export interface LocalChannel {
  /** Where the running server answers, from this machine. */
  url: string;
  key: string;
}

export function newChannelKey(): string {
  return randomBytes(32).toString("base64url");
}

/** Writes the channel for this start (only the server's user can read it); returns how to remove it. */
export function openLocalChannel(dataDir: string, channel: LocalChannel): () => void {
  const file = path.join(dataDir, FILE);
  writeFileSync(file, JSON.stringify(channel), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/** The running server's channel, when it wrote one. */
export function readLocalChannel(dataDir: string): LocalChannel | undefined {
  try {
    const channel = JSON.parse(readFileSync(path.join(dataDir, FILE), "utf8")) as Partial<LocalChannel>;
    if (typeof channel.url === "string" && typeof channel.key === "string")
      return { url: channel.url, key: channel.key };
  } catch {
    // No channel: the server is older, or the folder is not a running server's.
  }
  return undefined;
}

/** Lets a request with the channel's key through; any other request meets the owner's guard. */
export function ownerOrLocalKey(key: string | undefined, owner: MiddlewareHandler): MiddlewareHandler {
  const expected = key ? Buffer.from(`Bearer ${key}`) : undefined;
  return async (c, next) => {
    const given = Buffer.from(c.req.header("Authorization") ?? "");
    if (expected && given.length === expected.length && timingSafeEqual(given, expected)) return next();
    return owner(c, next);
  };
}
