import { createHash } from "node:crypto";
import { PassThrough, type Readable } from "node:stream";
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import yauzl from "yauzl";
import yazl from "yazl";
import {
  imageUrl,
  isImageFolder,
  isStoredImageName,
  isVariantName,
  MAX_UPLOAD_BYTES,
  type ImageFolder,
} from "#core/images.ts";
import type { Database } from "#db/client.ts";
import {
  articles,
  cvDocument,
  imageVariants,
  messages,
  projectImages,
  projects,
  siteSettings,
  slugHistory,
  testimonials,
  variantJobs,
} from "#db/schema.ts";
import { z } from "#core/zod.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { findRowProblem } from "./rows.ts";

// The site in one zip (docs/product.md §19): every table of content as JSON (projects, articles, settings,
// the CV, messages), every stored image, and a manifest naming the format, its version and the SHA-256 of every entry.
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
  cv_document: cvDocument,
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
  "cv_document",
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

// What a restore inflates is bounded before and while it is read, never by what the zip says of itself: the
// manifest is read first and names every entry and its size; an entry it does not name, or larger than it says or
// than the bound of its kind, is refused, and its inflation stops as soon as it passes the bound. Images are only
// hashed while the archive is checked, and read again one at a time when they are written.

const MIB = 1024 * 1024;
/** The most entries an archive may have: some 16,000 uploads with all their variants. */
const MAX_BACKUP_ENTRIES = 200_000;
/** The largest manifest a restore reads: room for MAX_BACKUP_ENTRIES entries. */
const MAX_MANIFEST_BYTES = 64 * MIB;
/**
 * The largest image a restore takes: an upload is at most MAX_UPLOAD_BYTES, and one of its variants (a new encoding
 * of it, at most as wide) may come out somewhat larger.
 */
export const MAX_BACKUP_IMAGE_BYTES = 2 * MAX_UPLOAD_BYTES;
/**
 * The most table data (all data/*.json together) a restore holds in memory: a quarter of the largest archive, room
 * for tens of thousands of long articles, projects and messages.
 */
export const MAX_BACKUP_DATA_BYTES = MAX_BACKUP_BYTES / 4;

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number(),
  created_at: z.string(),
  tables: z.record(z.string(), z.int().min(0)),
  entries: z
    .array(
      z.object({
        path: z.string().max(300),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        bytes: z.int().min(0),
      }),
    )
    .max(MAX_BACKUP_ENTRIES),
});

/** Refused as not ours, or damaged (422). */
class NotABackup extends Error {}

const refuse = (): never => {
  throw new ServiceError(422, "backupInvalid", { path: "file" });
};

/**
 * Visits the entries of a zip held in memory one at a time, in the order of its central directory (only the
 * directory is read here; an entry's data only when `visit` opens it). Directories are skipped.
 */
function walkZip(
  archive: Buffer,
  visit: (zip: yauzl.ZipFile, entry: yauzl.Entry) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new NotABackup());
      if (zip.entryCount > MAX_BACKUP_ENTRIES + 1) return reject(new NotABackup());
      let failed = false;
      const fail = (cause: Error) => {
        failed = true;
        zip.close();
        reject(cause);
      };
      zip.on("error", (cause: Error) => !failed && fail(cause));
      zip.on("end", () => !failed && resolve());
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        visit(zip, entry).then(() => zip.readEntry(), fail);
      });
      zip.readEntry();
    });
  });
}

/**
 * Inflates one entry as a stream, hashing it, and stops as soon as it passes `limit` bytes, whatever the zip
 * declares. Keeps the bytes only when asked (`keep`).
 */
function inflateEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  limit: number,
  keep: boolean,
): Promise<{ sha256: string; size: number; bytes: Buffer | null }> {
  if (entry.uncompressedSize > limit) return Promise.reject(new NotABackup());
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new NotABackup());
      const hash = createHash("sha256");
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.destroy();
          return reject(new NotABackup());
        }
        hash.update(chunk);
        if (keep) chunks.push(chunk);
      });
      stream.on("error", (cause) => {
        stream.destroy();
        reject(cause);
      });
      stream.on("end", () =>
        resolve({ sha256: hash.digest("hex"), size, bytes: keep ? Buffer.concat(chunks) : null }),
      );
    });
  });
}

/** The archive's manifest, read before any other entry. */
async function readManifest(archive: Buffer): Promise<z.infer<typeof ManifestSchema>> {
  let text = null as string | null;
  await walkZip(archive, async (zip, entry) => {
    if (entry.fileName !== "manifest.json") return;
    if (text !== null) throw new NotABackup();
    text = (await inflateEntry(zip, entry, MAX_MANIFEST_BYTES, true)).bytes!.toString("utf8");
  });
  if (text === null) throw new NotABackup();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new NotABackup();
  }
  if ((parsed as { format?: unknown } | null)?.format !== BACKUP_FORMAT) throw new NotABackup();
  const version = (parsed as { version?: unknown }).version;
  if (typeof version === "number" && version > BACKUP_VERSION)
    throw new ServiceError(422, "backupVersion", { path: "file" });
  const manifest = ManifestSchema.safeParse(parsed);
  if (!manifest.success) throw new NotABackup();
  return manifest.data;
}

/** A checked archive, ready to restore: its rows in memory, its images still in the archive. */
export interface CheckedBackup {
  manifest: BackupManifest;
  rows: Record<TableName, Record<string, unknown>[]>;
  images: { folder: ImageFolder; name: string; sha256: string; bytes: number }[];
  archive: Buffer;
}

/**
 * Reads and checks a whole archive: ours, of a version we know, every entry present and intact, nothing else in
 * it, the images under names we could have stored. Anything else is refused before the site is touched.
 */
export async function checkBackup(archive: Buffer): Promise<CheckedBackup> {
  try {
    return await readBackup(archive);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    return refuse();
  }
}

async function readBackup(archive: Buffer): Promise<CheckedBackup> {
  const manifest = await readManifest(archive);
  // What each entry is, from the manifest alone: a table's rows or an image we could have stored.
  const listed = new Map<string, { sha256: string; bytes: number; table?: TableName; limit: number }>();
  const images: CheckedBackup["images"] = [];
  for (const entry of manifest.entries) {
    if (listed.has(entry.path) || entry.path === "manifest.json") throw new NotABackup();
    const table = /^data\/(\w+)\.json$/.exec(entry.path)?.[1];
    const image = /^images\/([a-z]+)\/([^/]+)$/.exec(entry.path);
    if (table && (TABLE_NAMES as string[]).includes(table)) {
      listed.set(entry.path, { ...entry, table: table as TableName, limit: MAX_BACKUP_DATA_BYTES });
    } else if (image && isImageFolder(image[1]) && isStoredImageName(image[2]!)) {
      listed.set(entry.path, { ...entry, limit: MAX_BACKUP_IMAGE_BYTES });
      images.push({ folder: image[1], name: image[2]!, sha256: entry.sha256, bytes: entry.bytes });
    } else {
      throw new NotABackup();
    }
    if (entry.bytes > listed.get(entry.path)!.limit) throw new NotABackup();
  }
  const rows = {} as CheckedBackup["rows"];
  const seen = new Set<string>();
  let dataBytes = 0;
  await walkZip(archive, async (zip, entry) => {
    if (entry.fileName === "manifest.json") return;
    const expected = listed.get(entry.fileName);
    if (!expected || seen.has(entry.fileName)) throw new NotABackup();
    seen.add(entry.fileName);
    const read = await inflateEntry(zip, entry, expected.bytes, expected.table !== undefined);
    if (read.size !== expected.bytes || read.sha256 !== expected.sha256) throw new NotABackup();
    if (!expected.table) return;
    dataBytes += read.size;
    if (dataBytes > MAX_BACKUP_DATA_BYTES) throw new NotABackup();
    const parsed: unknown = JSON.parse(read.bytes!.toString("utf8"));
    if (!Array.isArray(parsed) || !parsed.every((row) => typeof row === "object" && row !== null))
      throw new NotABackup();
    rows[expected.table] = parsed as Record<string, unknown>[];
  });
  if (seen.size !== listed.size) throw new NotABackup();
  for (const name of LATER_TABLES) rows[name] ??= [];
  if (!TABLE_NAMES.every((name) => rows[name])) throw new NotABackup();
  checkRows(manifest, rows, images);
  return { manifest, rows, images, archive };
}

/**
 * Refuses (422) a table whose rows are not as many as the manifest says, or the first row the site would refuse
 * (rows.ts), naming its table, place, id and field.
 */
function checkRows(
  manifest: BackupManifest,
  rows: CheckedBackup["rows"],
  images: CheckedBackup["images"],
): void {
  for (const name of TABLE_NAMES)
    if (rows[name].length !== (manifest.tables[name] ?? 0))
      throw new ServiceError(422, "backupRowCount", { vars: { table: name }, path: "file" });
  const typed = Object.fromEntries(
    TABLE_NAMES.map((name) => [name, rows[name].map((row) => fromJson(TABLES[name], row))]),
  );
  const held = new Set(images.map((image) => imageUrl(image.folder, image.name)));
  const problem = findRowProblem(TABLES, rows, typed, held);
  if (problem)
    throw new ServiceError(422, "backupRowInvalid", {
      vars: { table: problem.table, row: problem.row, id: problem.id, field: problem.field },
      detail: problem.issue,
      path: "file",
    });
}

/** Reads the archive's images again, one at a time, each checked against the manifest as it was. */
async function eachImage(
  backup: CheckedBackup,
  use: (image: { folder: ImageFolder; name: string; bytes: Buffer }) => Promise<void>,
): Promise<void> {
  const wanted = new Map(backup.images.map((image) => [`images/${image.folder}/${image.name}`, image]));
  await walkZip(backup.archive, async (zip, entry) => {
    const image = wanted.get(entry.fileName);
    if (!image) return;
    const read = await inflateEntry(zip, entry, image.bytes, true);
    if (read.sha256 !== image.sha256) throw new NotABackup();
    await use({ folder: image.folder, name: image.name, bytes: read.bytes! });
  });
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
    await eachImage(backup, async (image) => {
      if (existed.has(`${image.folder}/${image.name}`)) {
        const current = await deps.images.read(image.folder, image.name);
        if (current.equals(image.bytes)) return;
      }
      await deps.images.save(image.folder, image.name, image.bytes);
      if (!existed.has(`${image.folder}/${image.name}`))
        written.push({ folder: image.folder, name: image.name });
    });
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
