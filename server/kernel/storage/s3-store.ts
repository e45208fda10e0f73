import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import {
  IMAGE_BUCKET,
  IMAGE_FOLDERS,
  contentTypeOfName,
  isImageFolder,
  isStoredImageName,
  type ImageFolder,
} from "#core/images.ts";
import type { S3Settings } from "#server/kernel/env.ts";
import { StorageUnavailableError, type ImageStore, type OpenedImage } from "./store.ts";

// Uploaded images in an S3-compatible bucket (S3_BUCKET; docs/architecture.md "Storage"), through the AWS SDK v3.
// Keys are the disk layout: portfolio_images/{folder}/{name}. Files stored on the local disk before the switch
// stay readable (`legacy`) until `npm run storage:migrate` has copied them into the bucket.

const YEAR_SECONDS = 60 * 60 * 24 * 365;

export function createS3ImageStore(settings: S3Settings, options: { legacy?: ImageStore } = {}): ImageStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: S3-compatible stores (MinIO, R2, s3rver) differ in what else they take.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  // Every call to the bucket: a missing key is the caller's business, anything else means storage is down.
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        if (isMissing(error)) throw error;
        throw new StorageUnavailableError(error);
      }
    },
    { step: "initialize", name: "siraStorageUnavailable" },
  );
  const bucket = settings.bucket;
  const legacy = options.legacy;
  const key = (folder: ImageFolder, name: string) => `${IMAGE_BUCKET}/${folder}/${name}`;
  const required = (folder: ImageFolder, name: string) => {
    if (!isStoredImageName(name)) throw new Error(`Not a stored image name: ${JSON.stringify(name)}`);
    return key(folder, name);
  };
  const publicBase = settings.publicUrl?.replace(/\/+$/, "");

  async function bucketHas(folder: ImageFolder, name: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: required(folder, name) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    kind: "s3",
    async save(folder, name, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: required(folder, name),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentTypeOfName(name) ?? "application/octet-stream",
          // Names are unique (a timestamp and the original name): a stored file never changes.
          CacheControl: `public, max-age=${YEAR_SECONDS}, immutable`,
        }),
      );
    },
    async exists(folder, name) {
      if (!isStoredImageName(name)) return false;
      return (await bucketHas(folder, name)) || ((await legacy?.exists(folder, name)) ?? false);
    },
    async remove(folder, name) {
      // S3 deletes are idempotent: a missing key is not an error.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: required(folder, name) }));
      await legacy?.remove(folder, name);
    },
    async open(folder, name): Promise<OpenedImage | { redirect: string } | null> {
      if (!isStoredImageName(name)) return null;
      if (publicBase) {
        // Served from elsewhere: a file only on the old disk is still served here until it is migrated.
        const local = await legacy?.open(folder, name);
        if (local && !("redirect" in local)) return local;
        return { redirect: `${publicBase}/${key(folder, name)}` };
      }
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(folder, name) }));
        const body = object.Body;
        if (!body) return null;
        return {
          size: Number(object.ContentLength ?? 0),
          stream: () => body.transformToWebStream() as ReadableStream<Uint8Array>,
          // HEAD: the body is not read, so the connection is let go at once.
          discard: () => {
            (body as unknown as { destroy?: () => void }).destroy?.();
            return Promise.resolve();
          },
        };
      } catch (error) {
        if (isMissing(error)) return (await legacy?.open(folder, name)) ?? null;
        throw error;
      }
    },
    async list() {
      const found = new Map<string, { folder: ImageFolder; name: string }>();
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `${IMAGE_BUCKET}/`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const [, folder, name, ...rest] = (object.Key ?? "").split("/");
          if (rest.length === 0 && isImageFolder(folder) && name && isStoredImageName(name))
            found.set(`${folder}/${name}`, { folder, name });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      for (const image of (await legacy?.list()) ?? []) found.set(`${image.folder}/${image.name}`, image);
      return [...found.values()].sort(
        (a, b) =>
          IMAGE_FOLDERS.indexOf(a.folder) - IMAGE_FOLDERS.indexOf(b.folder) || a.name.localeCompare(b.name),
      );
    },
    async read(folder, name) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: required(folder, name) }),
        );
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error) && legacy) return legacy.read(folder, name);
        throw error;
      }
    },
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}
