// `npm run export -- DIR`: writes the whole site as Markdown and YAML into DIR (docs/product.md §31): a folder per
// article with index.en.md and/or index.ar.md and its images, settings.yaml and testimonials.yaml.
import { buildExport, writeExport } from "#server/features/moving/export.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { openDatabase } from "#server/kernel/database.ts";
import { imageStoreFromEnv } from "#server/kernel/storage/image-store.ts";
import { runCommand } from "./run-command.ts";

runCommand(async () => {
  const directory = process.argv[2];
  if (!directory) throw new Error("Usage: npm run export -- DIR");
  const env = loadEnv(process.env);
  const { database, close } = await openDatabase(env);
  try {
    const files = await buildExport({ db: database.db, images: await imageStoreFromEnv(env) });
    await writeExport(files, directory);
    const articles = [...files.keys()].filter((name) =>
      /^articles\/[^/]+\/index\.(en|ar)\.md$/.test(name),
    ).length;
    console.log(`Exported ${articles} article texts and ${files.size} files in all to ${directory}.`);
    return 0;
  } finally {
    await close();
  }
});
