// `npm run storage:migrate`: moves the uploads kept under DATA_DIR/storage into the S3 bucket named by S3_BUCKET
// (docs/architecture.md "Storage"), then checks that every image the site points at is there. Run it once after
// setting the S3_* variables, before or after restarting the servers with them: until a file is copied, the
// servers still serve it from the disk. It can be run again at any time; it copies only what is missing.
import { openDatabase } from "#server/kernel/database.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { runCommand } from "./run-command.ts";
import { listImageReferences } from "#server/features/uploads/references.ts";
import { createDiskImageStore } from "#server/kernel/storage/disk-store.ts";
import { migrateImages } from "#server/kernel/storage/migrate.ts";
import { createS3ImageStore } from "#server/kernel/storage/s3-store.ts";

async function main(): Promise<number> {
  const env = loadEnv(process.env);
  if (!env.s3) {
    console.error(
      "Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) first.",
    );
    return 1;
  }
  // The site first: where there is none, nothing is copied and no database is made.
  const { database, close } = await openDatabase(env, { existingSite: true });
  try {
    const from = createDiskImageStore(env.dataDir);
    // The bucket itself, without the disk behind it and without S3_PUBLIC_URL's redirects.
    const to = createS3ImageStore({ ...env.s3, publicUrl: undefined });
    await to.ready();
    const report = await migrateImages({
      from,
      to,
      references: await listImageReferences(database.db),
      onCopy: (folder, name) => console.log(`copied ${folder}/${name}`),
    });
    console.log(
      `${report.copied} copied, ${report.alreadyThere} already in the bucket ${env.s3.bucket}; ` +
        `${report.checked - report.missing.length} of ${report.checked} images the site uses are there.`,
    );
    if (report.missing.length > 0) {
      console.error(
        [
          "These images are used by the site but are neither on this disk nor in the bucket:",
          ...report.missing.map((image) => `  /storage/portfolio_images/${image.folder}/${image.name}`),
          "Upload them again from the admin page, or restore them from a backup.",
        ].join("\n"),
      );
      return 1;
    }
    console.log(`The files under ${env.dataDir}/storage were kept; remove them once the site looks right.`);
    return 0;
  } finally {
    await close();
  }
}

runCommand(main);
