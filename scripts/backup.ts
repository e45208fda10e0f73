// `npm run backup -- FILE`: writes the whole site (content, settings, messages, images) to one zip
// (docs/product.md §19). The embedded database belongs to one process at a time: stop the server first, or point
// DATABASE_URL at the PostgreSQL server the site uses.
import { createWriteStream } from "node:fs";
import { rename } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createBackup } from "#server/features/backup/archive.ts";
import { DataDirLockedError } from "#server/kernel/data-lock.ts";
import { EnvError, loadEnv } from "#server/kernel/env.ts";
import { createLogger, logFormatOf } from "#server/kernel/logger.ts";
import { openDatabase } from "#server/kernel/database.ts";
import { imageStoreFromEnv } from "#server/kernel/storage/image-store.ts";

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error("Usage: npm run backup -- FILE.zip");
  const env = loadEnv(process.env);
  const { database, close } = await openDatabase(env);
  try {
    const { stream, manifest } = await createBackup({
      db: database.db,
      images: await imageStoreFromEnv(env),
      logger: createLogger(logFormatOf(process.env)),
    });
    // Written beside the target and renamed when complete: a failed backup never looks like a good one.
    const partial = `${file}.partial`;
    await pipeline(stream, createWriteStream(partial));
    await rename(partial, file);
    const rows = Object.entries(manifest.tables).map(([table, count]) => `${table} ${count}`);
    const images = manifest.entries.filter((entry) => entry.path.startsWith("images/")).length;
    console.log(`Backup written to ${file}: ${rows.join(", ")}, ${images} images.`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError)
    console.error(`${error.message}\nStop the server first, then run this again.`);
  else console.error(error instanceof EnvError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
