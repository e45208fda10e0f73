import type { ServerEnv } from "#server/kernel/env.ts";
import { createDiskImageStore } from "./disk-store.ts";
import type { ImageStore } from "./store.ts";

export { StorageUnavailableError, type ImageStore, type OpenedImage } from "./store.ts";

// Where uploaded images live (docs/architecture.md "Storage"): on the local disk under DATA_DIR/storage by
// default, or in an S3-compatible bucket with S3_BUCKET. Both keep the same layout, portfolio_images/{folder}/{name},
// and the same public URL, /storage/portfolio_images/…, so image_url never changes when the owner switches.

/** The store the environment asks for; the S3 client is only loaded when a bucket is configured. */
export async function imageStoreFromEnv(env: Pick<ServerEnv, "dataDir" | "s3">): Promise<ImageStore> {
  const disk = createDiskImageStore(env.dataDir);
  if (!env.s3) return disk;
  const { createS3ImageStore } = await import("./s3-store.ts");
  return createS3ImageStore(env.s3, { legacy: disk });
}
