// `npm run restore -- FILE [--replace]`: puts a backup made by `npm run backup` (or the admin's Settings) back
// (docs/product.md §19). The whole archive is checked first; a site with content is replaced only with --replace;
// it is all or nothing.
import { readFile } from "node:fs/promises";
import { checkBackup, restoreBackup } from "#server/features/backup/archive.ts";
import { ServiceError } from "#server/http/errors.ts";
import { restoreGates } from "#server/restore-gates.ts";
import { DataDirLockedError } from "#server/kernel/data-lock.ts";
import { EnvError, loadEnv } from "#server/kernel/env.ts";
import { createLogger, logFormatOf } from "#server/kernel/logger.ts";
import { openDatabase } from "#server/kernel/database.ts";
import { imageStoreFromEnv } from "#server/kernel/storage/image-store.ts";

async function main() {
  const file = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  if (!file) throw new Error("Usage: npm run restore -- FILE.zip [--replace]");
  const replace = process.argv.includes("--replace");
  const env = loadEnv(process.env);
  const backup = await checkBackup(await readFile(file), restoreGates);
  const { database, close } = await openDatabase(env);
  try {
    const tables = await restoreBackup(
      {
        db: database.db,
        images: await imageStoreFromEnv(env),
        logger: createLogger(logFormatOf(process.env)),
      },
      backup,
      { replace },
      restoreGates,
    );
    const rows = Object.entries(tables).map(([table, count]) => `${table} ${count}`);
    console.log(`Restored from ${file}: ${rows.join(", ")}, ${backup.images.length} images.`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError)
    console.error(`${error.message}\nStop the server first, then run this again.`);
  else if (error instanceof ServiceError)
    console.error(
      error.text("en") + (error.key === "backupNotEmpty" ? " Run again with --replace to replace it." : ""),
    );
  else console.error(error instanceof EnvError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
