import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, open, readdir, readFile, rename, rm, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { IMAGE_BUCKET, IMAGE_FOLDERS, isStoredImageName, type ImageFolder } from "#core/images.ts";
import type { ImageStore, OpenedImage } from "./store.ts";

// Uploaded images on the local disk, under DATA_DIR/storage/portfolio_images/{projects,articles}. A file is
// written to a temporary name, flushed, then renamed into place, so a crash never leaves half an image under a
// name that a row could point at.

export function createDiskImageStore(dataDir: string): ImageStore & {
  /** Absolute path of a stored image, or null when the name is not one we could have stored. */
  filePath(folder: ImageFolder, name: string): string | null;
} {
  const root = path.join(dataDir, "storage", IMAGE_BUCKET);
  const filePath = (folder: ImageFolder, name: string) =>
    isStoredImageName(name) ? path.join(root, folder, name) : null;
  const required = (folder: ImageFolder, name: string) => {
    const file = filePath(folder, name);
    if (!file) throw new Error(`Not a stored image name: ${JSON.stringify(name)}`);
    return file;
  };

  return {
    kind: "disk",
    filePath,
    async open(folder, name): Promise<OpenedImage | null> {
      const file = filePath(folder, name);
      if (!file) return null;
      let handle: FileHandle;
      try {
        handle = await open(file, "r");
      } catch {
        return null;
      }
      // Size from the opened file, not the path: a file removed meanwhile is still read whole.
      const stats = await handle.stat().catch(() => null);
      if (!stats?.isFile()) {
        await handle.close();
        return null;
      }
      return {
        size: stats.size,
        stream: () => Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>,
        discard: () => handle.close(),
      };
    },
    async save(folder, name, bytes) {
      const file = required(folder, name);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      const handle = await open(temporary, "wx", 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async exists(folder, name) {
      const file = filePath(folder, name);
      if (!file) return false;
      try {
        return (await stat(file)).isFile();
      } catch {
        return false;
      }
    },
    async remove(folder, name) {
      await rm(required(folder, name), { force: true });
    },
    async list() {
      const found: { folder: ImageFolder; name: string }[] = [];
      for (const folder of IMAGE_FOLDERS) {
        const names = await readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const name of names.sort()) if (isStoredImageName(name)) found.push({ folder, name });
      }
      return found;
    },
    read(folder, name) {
      return readFile(required(folder, name));
    },
    async ready() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
