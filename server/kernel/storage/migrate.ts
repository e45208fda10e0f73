import type { ImageFolder } from "#core/images.ts";
import type { ImageStore } from "./store.ts";

// `npm run storage:migrate` (docs/architecture.md "Storage"): copies the images kept on the local disk into the
// bucket, then checks that every image the site points at is in the bucket. Safe to run again and again: a file
// already in the bucket with the same size is left alone, and the disk's copies are never removed.

export interface MigrationReport {
  copied: number;
  alreadyThere: number;
  /** Referenced images found in neither place: the site shows a broken image for each. */
  missing: { folder: ImageFolder; name: string }[];
  checked: number;
}

async function sizeIn(store: ImageStore, folder: ImageFolder, name: string): Promise<number | null> {
  const opened = await store.open(folder, name);
  if (!opened || "redirect" in opened) return null;
  await opened.discard();
  return opened.size;
}

export async function migrateImages(options: {
  from: ImageStore;
  to: ImageStore;
  references: { folder: ImageFolder; name: string }[];
  onCopy?: (folder: ImageFolder, name: string) => void;
}): Promise<MigrationReport> {
  const { from, to } = options;
  let copied = 0;
  let alreadyThere = 0;
  for (const { folder, name } of await from.list()) {
    const bytes = await from.read(folder, name);
    if ((await sizeIn(to, folder, name)) === bytes.length) {
      alreadyThere++;
      continue;
    }
    await to.save(folder, name, bytes);
    copied++;
    options.onCopy?.(folder, name);
  }
  const missing: MigrationReport["missing"] = [];
  for (const image of options.references)
    if (!(await to.exists(image.folder, image.name))) missing.push(image);
  return { copied, alreadyThere, missing, checked: options.references.length };
}
