import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorTexts } from "#core/api-errors.ts";
import { loadEnv } from "#server/kernel/env.ts";
import { imageStoreFromEnv, type ImageStore } from "#server/kernel/storage/image-store.ts";
import { jsonRequest, makeApp, OWNER_PASSWORD, ownerRequests, signIn } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { startS3, type TestS3 } from "#tests/helpers/s3.ts";

// Every write path of uploads with S3_BUCKET set (docs/architecture.md "Storage"), through the real app and a
// real S3 protocol server: upload, serve, replace, delete, removal of what nothing uses, backup and restore, and
// what the owner and the log see while the bucket is down.

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
});

const png = (background = "#3b82f6") =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(backends)("uploads in an S3 bucket, on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function owner() {
    const env = { ...s3.env, S3_BUCKET: s3.env.S3_BUCKET! };
    const images: ImageStore = await imageStoreFromEnv(loadEnv({ DATA_DIR: "/nonexistent-sira", ...env }));
    const made = makeApp(database(), env, { images });
    const cookie = await signIn(made.app, database());
    const send = ownerRequests(made.app, () => cookie);
    const upload = async (bytes: Buffer, folder = "projects", name = "photo.png") => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(bytes)], name));
      form.set("folder", folder);
      const response = await made.app.request("/api/uploads", {
        method: "POST",
        body: form,
        headers: { Cookie: cookie, Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
      });
      return { status: response.status, body: (await response.json()) as { url: string; path: string } };
    };
    const inBucket = async (url: string) => {
      const [folder, name] = url.replace("/storage/portfolio_images/", "").split("/") as ["projects", string];
      return images.exists(folder, name);
    };
    return { ...made, images, cookie, send, upload, inBucket };
  }

  it("stores an upload in the bucket, not on the disk, and serves it from there", async () => {
    const { app, upload, inBucket, dataDir } = await owner();
    const bytes = await png();
    const stored = await upload(bytes);
    expect(stored.status).toBe(201);
    expect(stored.body.url).toMatch(/^\/storage\/portfolio_images\/projects\/\d+_photo\.png$/);
    expect(await inBucket(stored.body.url)).toBe(true);
    expect(existsSync(path.join(dataDir, "storage"))).toBe(false);
    const objects = readdirSync(path.join(s3.directory, s3.env.S3_BUCKET!, "portfolio_images", "projects"));
    expect(objects.some((file) => file.startsWith(stored.body.path.slice("projects/".length)))).toBe(true);

    const served = await app.request(stored.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get("content-length")).toBe(String(body.length));
    expect((await sharp(body).metadata()).width).toBe(40);
    const head = await app.request(stored.body.url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(body.length));
    expect((await app.request("/storage/portfolio_images/projects/1_missing.png")).status).toBe(404);
  });

  it("removes the old image on replace, the image of a deleted project, and an unused upload", async () => {
    const { app, send, upload, inBucket, cookie } = await owner();
    const first = (await upload(await png())).body.url;
    const second = (await upload(await png("#ef4444"))).body.url;
    const alt = { image_alt_en: "A chart", image_alt_ar: "رسم بياني" };
    const created = await send("POST", "/api/projects", { title: "Charts", image_url: first, ...alt });
    expect(created.status).toBe(201);
    const id = created.body!.id as string;
    const replaced = await send("PUT", `/api/projects/${id}`, { title: "Charts", image_url: second, ...alt });
    expect(replaced.status).toBe(200);
    expect(await inBucket(first)).toBe(false);
    expect(await inBucket(second)).toBe(true);
    expect((await send("DELETE", `/api/projects/${id}`)).status).toBe(204);
    expect(await inBucket(second)).toBe(false);

    const unused = await upload(await png(), "articles");
    const removed = await app.request(
      `/api/uploads/${unused.body.path}`,
      jsonRequest("DELETE", undefined, cookie),
    );
    expect(removed.status).toBe(204);
    expect(await inBucket(unused.body.url)).toBe(false);
  });

  it("takes the bucket's images into a backup and brings them back into an empty bucket", async () => {
    const { app, send, upload, cookie } = await owner();
    const image = (await upload(await png(), "site", "me.png")).body.url;
    await send("POST", "/api/projects", { title: "Kept", image_url: null });
    await send("POST", "/api/articles", {
      title_en: "Covered",
      content_en: "<p>x</p>",
      status: "published",
    });
    const settings = await send("GET", "/api/settings");
    await send("PUT", "/api/settings", {
      ...(settings.body as object),
      portrait: { url: image, alt: { en: "Me", ar: "أنا" } },
    });
    const archive = Buffer.from(
      await (await app.request("/api/backup", { headers: { Cookie: cookie } })).arrayBuffer(),
    );

    const other = await startS3("sira-restored");
    try {
      const images = await imageStoreFromEnv(loadEnv({ DATA_DIR: "/nonexistent-sira", ...other.env }));
      await database().clear();
      const fresh = makeApp(database(), other.env, { images });
      const freshCookie = await signIn(fresh.app, database());
      const form = new FormData();
      form.set("file", new File([new Uint8Array(archive)], "backup.zip", { type: "application/zip" }));
      form.set("password", OWNER_PASSWORD);
      const restored = await fresh.app.request("/api/backup/restore", {
        method: "POST",
        body: form,
        headers: { Cookie: freshCookie, Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
      });
      expect(restored.status, await restored.clone().text()).toBe(200);
      const name = image.split("/").pop()!;
      expect(await images.exists("site", name)).toBe(true);
      expect((await fresh.app.request(image)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("while the bucket is down: uploads get a clear 503 in the owner's language, removals are logged, /readyz says so", async () => {
    const { app, send, upload, logger, inBucket } = await owner();
    const kept = (await upload(await png())).body.url;
    const created = await send("POST", "/api/projects", {
      title: "Soon gone",
      image_url: kept,
      image_alt_en: "A",
      image_alt_ar: "أ",
    });
    await s3.stop();
    try {
      const refused = await upload(await png());
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ error: apiErrorTexts.en.storageUnavailable });
      const arabic = await send(
        "POST",
        "/api/projects",
        { title: "X", image_url: kept, image_alt_en: "A", image_alt_ar: "أ" },
        "ar",
      );
      expect(arabic.status).toBe(503);
      expect(arabic.body).toEqual({ error: apiErrorTexts.ar.storageUnavailable });

      // The owner's delete is saved; the file it leaves behind is logged, as the product says.
      expect((await send("DELETE", `/api/projects/${created.body!.id as string}`)).status).toBe(204);
      expect(logger.lines).toContainEqual(
        expect.stringMatching(/^error Error deleting image .*"url":"\/storage/),
      );
      expect(logger.lines).toContainEqual(expect.stringMatching(/^error image storage unavailable /));

      const served = await app.request(kept);
      expect(served.status).toBe(503);
      const ready = await app.request("/readyz");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable", database: "ok", storage: "unavailable" });
      expect(logger.lines).toContainEqual(expect.stringMatching(/^warn not ready .*"part":"storage"/));
    } finally {
      await s3.start();
    }
    expect((await app.request("/readyz")).status).toBe(200);
    // The removal that failed left the file; nothing points at it any more.
    expect(await inBucket(kept)).toBe(true);
  });
});
