import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageFolder } from "#core/images.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { startS3, TEST_BUCKET, type TestS3 } from "#tests/helpers/s3.ts";
import { TINY_PNG } from "#tests/helpers/app.ts";
import { createDiskImageStore } from "./disk-store.ts";
import {
  imageStoreFromEnv,
  StorageUnavailableError,
  type ImageStore,
  type OpenedImage,
} from "./image-store.ts";

// The storage contract (docs/architecture.md "Storage"): the local disk and a real S3 protocol server (s3rver)
// answer every question the same way, so uploads, serving, removal and backups behave alike on both.

let s3: TestS3;
const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sira-store-"));
  folders.push(dir);
  return dir;
};
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const s3Env = (extra: Record<string, string> = {}) => loadEnv({ DATA_DIR: tempDir(), ...s3.env, ...extra });

async function bytesOf(opened: OpenedImage | { redirect: string } | null): Promise<Buffer> {
  if (!opened || "redirect" in opened) throw new Error(`not opened: ${JSON.stringify(opened)}`);
  return Buffer.from(await new Response(opened.stream()).arrayBuffer());
}

let counter = 0;
const uniqueName = (extension = "png") => `${1_700_000_000_000 + ++counter}_photo.${extension}`;

const stores: { name: string; make: () => Promise<ImageStore> }[] = [
  { name: "the local disk", make: () => Promise.resolve(createDiskImageStore(tempDir())) },
  { name: "an S3 bucket", make: () => imageStoreFromEnv(s3Env()) },
];

describe.each(stores)("images on $name", ({ make }) => {
  let store: ImageStore;
  beforeAll(async () => {
    store = await make();
  });

  it("keeps a saved file whole: it exists, opens with its size, reads back and is listed", async () => {
    const name = uniqueName();
    const bytes = Buffer.concat([TINY_PNG, Buffer.alloc(70_000, 7)]);
    expect(await store.exists("projects", name)).toBe(false);
    await store.save("projects", name, bytes);
    expect(await store.exists("projects", name)).toBe(true);
    expect(await store.exists("articles", name)).toBe(false);
    const opened = await store.open("projects", name);
    expect(opened && !("redirect" in opened) && opened.size).toBe(bytes.length);
    expect((await bytesOf(opened)).equals(bytes)).toBe(true);
    expect((await store.read("projects", name)).equals(bytes)).toBe(true);
    expect(await store.list()).toContainEqual({ folder: "projects", name });
  });

  it("removes a file, and removing a missing one is not an error", async () => {
    const name = uniqueName("jpg");
    await store.save("articles", name, TINY_PNG);
    await store.remove("articles", name);
    expect(await store.exists("articles", name)).toBe(false);
    expect(await store.open("articles", name)).toBeNull();
    expect(await store.list()).not.toContainEqual({ folder: "articles", name });
    await expect(store.remove("articles", name)).resolves.toBeUndefined();
  });

  it("never touches a name the upload could not have made", async () => {
    for (const name of ["../../etc/passwd", "photo.png", "1_a/b.png", "1_a.svg", "1_a.png\u0000.txt"]) {
      expect(await store.exists("site", name)).toBe(false);
      expect(await store.open("site", name)).toBeNull();
      await expect(store.save("site", name, TINY_PNG)).rejects.toThrow(/Not a stored image name/);
    }
  });

  it("lists files by folder, then name, and keeps a HEAD cheap (discard without reading)", async () => {
    const names = [uniqueName(), uniqueName()];
    for (const folder of ["site", "projects"] as ImageFolder[])
      for (const name of names) await store.save(folder, name, TINY_PNG);
    const listed = (await store.list()).filter((image) => names.includes(image.name));
    expect(listed).toEqual([
      { folder: "projects", name: names[0] },
      { folder: "projects", name: names[1] },
      { folder: "site", name: names[0] },
      { folder: "site", name: names[1] },
    ]);
    const opened = await store.open("site", names[0]!);
    if (!opened || "redirect" in opened) throw new Error("not opened");
    await opened.discard();
  });

  it("is ready", async () => {
    await expect(store.ready()).resolves.toBeUndefined();
  });
});

describe("an S3 bucket", () => {
  it("keeps the disk's layout as keys, with the type and a year's cache on each object", async () => {
    const store = await imageStoreFromEnv(s3Env());
    const name = uniqueName("webp");
    await store.save("articles", name, TINY_PNG);
    // Read with a client of its own, as a CDN in front of the bucket would.
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const object = await client.send(
      new GetObjectCommand({ Bucket: TEST_BUCKET, Key: `portfolio_images/articles/${name}` }),
    );
    expect(object.ContentType).toBe("image/webp");
    expect(object.CacheControl).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(TINY_PNG)).toBe(true);
  });

  it("still reads files stored on the disk before the switch, and removes them from both", async () => {
    const env = s3Env();
    const disk = createDiskImageStore(env.dataDir);
    const name = uniqueName();
    await disk.save("projects", name, TINY_PNG);
    const store = await imageStoreFromEnv(env);
    expect(await store.exists("projects", name)).toBe(true);
    expect((await bytesOf(await store.open("projects", name))).equals(TINY_PNG)).toBe(true);
    expect((await store.read("projects", name)).equals(TINY_PNG)).toBe(true);
    expect(await store.list()).toContainEqual({ folder: "projects", name });
    await store.remove("projects", name);
    expect(await disk.exists("projects", name)).toBe(false);
    expect(await store.exists("projects", name)).toBe(false);
  });

  it("with S3_PUBLIC_URL, sends readers to the bucket's own address (old disk files are still served here)", async () => {
    const env = s3Env({ S3_PUBLIC_URL: "https://images.example.com/sira/" });
    const store = await imageStoreFromEnv(env);
    const inBucket = uniqueName();
    await store.save("projects", inBucket, TINY_PNG);
    expect(await store.open("projects", inBucket)).toEqual({
      redirect: `https://images.example.com/sira/portfolio_images/projects/${inBucket}`,
    });
    const onDisk = uniqueName();
    await createDiskImageStore(env.dataDir).save("projects", onDisk, TINY_PNG);
    expect((await bytesOf(await store.open("projects", onDisk))).equals(TINY_PNG)).toBe(true);
  });

  it("says the storage is unavailable, not that a file is missing, while the bucket is down", async () => {
    const store = await imageStoreFromEnv(s3Env());
    const name = uniqueName();
    await store.save("projects", name, TINY_PNG);
    await s3.stop();
    try {
      await expect(store.ready()).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(store.open("projects", name)).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(store.exists("projects", name)).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(store.save("projects", uniqueName(), TINY_PNG)).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
    } finally {
      await s3.start();
    }
    expect(await store.exists("projects", name)).toBe(true);
    await expect(store.ready()).resolves.toBeUndefined();
  });

  it("refuses a bucket that does not exist as not ready", async () => {
    const store = await imageStoreFromEnv(s3Env({ S3_BUCKET: "no-such-bucket" }));
    await expect(store.ready()).rejects.toBeInstanceOf(Error);
  });
});
