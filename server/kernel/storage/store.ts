import type { ImageFolder } from "#core/images.ts";

// What every image store answers (docs/architecture.md "Storage"); server/kernel/storage/image-store.ts picks one.

/**
 * The storage could not be reached (the bucket is down, its credentials are refused): the request that needed it
 * answers 503 "storageUnavailable" in the visitor's language, and the cause is logged.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Image storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "StorageUnavailableError";
  }
}

/** An opened stored image: its size, and its bytes as a stream (or discarded, for HEAD). */
export interface OpenedImage {
  size: number;
  stream(): ReadableStream<Uint8Array>;
  discard(): Promise<void>;
}

export interface ImageStore {
  /** "disk" or "s3": shown in the start line and /readyz. */
  readonly kind: "disk" | "s3";
  /** Writes a whole file; a reader never sees half of it (disk: rename into place; S3: one PUT). */
  save(folder: ImageFolder, name: string, bytes: Uint8Array): Promise<void>;
  exists(folder: ImageFolder, name: string): Promise<boolean>;
  /** Removes a stored image; a missing file is not an error. */
  remove(folder: ImageFolder, name: string): Promise<void>;
  /**
   * The file to serve: opened here, `{ redirect }` when the bucket is served from elsewhere (S3_PUBLIC_URL), or
   * null when there is no such file (or the name is not one we could have stored).
   */
  open(folder: ImageFolder, name: string): Promise<OpenedImage | { redirect: string } | null>;
  /** Every stored image (the backup takes them all). */
  list(): Promise<{ folder: ImageFolder; name: string }[]>;
  read(folder: ImageFolder, name: string): Promise<Buffer>;
  /** Throws when images cannot be stored now (`/readyz`). */
  ready(): Promise<void>;
}
