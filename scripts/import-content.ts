// `npm run import -- PATH [--dry-run]`: imports a folder or zip of Markdown (our own export, Hugo, Astro,
// AstroPaper, Jekyll), a WordPress export (.xml) or a Ghost export (.json) (docs/product.md §31). Prints what will
// happen first; with --dry-run that is all. The import is all or nothing, and running it again updates rather than
// duplicates.
import { readFile, stat } from "node:fs/promises";
import { createImageFetcher } from "#server/features/moving/fetch-image.ts";
import { MAX_IMPORT_BYTES } from "#server/features/moving/files.ts";
import { planImport, readImportFile, readImportFolder, runImport } from "#server/features/moving/service.ts";
import { createUploads } from "#server/features/uploads/service.ts";
import { sanitizeHtml } from "#server/features/articles/sanitize.ts";
import { ServiceError } from "#server/http/errors.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { createLogger, logFormatOf } from "#server/kernel/logger.ts";
import { openDatabase } from "#server/kernel/database.ts";
import { imageStoreFromEnv } from "#server/kernel/storage/image-store.ts";
import { runCommand } from "./run-command.ts";

runCommand(async () => {
  const target = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  if (!target) throw new Error("Usage: npm run import -- PATH [--dry-run]");
  const dryRun = process.argv.includes("--dry-run");
  const env = loadEnv(process.env);
  const info = await stat(target);
  if (info.isFile() && info.size > MAX_IMPORT_BYTES)
    throw new Error(`${target} is larger than ${MAX_IMPORT_BYTES / 2 ** 20} MB.`);
  const read = () =>
    info.isDirectory()
      ? readImportFolder(target)
      : readFile(target).then((bytes) => readImportFile(target, bytes));
  const { database, close } = await openDatabase(env);
  const logger = createLogger(logFormatOf(process.env));
  try {
    const source = await read();
    const plan = await planImport(database.db, await read());
    console.log(
      `${plan.format}: ${plan.create} to create, ${plan.update} to update, ${plan.skipped.length} skipped.`,
    );
    for (const skip of plan.skipped) console.log(`  skipped ${skip.label}: ${skip.reason}`);
    if (dryRun) return 0;
    const images = await imageStoreFromEnv(env);
    const uploads = createUploads({ db: database.db, images, logger, contentChanged: () => undefined });
    const result = await runImport(
      {
        db: database.db,
        images,
        uploads,
        sanitizeHtml,
        fetchImage: createImageFetcher(),
        logger,
        now: () => new Date(),
      },
      source,
    );
    console.log(
      `Imported: ${result.create} created, ${result.update} updated, ${result.unchanged} unchanged.`,
    );
    for (const failed of result.imagesFailed)
      console.log(`  image not imported, its address kept: ${failed}`);
    return 0;
  } catch (error) {
    if (error instanceof ServiceError) throw new Error(error.text("en"), { cause: error });
    throw error;
  } finally {
    await close();
  }
});
