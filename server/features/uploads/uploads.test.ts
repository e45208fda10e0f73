import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { apiErrorTexts } from "#core/api-errors.ts";
import { variantName } from "#core/images.ts";
import { makeApp, signIn, type TestApp } from "#tests/helpers/app.ts";
import { backends, migrationsFolder, useTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { insertProject } from "#tests/helpers/seed.ts";
import { createDb } from "#db/client.ts";
import { imageVariants, variantJobs } from "#db/schema.ts";
import { createDiskImageStore } from "#server/kernel/storage/disk-store.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { MAX_UPLOAD_BYTES } from "./service.ts";

const en = apiErrorTexts.en;

// Real images, made the way a camera or an editor would, so the server's decoder sees real files.
const solid = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: "#3b82f6" } });
const makePng = (width?: number, height?: number) => solid(width, height).png().toBuffer();
const makeJpeg = () => solid().jpeg().toBuffer();
const makeWebp = () => solid().webp().toBuffer();
const makeGif = () => solid().gif().toBuffer();
async function makeAnimatedGif() {
  const frame = (background: string) =>
    sharp({ create: { width: 20, height: 20, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp([await frame("#ff0000"), await frame("#00ff00")], { join: { animated: true } })
    .gif({ delay: [100, 250], loop: 0 })
    .toBuffer();
}

/** A valid PNG whose header declares `size`×`size` pixels, with a few bytes of compressed rows. */
function pngBomb(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc((size + 1) * 64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

interface UploadOptions {
  name?: string;
  type?: string;
  folder?: string;
  cookie?: string;
}

/** A multipart upload as the admin page sends it: same-origin, with the session cookie. */
function upload(app: TestApp, bytes: Uint8Array | null, options: UploadOptions = {}) {
  const form = new FormData();
  if (bytes)
    form.set(
      "file",
      new File([new Uint8Array(bytes)], options.name ?? "name.png", { type: options.type ?? "" }),
    );
  form.set("folder", options.folder ?? "projects");
  return app.request("/api/uploads", {
    method: "POST",
    headers: sameOrigin(options.cookie),
    body: form,
  });
}

function sameOrigin(cookie?: string): Record<string, string> {
  return {
    Origin: "http://localhost",
    "Sec-Fetch-Site": "same-origin",
    ...(cookie ? { Cookie: cookie } : {}),
  };
}

interface Stored {
  path: string;
  url: string;
}

describe.each(backends)("image uploads on $name", (backend) => {
  const database = useTestDatabase(backend);

  async function signedIn(db: TestDatabase = database()) {
    const made = makeApp(db);
    const cookie = await signIn(made.app, db);
    const storedFile = (stored: Stored) =>
      path.join(made.dataDir, "storage", "portfolio_images", stored.path);
    const send = (bytes: Uint8Array | null, options: UploadOptions = {}) =>
      upload(made.app, bytes, { cookie, ...options });
    async function store(bytes: Uint8Array, options: UploadOptions = {}) {
      const response = await send(bytes, options);
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as Stored;
    }
    /** Waits for the variants the uploads so far queued (made in the background). */
    const variantsMade = () => made.app.services.uploads.variants.runOnce();
    return { ...made, cookie, send, store, storedFile, variantsMade };
  }

  it("refuses uploads and removals without a session", async () => {
    const { app } = makeApp(database());
    const posted = await upload(app, await makePng());
    expect(posted.status).toBe(401);
    expect(await posted.json()).toEqual({ error: en.unauthorized });
    const deleted = await app.request("/api/uploads/projects/1_name.png", {
      method: "DELETE",
      headers: sameOrigin(),
    });
    expect(deleted.status).toBe(401);
  });

  it.each([
    ["PNG", makePng, "png", "image/png"],
    ["JPEG", makeJpeg, "jpg", "image/jpeg"],
    ["WebP", makeWebp, "webp", "image/webp"],
    ["GIF", makeGif, "gif", "image/gif"],
  ])("stores a %s under a timestamped name and serves it as an image", async (_, make, extension, type) => {
    const { app, store, storedFile, logger } = await signedIn();
    const before = Date.now();
    const stored = await store(await make(), { name: `name.${extension}`, folder: "articles" });

    const name = stored.path.slice("articles/".length);
    expect(stored.path).toMatch(new RegExp(`^articles/\\d+_name\\.${extension}$`));
    expect(Number(name.split("_")[0])).toBeGreaterThanOrEqual(before);
    expect(stored.url).toBe(`/storage/portfolio_images/${stored.path}`);
    expect(existsSync(storedFile(stored))).toBe(true);
    expect(logger.lines).toContainEqual(expect.stringContaining(`"path":"${stored.path}"`));

    const served = await app.request(stored.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe(type);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const body = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get("content-length")).toBe(String(body.length));
    expect(body.equals(readFileSync(storedFile(stored)))).toBe(true);

    const head = await app.request(stored.url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(body.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  describe("hostile or unusual files", () => {
    it("refuses an HTML page named .png", async () => {
      const html = new TextEncoder().encode("<!doctype html><script>alert(document.cookie)</script>");
      const response = await (await signedIn()).send(html, { name: "cat.png", type: "image/png" });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ error: en.uploadUnsupported });
    });

    it("refuses an SVG with a script, named .png and declared image/png", async () => {
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const response = await (await signedIn()).send(svg, { name: "logo.png", type: "image/png" });
      expect(response.status).toBe(415);
    });

    it.each([
      ["a PDF", "%PDF-1.7\n1 0 obj << >> endobj\n"],
      ["plain text", "just some words"],
    ])("refuses %s named .png", async (_, text) => {
      const response = await (await signedIn()).send(new TextEncoder().encode(text), { name: "x.png" });
      expect(response.status).toBe(415);
    });

    it("refuses a PNG signature followed by garbage as a broken image", async () => {
      const png = await makePng();
      const broken = Buffer.concat([png.subarray(0, 8), Buffer.from("not really an image at all")]);
      const response = await (await signedIn()).send(broken);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ error: en.uploadBroken });
    });

    it("stores a PNG with a script appended as the picture alone", async () => {
      const { store, storedFile } = await signedIn();
      const polyglot = Buffer.concat([await makePng(), Buffer.from("<script>alert(1)</script>")]);
      const stored = await store(polyglot);
      const bytes = readFileSync(storedFile(stored));
      expect(bytes.includes("<script>")).toBe(false);
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: "png", width: 40, height: 30 });
    });

    it("strips EXIF (GPS position, camera) from a JPEG and turns it upright", async () => {
      const { store, storedFile } = await signedIn();
      const photo = await solid()
        .jpeg()
        .withExif({
          IFD0: { Make: "PhoneMaker" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "30/1 2/1 0/1", GPSLongitudeRef: "E" },
        })
        // Taken with the phone on its side: the pixels lie sideways and EXIF says to turn them.
        .withMetadata({ orientation: 6 })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();

      const bytes = readFileSync(storedFile(await store(photo, { name: "holiday.jpg" })));
      expect(bytes.includes("PhoneMaker")).toBe(false);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata).toMatchObject({ format: "jpeg", width: 30, height: 40 });
    });

    it("refuses a pixel bomb from its header, at once", async () => {
      const { send } = await signedIn();
      const bomb = pngBomb(30_000);
      expect(bomb.length).toBeLessThan(100_000);
      const started = performance.now();
      const response = await send(bomb, { name: "bomb.png" });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        error: "The image has too many pixels: at most 40 megapixels.",
      });
      expect(performance.now() - started).toBeLessThan(2_000);
    });

    it("scales a very large picture down to 2560 pixels", async () => {
      const { store, storedFile } = await signedIn();
      const stored = await store(await makePng(4000, 1000));
      const metadata = await sharp(readFileSync(storedFile(stored))).metadata();
      expect(metadata).toMatchObject({ width: 2560, height: 640 });
    });

    it("keeps an animated GIF animated", async () => {
      const { store, storedFile } = await signedIn();
      const stored = await store(await makeAnimatedGif(), { name: "spinner.gif" });
      const metadata = await sharp(readFileSync(storedFile(stored)), { animated: true }).metadata();
      expect(metadata).toMatchObject({ format: "gif", pages: 2, delay: [100, 250] });
    });

    it("refuses an empty file", async () => {
      const response = await (await signedIn()).send(new Uint8Array(0));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: en.uploadEmpty });
    });

    it.each([
      ["just over 10 MiB", MAX_UPLOAD_BYTES + 1],
      ["far over 10 MiB", MAX_UPLOAD_BYTES * 2],
    ])("refuses a file %s", async (_, size) => {
      const big = new Uint8Array(size);
      big.set(await makePng());
      const response = await (await signedIn()).send(big);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: "The image is larger than 10 MB." });
    });

    it("stores a JPEG named photo.png as photo.jpg, served as a JPEG", async () => {
      const { app, store } = await signedIn();
      const stored = await store(await makeJpeg(), { name: "photo.png", type: "image/png" });
      expect(stored.path).toMatch(/^projects\/\d+_photo\.jpg$/);
      const served = await app.request(stored.url);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
    });

    it.each([
      ["a path up the tree", "../../etc/passwd.png", /^\d+_\.\._\.\._etc_passwd\.png$/],
      ["a Windows path", "..\\..\\x.png", /^\d+_\.\._\.\._x\.png$/],
      ["an Arabic name", "صورة.png", /^\d+_____\.png$/],
      ["an emoji", "📷 cat.png", /^\d+___cat\.png$/],
      ["a right-to-left override", "gnp.exe\u202E.png", /^\d+_gnp\.exe_\.png$/],
      ["a NUL", "a\u0000b.png", /^\d+_a_b\.png$/],
      ["500 characters", `${"a".repeat(496)}.png`, /^\d+_a+\.png$/],
    ])("stores %s as a safe name inside the folder", async (_, name, expected) => {
      const { app, store, dataDir, variantsMade } = await signedIn();
      const stored = await store(await makePng(), { name });
      await variantsMade();
      const [folder, storedName, ...rest] = stored.path.split("/");
      expect(rest).toEqual([]);
      expect(folder).toBe("projects");
      expect(storedName).toMatch(expected);
      expect(storedName!.length).toBeLessThanOrEqual(140);
      // The file, and its variants beside it (40 pixels wide: one width, two formats).
      expect(readdirSync(path.join(dataDir, "storage", "portfolio_images", "projects")).sort()).toEqual(
        [storedName!, variantName(storedName!, 40, "avif"), variantName(storedName!, 40, "webp")].sort(),
      );
      expect((await app.request(stored.url)).status).toBe(200);
    });

    it.each([
      ["no file", false, "projects", "uploadNoFile"],
      ["a folder outside the bucket", true, "../x", "uploadBadFolder"],
      ["an unknown folder", true, "avatars", "uploadBadFolder"],
    ] as const)("answers %s with 400", async (_, withFile, folder, key) => {
      const response = await (await signedIn()).send(withFile ? await makePng() : null, { folder });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: en[key] });
    });

    it("answers in Arabic when the visitor reads the site in Arabic", async () => {
      const { send, cookie } = await signedIn();
      const response = await send(new TextEncoder().encode("<html></html>"), {
        cookie: `${cookie}; language=ar`,
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ error: "يمكن رفع صور PNG وJPEG وWebP وGIF فقط." });
    });
  });

  describe("responsive variants", () => {
    it("stores AVIF and WebP at the standard widths below the original and at its own, each that wide", async () => {
      const { app, store, variantsMade } = await signedIn();
      const stored = await store(await makePng(2400, 1600), { name: "cover.png", folder: "articles" });
      await variantsMade();
      const name = stored.path.split("/")[1]!;
      const [row] = await database().db.select().from(imageVariants);
      expect(row).toMatchObject({
        url: stored.url,
        width: 2400,
        height: 1600,
        widths: [320, 640, 960, 1280, 1920, 2400],
      });
      const placeholder = Buffer.from(row!.placeholder.replace(/^data:image\/webp;base64,/, ""), "base64");
      expect((await sharp(placeholder).metadata()).width).toBe(16);
      for (const width of row!.widths)
        for (const [format, type] of [
          ["avif", "image/avif"],
          ["webp", "image/webp"],
        ] as const) {
          const served = await app.request(
            `/storage/portfolio_images/articles/${variantName(name, width, format)}`,
          );
          expect(served.status).toBe(200);
          expect(served.headers.get("content-type")).toBe(type);
          const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
          expect(metadata.format).toBe(format === "avif" ? "heif" : "webp");
          expect(metadata.width).toBe(width);
        }
    });

    it("never makes a variant wider than the original, and none of an animation", async () => {
      const { store, variantsMade } = await signedIn();
      await store(await makePng(500, 300), { name: "small.png" });
      await store(await makeAnimatedGif(), { name: "moving.gif" });
      await variantsMade();
      const rows = await database().db.select().from(imageVariants);
      expect(rows.map((row) => [row.width, row.widths])).toEqual(
        expect.arrayContaining([
          [500, [320, 500]],
          [20, []],
        ]),
      );
    });

    it("removes the variants and their record with the file", async () => {
      const { app, store, cookie, dataDir, variantsMade } = await signedIn();
      const stored = await store(await makePng(700, 400));
      await variantsMade();
      const folder = path.join(dataDir, "storage", "portfolio_images", "projects");
      expect(readdirSync(folder)).toHaveLength(1 + 2 * 3);
      const response = await app.request(`/api/uploads/${stored.path}`, {
        method: "DELETE",
        headers: sameOrigin(cookie),
      });
      expect(response.status).toBe(204);
      expect(readdirSync(folder)).toEqual([]);
      expect(await database().db.select().from(imageVariants)).toEqual([]);
    });

    it("answers before the variants exist; a server started later over the same data makes them", async () => {
      const first = await signedIn();
      // The server stops before its queue gets to the upload, as when it is restarted right after one.
      await first.app.services.uploads.variants.stop();
      const stored = await first.store(await makePng(700, 400), { name: "fresh.png" });
      const status = () =>
        first.app.request(`/api/uploads/${stored.path}/variants`, { headers: sameOrigin(first.cookie) });
      const folder = path.join(first.dataDir, "storage", "portfolio_images", "projects");
      expect(readdirSync(folder)).toEqual([stored.path.split("/")[1]]);
      expect(await database().db.select().from(imageVariants)).toEqual([]);
      // Pages show the stored file alone meanwhile: no srcset names a file that is not there yet.
      expect(await first.app.services.uploads.info([stored.url])).toEqual({});
      expect(await (await status()).json()).toEqual({ state: "pending", widths: [] });

      const images = createDiskImageStore(first.dataDir);
      const { app } = makeApp(database(), {}, { images });
      await app.services.uploads.variants.runOnce();
      expect(readdirSync(folder)).toHaveLength(1 + 2 * 3);
      const info = await app.services.uploads.info([stored.url]);
      expect(info[stored.url]).toMatchObject({ width: 700, height: 400, widths: [320, 640, 700] });
      expect(await (await status()).json()).toEqual({ state: "ready", widths: [320, 640, 700] });
      expect(await database().db.select().from(variantJobs)).toEqual([]);
    });

    it("takes up at the next start a job a crashed process was making, not after its claim lapses", async () => {
      const { app, store, dataDir } = await signedIn();
      await app.services.uploads.variants.stop();
      const crashed = await store(await makePng(700, 400), { name: "crashed.png" });
      const elsewhere = await store(await makePng(700, 400), { name: "elsewhere.png" });
      const samePid = await store(await makePng(700, 400), { name: "same-pid.png" });
      // A process of this machine claimed the first job and died in its middle; another machine holds the second;
      // an earlier run under this very pid (a container's restarted process) held the third.
      const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;
      const claimed = (url: string, claimedBy: string) =>
        database()
          .db.update(variantJobs)
          .set({ attempts: 1, run_after: new Date(Date.now() + 10 * 60_000), claimed_by: claimedBy })
          .where(eq(variantJobs.url, url));
      await claimed(crashed.url, `${hostname()} ${deadPid}`);
      await claimed(elsewhere.url, "another-machine 4242");
      await claimed(samePid.url, `${hostname()} ${process.pid} earlier`);

      const { app: restarted } = makeApp(database(), {}, { images: createDiskImageStore(dataDir) });
      await restarted.services.uploads.variants.runOnce();
      const info = await restarted.services.uploads.info([crashed.url, elsewhere.url, samePid.url]);
      expect(info[crashed.url]).toMatchObject({ widths: [320, 640, 700] });
      expect(info[samePid.url]).toMatchObject({ widths: [320, 640, 700] });
      expect(info[elsewhere.url]).toBeUndefined();
      expect((await database().db.select().from(variantJobs)).map((job) => job.url)).toEqual([elsewhere.url]);
    });

    it("drops the waiting job with an upload removed before its variants were made", async () => {
      const { app, store, cookie, dataDir } = await signedIn();
      await app.services.uploads.variants.stop();
      const stored = await store(await makePng(700, 400));
      const response = await app.request(`/api/uploads/${stored.path}`, {
        method: "DELETE",
        headers: sameOrigin(cookie),
      });
      expect(response.status).toBe(204);
      expect(await database().db.select().from(variantJobs)).toEqual([]);
      const { app: next } = makeApp(database(), {}, { images: createDiskImageStore(dataDir) });
      await next.services.uploads.variants.runOnce();
      expect(readdirSync(path.join(dataDir, "storage", "portfolio_images", "projects"))).toEqual([]);
      expect(await database().db.select().from(imageVariants)).toEqual([]);
    });

    it.runIf(backend.name === "postgres")("makes each variant once with two instances at work", async () => {
      const { app, store, dataDir } = await signedIn();
      await app.services.uploads.variants.stop();
      for (const color of ["a", "b", "c", "d"])
        await store(await makePng(700, 400), { name: `${color}.png` });
      const second = await createDb({ databaseUrl: database().url!, migrationsFolder });
      try {
        const saved: string[] = [];
        const counting = (store: ImageStore): ImageStore => ({
          ...store,
          save: (folder, name, bytes) => {
            saved.push(`${folder}/${name}`);
            return store.save(folder, name, bytes);
          },
        });
        const disk = createDiskImageStore(dataDir);
        const instances = [
          makeApp(database(), {}, { images: counting(disk) }),
          makeApp({ ...database(), db: second.db }, {}, { images: counting(disk) }),
        ];
        await Promise.all(instances.map(({ app }) => app.services.uploads.variants.runOnce()));
        // Four uploads, three widths each in two formats: each file written once, each job done by one instance.
        expect(saved).toHaveLength(4 * 3 * 2);
        expect(new Set(saved).size).toBe(saved.length);
        const made = instances.flatMap(({ logger }) =>
          logger.lines.filter((line) => line.includes("variants made")),
        );
        expect(made).toHaveLength(4);
        expect(await database().db.select().from(imageVariants)).toHaveLength(4);
        expect(await database().db.select().from(variantJobs)).toEqual([]);
      } finally {
        await second.close();
      }
    });
  });

  describe("serving", () => {
    it("lets the admin page preview a chosen image before it is uploaded (blob: images)", async () => {
      const response = await makeApp(database()).app.request("/no-such-page");
      expect(response.headers.get("content-security-policy")).toMatch(/img-src [^;]*blob:/);
    });

    it.each([
      "/storage/portfolio_images/projects/..%2F..%2Fsecret.png",
      "/storage/portfolio_images/projects/..%2f..%2fsecret.png",
      "/storage/portfolio_images/..%2F..%2Fsecret.png",
      "/storage/portfolio_images/projects/%2E%2E%2F%2E%2E%2Fsecret.png",
      "/storage/portfolio_images/projects/..%5C..%5Csecret.png",
      "/storage/portfolio_images/projects/..%2F..%2F..%2Fetc%2Fpasswd",
      "/storage/portfolio_images/storage/1_secret.png",
      "/storage/portfolio_images/projects/1_missing.png",
      "/storage/portfolio_images/projects/",
      "/storage/portfolio_images/projects/a/b/1_x.png",
    ])("answers %s with a plain 404", async (url) => {
      const { app, dataDir } = makeApp(database());
      // A file right beside the bucket, where a path up the tree would land.
      mkdirSync(path.join(dataDir, "storage"), { recursive: true });
      writeFileSync(path.join(dataDir, "storage", "secret.png"), await makePng());
      const response = await app.request(url);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    });

    // Refused before any route (docs/product.md §20): a 400 here, the site's not-found page where pages are served.
    it("answers a name with a NUL (1_a.png%00.png) as a malformed address, never with the image", async () => {
      const { app, dataDir } = makeApp(database());
      mkdirSync(path.join(dataDir, "storage", "portfolio_images", "projects"), { recursive: true });
      writeFileSync(
        path.join(dataDir, "storage", "portfolio_images", "projects", "1_a.png"),
        await makePng(),
      );
      const response = await app.request("/storage/portfolio_images/projects/1_a.png%00.png");
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).not.toMatch(/^image\//);
    });
  });

  describe("DELETE /api/uploads/:folder/:name", () => {
    it("removes an unused upload, which is then gone", async () => {
      const { app, store, storedFile, cookie } = await signedIn();
      const stored = await store(await makePng());
      const response = await app.request(`/api/uploads/${stored.path}`, {
        method: "DELETE",
        headers: sameOrigin(cookie),
      });
      expect(response.status).toBe(204);
      expect(existsSync(storedFile(stored))).toBe(false);
      expect((await app.request(stored.url)).status).toBe(404);
    });

    it("keeps an image a project still shows", async () => {
      const { app, store, storedFile, cookie } = await signedIn();
      const stored = await store(await makePng());
      await insertProject(database().db, { image_url: stored.url });
      const response = await app.request(`/api/uploads/${stored.path}`, {
        method: "DELETE",
        headers: sameOrigin(cookie),
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: en.uploadInUse });
      expect(existsSync(storedFile(stored))).toBe(true);
      expect((await app.request(stored.url)).status).toBe(200);
    });

    it.each(["projects/1_missing.png", "projects/..%2F..%2Fsecret.png", "avatars/1_a.png"])(
      "answers 404 for %s",
      async (target) => {
        const { app, cookie } = await signedIn();
        const response = await app.request(`/api/uploads/${target}`, {
          method: "DELETE",
          headers: sameOrigin(cookie),
        });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: en.uploadNotFound });
      },
    );
  });
});
