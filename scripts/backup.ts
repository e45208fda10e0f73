// `npm run backup -- FILE`: writes the whole site (content, settings, messages, images) to one zip
// (docs/product.md §19). With the embedded database held by a running server, the server makes the archive and
// the script fetches it over the key the server left in the data folder (decision 018); otherwise, and on
// PostgreSQL, the script reads the database itself. Either way the archive is one snapshot.
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebStream } from "node:stream/web";
import yauzl from "yauzl";
import { createBackup, type BackupManifest } from "#server/features/backup/archive.ts";
import { readLocalChannel } from "#server/features/backup/local-channel.ts";
import { DataDirLockedError } from "#server/kernel/data-lock.ts";
import { EnvError, loadEnv, type ServerEnv } from "#server/kernel/env.ts";
import { createLogger, logFormatOf } from "#server/kernel/logger.ts";
import { openDatabase } from "#server/kernel/database.ts";
import { imageStoreFromEnv } from "#server/kernel/storage/image-store.ts";

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error("Usage: npm run backup -- FILE.zip");
  const env = loadEnv(process.env);
  // Written beside the target and renamed when complete: a failed backup never looks like a good one.
  const partial = `${file}.partial`;
  let via = "";
  try {
    if (!(await writeArchive(env, partial))) {
      via = " through the running server";
      await fromRunningServer(env, partial);
    }
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  const manifest = await manifestOf(file);
  const rows = Object.entries(manifest.tables).map(([table, count]) => `${table} ${count}`);
  const images = manifest.entries.filter((entry) => entry.path.startsWith("images/")).length;
  console.log(`Backup written to ${file}${via}: ${rows.join(", ")}, ${images} images.`);
}

/** Writes the archive from the database itself; false when a running server holds the embedded database. */
async function writeArchive(env: ServerEnv, target: string): Promise<boolean> {
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(env, { existingSite: true });
  } catch (error) {
    if (error instanceof DataDirLockedError && readLocalChannel(env.dataDir)) return false;
    throw error;
  }
  try {
    const { stream } = await createBackup({
      db: opened.database.db,
      images: await imageStoreFromEnv(env),
      logger: createLogger(logFormatOf(process.env)),
    });
    await pipeline(stream, createWriteStream(target));
    return true;
  } finally {
    await opened.close();
  }
}

async function fromRunningServer(env: ServerEnv, target: string) {
  const channel = readLocalChannel(env.dataDir)!;
  const response = await fetch(`${channel.url}/api/backup`, {
    headers: { Authorization: `Bearer ${channel.key}` },
  }).catch((error: unknown) => {
    throw new Error(`The running server at ${channel.url} did not answer (${String(error)}).`);
  });
  if (!response.ok || !response.body)
    throw new Error(`The running server at ${channel.url} refused the backup (HTTP ${response.status}).`);
  await pipeline(Readable.fromWeb(response.body as WebStream<Uint8Array>), createWriteStream(target));
}

/** The manifest inside a written archive, read back: the file is a whole zip, and the summary says what it holds. */
function manifestOf(file: string): Promise<BackupManifest> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on("error", reject);
      zip.on("end", () => reject(new Error(`${file} holds no manifest.json`)));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName !== "manifest.json") return zip.readEntry();
        zip.openReadStream(entry, (failed, stream) => {
          if (failed) return reject(failed);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            zip.close();
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as BackupManifest);
          });
        });
      });
      zip.readEntry();
    });
  });
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError)
    console.error(`${error.message}\nStop the server first, then run this again.`);
  else console.error(error instanceof EnvError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
