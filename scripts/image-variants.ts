// `npm run images:variants`: makes the responsive variants (docs/product.md §13) of every image the site
// uses that lacks them: uploads from before variants existed, or a restore of an older backup. Safe to run again:
// an image whose variants are all there is left alone. With the embedded database, stop the server first.
import { eq } from "drizzle-orm";
import { VARIANT_FORMATS, imageUrl, variantName } from "#core/images.ts";
import { imageVariants, variantJobs } from "#db/schema.ts";
import { openDatabase } from "#server/kernel/database.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { runCommand } from "./run-command.ts";
import { listImageReferences } from "#server/features/uploads/references.ts";
import { storeVariants } from "#server/features/uploads/variants.ts";
import { imageStoreFromEnv } from "#server/kernel/storage/image-store.ts";

async function main(): Promise<number> {
  const env = loadEnv(process.env);
  const { database, close } = await openDatabase(env, { existingSite: true });
  const images = await imageStoreFromEnv(env).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  let made = 0;
  let complete = 0;
  const missing: string[] = [];
  try {
    for (const { folder, name } of await listImageReferences(database.db)) {
      // Variants are only ever made of an upload, never of a variant.
      if (/-w\d+\.(avif|webp)$/.test(name)) continue;
      const url = imageUrl(folder, name);
      const [row] = await database.db.select().from(imageVariants).where(eq(imageVariants.url, url)).limit(1);
      if (row) {
        const names = row.widths.flatMap((width) =>
          VARIANT_FORMATS.map((format) => variantName(name, width, format)),
        );
        const present = await Promise.all(names.map((variant) => images.exists(folder, variant)));
        if (present.every(Boolean)) {
          complete++;
          continue;
        }
      }
      if (!(await images.exists(folder, name))) {
        missing.push(url);
        continue;
      }
      await storeVariants({ db: database.db, images }, folder, name, await images.read(folder, name));
      // Made here, so the server's queue has nothing left to do for it.
      await database.db.delete(variantJobs).where(eq(variantJobs.url, url));
      console.log(`made the variants of ${url}`);
      made++;
    }
  } finally {
    await close();
  }
  console.log(`${made} images given their variants, ${complete} already complete.`);
  if (missing.length > 0) {
    console.error(
      ["These images are used by the site but are missing:", ...missing.map((url) => `  ${url}`)].join("\n"),
    );
    return 1;
  }
  return 0;
}

runCommand(main);
