import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { IMAGE_BUCKET, IMAGE_FOLDERS, isStoredImageName, type ImageFolder } from "#core/images.ts";

// Uploaded images on the local disk, under DATA_DIR/storage/portfolio_images/{projects,articles}. A file is
// written to a temporary name, flushed, then renamed into place, so a crash never leaves half an image under a
// name that a row could point at.

export interface ImageStore {
  /** Absolute folder that holds the bucket (for serving). */
  readonly root: string;
  save(folder: ImageFolder, name: string, bytes: Uint8Array): Promise<void>;
  exists(folder: ImageFolder, name: string): Promise<boolean>;
  /** Removes a stored image; a missing file is not an error. */
  remove(folder: ImageFolder, name: string): Promise<void>;
  /** Absolute path of a stored image, or null when the name is not one we could have stored. */
  filePath(folder: ImageFolder, name: string): string | null;
  /** Every stored image (the backup takes them all). */
  list(): Promise<{ folder: ImageFolder; name: string }[]>;
  read(folder: ImageFolder, name: string): Promise<Buffer>;
  /** Throws when images cannot be stored now (`/readyz`). */
  ready(): Promise<void>;
}

export function createImageStore(dataDir: string): ImageStore {
  const root = path.join(dataDir, "storage", IMAGE_BUCKET);
  const filePath = (folder: ImageFolder, name: string) =>
    isStoredImageName(name) ? path.join(root, folder, name) : null;
  const required = (folder: ImageFolder, name: string) => {
    const file = filePath(folder, name);
    if (!file) throw new Error(`Not a stored image name: ${JSON.stringify(name)}`);
    return file;
  };

  return {
    root,
    filePath,
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
