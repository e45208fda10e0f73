import { sql } from "drizzle-orm";
import { isVariantName } from "#core/images.ts";
import type { Database } from "#db/client.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { isImageReferenced } from "./references.ts";
import { removeStoredImage } from "./variants.ts";
import { imageUrl } from "#core/images.ts";

// Uploads nothing points at (docs/product.md §13): an upload whose save was abandoned, images dropped from
// an article's text, a deleted article's inline images. Once a day old (by the timestamp in their name, so an
// upload being saved right now is never taken), they go with their variants. With several instances on one
// PostgreSQL the sweep runs once: it takes a lock the others skip.

const DAY_MS = 24 * 60 * 60 * 1000;

export async function sweepUnusedUploads(
  deps: { db: Database; images: ImageStore; logger: Logger },
  now = new Date(),
  olderThanMs = DAY_MS,
): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    // Both drivers (pg and PGlite) answer with { rows }.
    const answer: unknown = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('sira:upload-sweep')) as locked`,
    );
    const lock = answer as { rows: { locked: boolean }[] };
    if (!lock.rows[0]?.locked) return null;
    // Every query inside the lock's transaction: the embedded database has one connection, which it holds.
    const inside = { ...deps, db: tx as unknown as Database };
    const files = await deps.images.list();
    const originals = new Set(
      files.filter((file) => !isVariantName(file.name)).map((file) => `${file.folder}/${file.name}`),
    );
    let removed = 0;
    for (const { folder, name } of files) {
      const uploadedAt = Number(name.split("_")[0]);
      if (!(now.getTime() - uploadedAt >= olderThanMs)) continue;
      if (isVariantName(name)) {
        // A variant whose upload is gone (removed before variants were recorded with it).
        const stem = name.replace(/-w\d+\.(avif|webp)$/, "");
        const hasOriginal = [...originals].some((original) => original.startsWith(`${folder}/${stem}.`));
        if (!hasOriginal) await deps.images.remove(folder, name);
        continue;
      }
      if (await isImageReferenced(inside.db, imageUrl(folder, name))) continue;
      await removeStoredImage(inside, folder, name);
      removed++;
    }
    if (removed > 0) deps.logger.info("unused uploads removed", { removed });
    return removed;
  });
}
