// `npm run restore -- FILE [--replace] [--new]`: puts a backup made by `npm run backup` (or the admin's Settings)
// back (docs/product.md §19). The whole archive is checked first; a site with content is replaced only with
// --replace, a new site is made only with --new; it is all or nothing.
import { rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { checkDataFolder } from "#db/data-folder.ts";
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
  if (!file) throw new Error("Usage: npm run restore -- FILE.zip [--replace] [--new]");
  const replace = process.argv.includes("--replace");
  // A new site is made only when asked: a restore where DATA_DIR does not point at the server's folder would
  // otherwise fill a database the server never reads.
  const newSite = process.argv.includes("--new");
  const env = loadEnv(process.env);
  const folder = path.join(env.dataDir, "pglite");
  const made = newSite && !env.databaseUrl && checkDataFolder(folder) === "new";
  // The site before the archive (a command pointed at the wrong folder says so first), but the archive before a
  // new site is made for it.
  const checked = newSite ? await checkBackup(await readFile(file), restoreGates) : undefined;
  const { database, close } = await openDatabase(env, { existingSite: !newSite });
  try {
    const backup = checked ?? (await checkBackup(await readFile(file), restoreGates));
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
  } catch (error) {
    await close();
    // All or nothing: a database this command made for the restore goes with it.
    if (made) rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  await close();
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
