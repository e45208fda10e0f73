import { createHash } from "node:crypto";
import { PassThrough, type Readable } from "node:stream";
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import yauzl from "yauzl";
import yazl from "yazl";
import { imageUrl, isImageFolder, isStoredImageName, isVariantName, type ImageFolder } from "#core/images.ts";
import type { Database } from "#db/client.ts";
import {
  articles,
  imageVariants,
  messages,
  projectImages,
  projects,
  siteSettings,
  slugHistory,
  testimonials,
  variantJobs,
} from "#db/schema.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";

// The site in one zip (docs/product.md §19): every table of content as JSON (projects, articles, settings,
// messages), every stored image, and a manifest naming the format, its version and the SHA-256 of every entry.
// Sessions, sign-in limits and the owner's password are not content and stay out. Restoring checks the whole
// archive before touching anything, then replaces the content in one transaction: all or nothing.

export const BACKUP_FORMAT = "sira-backup";
export const BACKUP_VERSION = 1;
/** The largest archive a restore reads. */
export const MAX_BACKUP_BYTES = 1024 * 1024 * 1024;

/** The tables a backup holds, in the order a restore inserts them. */
const TABLES = {
  projects,
  project_images: projectImages,
  testimonials,
  articles,
  site_settings: siteSettings,
  messages,
  image_variants: imageVariants,
  // The addresses items had before (decision 043): a restored site answers them as the backed-up one did.
  slug_history: slugHistory,
} as const;
type TableName = keyof typeof TABLES;
const TABLE_NAMES = Object.keys(TABLES) as TableName[];
/** Tables a backup made before they existed lacks: restored as empty (variants can be made again). */
const LATER_TABLES: readonly TableName[] = [
  "image_variants",
  "slug_history",
  "project_images",
  "testimonials",
];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** Rows per table. */
  tables: Record<TableName, number>;
  /** Every entry of the archive but the manifest, with its SHA-256 (hex) and size. */
  entries: { path: string; sha256: string; bytes: number }[];
}

export interface BackupDeps {
  db: Database;
  images: ImageStore;
  logger: Logger;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A row as JSON keeps it: dates as ISO strings. */
const toJson = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

/** The whole site as a zip stream, and the manifest it ends with. */
export async function createBackup(
  deps: BackupDeps,
): Promise<{ stream: Readable; manifest: BackupManifest }> {
  const zip = new yazl.ZipFile();
  const entries: BackupManifest["entries"] = [];
  const add = (path: string, bytes: Buffer) => {
    entries.push({ path, sha256: sha256(bytes), bytes: bytes.length });
    zip.addBuffer(bytes, path, { mtime: new Date(0) });
  };
  const counts = {} as Record<TableName, number>;
  // One snapshot of every table: a write during the backup is either all in it or not at all.
  await deps.db.transaction(
    async (tx) => {
      for (const name of TABLE_NAMES) {
        const rows = (await tx.select().from(TABLES[name])) as Record<string, unknown>[];
        counts[name] = rows.length;
        add(`data/${name}.json`, Buffer.from(JSON.stringify(rows.map(toJson), null, 1)));
      }
    },
    { isolationLevel: "repeatable read" },
  );
  for (const image of await deps.images.list()) {
    add(`images/${image.folder}/${image.name}`, await deps.images.read(image.folder, image.name));
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    tables: counts,
    entries,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), "manifest.json", { mtime: new Date(0) });
  zip.end();
  const stream = new PassThrough();
  zip.outputStream.pipe(stream);
  return { stream, manifest };
}

/** Every entry of a zip, read into memory (archives are bounded by MAX_BACKUP_BYTES). */
function readZip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("not a zip"));
      const files = new Map<string, Buffer>();
      zip.on("error", reject);
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("unreadable entry"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A checked archive, ready to restore. */
export interface CheckedBackup {
  manifest: BackupManifest;
  rows: Record<TableName, Record<string, unknown>[]>;
  images: { folder: ImageFolder; name: string; bytes: Buffer }[];
}

const refuse = (): never => {
  throw new ServiceError(422, "backupInvalid", { path: "file" });
};

/**
 * Reads and checks a whole archive: ours, of a version we know, every entry present and intact, nothing else in
 * it, the images under names we could have stored. Anything else is refused before the site is touched.
 */
export async function checkBackup(archive: Buffer): Promise<CheckedBackup> {
  const files = await readZip(archive).catch(refuse);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(files.get("manifest.json")?.toString("utf8") ?? "") as BackupManifest;
  } catch {
    return refuse();
  }
  if (manifest?.format !== BACKUP_FORMAT) return refuse();
  if (typeof manifest.version !== "number" || manifest.version > BACKUP_VERSION)
    throw new ServiceError(422, "backupVersion", { path: "file" });
  if (!Array.isArray(manifest.entries) || files.size !== manifest.entries.length + 1) return refuse();
  const rows = {} as CheckedBackup["rows"];
  const images: CheckedBackup["images"] = [];
  for (const entry of manifest.entries) {
    const bytes = files.get(entry.path);
    if (!bytes || sha256(bytes) !== entry.sha256) return refuse();
    const table = /^data\/(\w+)\.json$/.exec(entry.path)?.[1];
    const image = /^images\/([a-z]+)\/([^/]+)$/.exec(entry.path);
    if (table && (TABLE_NAMES as string[]).includes(table)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(bytes.toString("utf8"));
      } catch {
        return refuse();
      }
      if (!Array.isArray(parsed) || !parsed.every((row) => typeof row === "object" && row !== null))
        return refuse();
      rows[table as TableName] = parsed as Record<string, unknown>[];
    } else if (image && isImageFolder(image[1]) && isStoredImageName(image[2]!)) {
      images.push({ folder: image[1], name: image[2]!, bytes });
    } else {
      return refuse();
    }
  }
  for (const name of LATER_TABLES) rows[name] ??= [];
  if (!TABLE_NAMES.every((name) => rows[name])) return refuse();
  return { manifest, rows, images };
}

/** A row from JSON back to what its table takes: ISO strings to dates in timestamp columns. */
function fromJson(table: PgTable, row: Record<string, unknown>) {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => Object.hasOwn(columns, key))
      .map(([key, value]) => [
        key,
        columns[key]!.dataType === "date" && typeof value === "string" ? new Date(value) : value,
      ]),
  );
}

/** Whether the site has any content a restore would replace. */
export async function siteHasContent(db: Database): Promise<boolean> {
  for (const name of TABLE_NAMES) {
    // Variants only describe files, and old addresses only point at items: neither is content by itself.
    if (name === "image_variants" || name === "slug_history") continue;
    const [row] = await db.select().from(TABLES[name]).limit(1);
    if (row) return true;
  }
  return false;
}

/**
 * Replaces the site's content with a checked archive's. Over a site with content only when `replace` is given
 * (409 otherwise). Images are written first (new names only add files), then every table is replaced in one
 * transaction; when it fails the new files go and the site is as it was. Once it has committed, stored images the
 * archive does not hold are removed.
 */
export async function restoreBackup(
  deps: BackupDeps,
  backup: CheckedBackup,
  options: { replace: boolean },
): Promise<BackupManifest["tables"]> {
  if (!options.replace && (await siteHasContent(deps.db))) throw new ServiceError(409, "backupNotEmpty");
  const before = await deps.images.list();
  const existed = new Set(before.map((image) => `${image.folder}/${image.name}`));
  const written: { folder: ImageFolder; name: string }[] = [];
  try {
    for (const image of backup.images) {
      if (existed.has(`${image.folder}/${image.name}`)) {
        const current = await deps.images.read(image.folder, image.name);
        if (current.equals(image.bytes)) continue;
      }
      await deps.images.save(image.folder, image.name, image.bytes);
      if (!existed.has(`${image.folder}/${image.name}`)) written.push(image);
    }
    await deps.db.transaction(async (tx) => {
      for (const name of [...TABLE_NAMES].reverse()) await tx.delete(TABLES[name]);
      for (const name of TABLE_NAMES) {
        const table = TABLES[name] as PgTable;
        const rows = backup.rows[name].map((row) => fromJson(table, row));
        for (let start = 0; start < rows.length; start += 200)
          await tx.insert(table).values(rows.slice(start, start + 200));
      }
      // A restored upload without variants (an older backup, or one made while they were being made) gets them.
      await tx.delete(variantJobs);
      const withVariants = new Set(backup.rows.image_variants.map((row) => String(row.url)));
      const queued = backup.images
        .filter((image) => !isVariantName(image.name))
        .map((image) => imageUrl(image.folder, image.name))
        .filter((url) => !withVariants.has(url));
      for (let start = 0; start < queued.length; start += 200)
        await tx.insert(variantJobs).values(queued.slice(start, start + 200).map((url) => ({ url })));
    });
  } catch (error) {
    for (const image of written) await deps.images.remove(image.folder, image.name).catch(() => undefined);
    deps.logger.error("restore failed; nothing was changed", { error: String(error) });
    throw new ServiceError(422, "backupInvalid", { path: "file" });
  }
  const kept = new Set(backup.images.map((image) => `${image.folder}/${image.name}`));
  for (const image of before) {
    if (!kept.has(`${image.folder}/${image.name}`))
      await deps.images.remove(image.folder, image.name).catch((error: unknown) => {
        deps.logger.error("Error deleting image", { image, error: String(error) });
      });
  }
  deps.logger.info("site restored from a backup", { tables: backup.manifest.tables });
  return Object.fromEntries(
    TABLE_NAMES.map((name) => [name, backup.rows[name].length]),
  ) as BackupManifest["tables"];
}

/** The backup service: the whole site to one zip and back; a restore tells the site its content changed. */
export function createBackups(deps: BackupDeps & { contentChanged: () => void; variantsQueued: () => void }) {
  return {
    async create() {
      const backup = await createBackup(deps);
      deps.logger.info("backup downloaded");
      return backup;
    },
    /** Checks an archive whole, then restores it all or nothing (409 over a site with content, unless `replace`). */
    async restore(archive: Buffer, options: { replace: boolean }) {
      const tables = await restoreBackup(deps, await checkBackup(archive), options);
      deps.contentChanged();
      deps.variantsQueued();
      return tables;
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;
