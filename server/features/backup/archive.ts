import { createHash } from "node:crypto";
import { PassThrough, type Readable } from "node:stream";
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { JSONParser } from "@streamparser/json";
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
import { CASE_STUDY_TEXTS } from "#core/projects.ts";
import { z } from "#core/zod.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { Logger } from "#server/kernel/logger.ts";
import type { ImageStore } from "#server/kernel/storage/image-store.ts";
import { createRowChecker, type RowProblem } from "./rows.ts";
import { rebuildSearchIndex } from "#server/kernel/search-index.ts";

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
  // The addresses items had before (decision 015): a restored site answers them as the backed-up one did.
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
 * The most table data (all data/*.json together) a restore reads: a quarter of the largest archive, room for tens
 * of thousands of long articles, projects and messages. Rows are read as they come, never a table at once, so
 * memory does not grow with it.
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

/**
 * Inflates one entry as a stream of its rows, the objects of the JSON array it holds, parsed as the bytes come and
 * handed to `use` a batch at a time (the stream waits for each batch): a table is never held whole. Stops as soon as
 * the entry passes `limit` bytes, and refuses one that is not an array of objects or whose bytes do not hash to
 * `sha256`.
 */
function streamRows(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  expected: { bytes: number; sha256: string },
  use: (rows: Record<string, unknown>[], first: number) => void | Promise<void>,
): Promise<number> {
  if (entry.uncompressedSize > expected.bytes) return Promise.reject(new NotABackup());
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new NotABackup());
      const read = async () => {
        const hash = createHash("sha256");
        const parser = new JSONParser({ paths: ["$.*"], keepStack: false });
        let batch: Record<string, unknown>[] = [];
        let count = 0;
        let started = false;
        parser.onValue = ({ value, parent, stack }) => {
          if (stack.length !== 1 || !Array.isArray(parent)) throw new NotABackup();
          if (typeof value !== "object" || value === null || Array.isArray(value)) throw new NotABackup();
          batch.push(value);
        };
        let size = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > expected.bytes) throw new NotABackup();
          hash.update(chunk);
          // Only an array is a table: a document that starts with anything else is refused before it is parsed.
          if (!started) {
            const text = chunk.toString("latin1").trimStart();
            if (text === "") continue;
            if (!text.startsWith("[")) throw new NotABackup();
            started = true;
          }
          parser.write(chunk);
          if (batch.length > 0) {
            const rows = batch;
            batch = [];
            await use(rows, count);
            count += rows.length;
          }
        }
        if (!parser.isEnded) throw new NotABackup();
        if (size !== expected.bytes || hash.digest("hex") !== expected.sha256) throw new NotABackup();
        return count;
      };
      read().then(resolve, (cause: unknown) => {
        stream.destroy();
        reject(cause instanceof Error ? cause : new NotABackup());
      });
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

/**
 * The save path's gates, which whatever a restore stores passes too (docs/product.md §19): the sanitiser of each
 * rich-text column, and the uploads' checks of an image. Given by the composition root (server/restore-gates.ts).
 */
export interface RestoreGates {
  /**
   * A rich-text column's text as a save stores it: sanitised, as its page shows it. Refuses (422, under `field`)
   * what a page cannot show.
   */
  richText: (table: "projects" | "articles", field: string, text: string) => Promise<string>;
  /** Refuses (4xx) an image an upload would refuse: its type, its size, its pixels. */
  checkImage: (name: string, bytes: Uint8Array, maxBytes: number) => Promise<void>;
}

/** The rich-text columns of each table, which a restore stores as a save would (sanitised). */
const RICH_TEXT = {
  projects: CASE_STUDY_TEXTS,
  articles: ["content_en", "content_ar"],
} as const satisfies Partial<Record<TableName, readonly string[]>>;

/** A checked archive, ready to restore: its rows and images still in the archive, read again as they are stored. */
export interface CheckedBackup {
  manifest: BackupManifest;
  /** Each table's entry in the archive, with its size and hash; none for a table the backup predates. */
  tables: Partial<Record<TableName, { path: string; sha256: string; bytes: number }>>;
  images: { folder: ImageFolder; name: string; sha256: string; bytes: number }[];
  /** The uploads whose variants the archive's image_variants rows describe. */
  withVariants: ReadonlySet<string>;
  archive: Buffer;
}

/**
 * Reads and checks a whole archive: ours, of a version we know, every entry present and intact, nothing else in
 * it, the images under names we could have stored and such as an upload would take, every row one the site would
 * take. Anything else is refused before the site is touched.
 */
export async function checkBackup(archive: Buffer, gates: RestoreGates): Promise<CheckedBackup> {
  try {
    return await readBackup(archive, gates);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    return refuse();
  }
}

/** Refuses (422) a row the site would refuse, naming its table, place, id and field. */
const refuseRow = (problem: RowProblem): never => {
  throw new ServiceError(422, "backupRowInvalid", {
    vars: { table: problem.table, row: problem.row, id: problem.id, field: problem.field },
    detail: problem.issue,
    path: "file",
  });
};

async function readBackup(archive: Buffer, gates: RestoreGates): Promise<CheckedBackup> {
  const manifest = await readManifest(archive);
  // What each entry is, from the manifest alone: a table's rows or an image we could have stored.
  const listed = new Map<string, { sha256: string; bytes: number; table?: TableName; limit: number }>();
  const images: CheckedBackup["images"] = [];
  const tables: CheckedBackup["tables"] = {};
  let dataBytes = 0;
  for (const entry of manifest.entries) {
    if (listed.has(entry.path) || entry.path === "manifest.json") throw new NotABackup();
    const table = /^data\/(\w+)\.json$/.exec(entry.path)?.[1];
    const image = /^images\/([a-z]+)\/([^/]+)$/.exec(entry.path);
    if (table && (TABLE_NAMES as string[]).includes(table)) {
      listed.set(entry.path, { ...entry, table: table as TableName, limit: MAX_BACKUP_DATA_BYTES });
      tables[table as TableName] = entry;
      dataBytes += entry.bytes;
    } else if (image && isImageFolder(image[1]) && isStoredImageName(image[2]!)) {
      listed.set(entry.path, { ...entry, limit: MAX_BACKUP_IMAGE_BYTES });
      images.push({ folder: image[1], name: image[2]!, sha256: entry.sha256, bytes: entry.bytes });
    } else {
      throw new NotABackup();
    }
    if (entry.bytes > listed.get(entry.path)!.limit) throw new NotABackup();
  }
  if (dataBytes > MAX_BACKUP_DATA_BYTES) throw new NotABackup();
  if (!TABLE_NAMES.every((name) => tables[name] || LATER_TABLES.includes(name))) throw new NotABackup();
  for (const name of TABLE_NAMES)
    if (!tables[name] && (manifest.tables[name] ?? 0) !== 0)
      throw new ServiceError(422, "backupRowCount", { vars: { table: name }, path: "file" });
  const held = new Set(images.map((image) => imageUrl(image.folder, image.name)));
  const rows = createRowChecker(TABLES, held);
  const withVariants = new Set<string>();
  const seen = new Set<string>();
  await walkZip(archive, async (zip, entry) => {
    if (entry.fileName === "manifest.json") return;
    const expected = listed.get(entry.fileName);
    if (!expected || seen.has(entry.fileName)) throw new NotABackup();
    seen.add(entry.fileName);
    const name = expected.table;
    if (!name) {
      // An image is held only while it is checked as an upload would be: an upload at most what an upload may
      // be, a variant the server made of it a little more.
      const read = await inflateEntry(zip, entry, expected.bytes, true);
      if (read.size !== expected.bytes || read.sha256 !== expected.sha256) throw new NotABackup();
      const file = entry.fileName.slice(entry.fileName.lastIndexOf("/") + 1);
      try {
        await gates.checkImage(
          file,
          read.bytes!,
          isVariantName(file) ? MAX_BACKUP_IMAGE_BYTES : MAX_UPLOAD_BYTES,
        );
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        throw new ServiceError(422, "backupImageInvalid", {
          vars: { path: entry.fileName },
          detail: { message: error.key, params: error.vars },
          path: "file",
        });
      }
      return;
    }
    const table = TABLES[name] as PgTable;
    const count = await streamRows(zip, entry, expected, (batch, first) => {
      for (const [offset, row] of batch.entries()) {
        const problem = rows.check(name, row, fromJson(table, row), first + offset);
        if (problem) refuseRow(problem);
        if (name === "image_variants") withVariants.add(String(row.url));
      }
    });
    if (count !== (manifest.tables[name] ?? 0))
      throw new ServiceError(422, "backupRowCount", { vars: { table: name }, path: "file" });
  });
  if (seen.size !== listed.size) throw new NotABackup();
  const missing = rows.finish();
  if (missing) refuseRow(missing);
  return { manifest, tables, images, withVariants, archive };
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
  gates: RestoreGates,
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
      // A table at a time, in the order their references need, its rows read again from the archive as they are
      // inserted: never a table in memory.
      for (const name of TABLE_NAMES) await insertTable(tx, backup, name, gates);
      // A restored upload without variants (an older backup, or one made while they were being made) gets them.
      await tx.delete(variantJobs);
      const { withVariants } = backup;
      const queued = backup.images
        .filter((image) => !isVariantName(image.name))
        .map((image) => imageUrl(image.folder, image.name))
        .filter((url) => !withVariants.has(url));
      for (let start = 0; start < queued.length; start += 200)
        await tx.insert(variantJobs).values(queued.slice(start, start + 200).map((url) => ({ url })));
      // The search index is derived from the rows: written again with them, in their transaction.
      await rebuildSearchIndex(tx);
    });
  } catch (error) {
    for (const image of written) await deps.images.remove(image.folder, image.name).catch(() => undefined);
    deps.logger.error("restore failed; nothing was changed", { error: String(error) });
    // A row the save path refuses (rich text a page cannot show) is named; anything else is the archive's damage.
    if (error instanceof ServiceError) throw error;
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
    TABLE_NAMES.map((name) => [name, backup.manifest.tables[name] ?? 0]),
  ) as BackupManifest["tables"];
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Inserts one table's rows from the archive, 200 at a time, each rich-text column as a save stores it (sanitised):
 * whatever its origin, a page only ever shows what passed the save path's sanitiser.
 */
async function insertTable(tx: Transaction, backup: CheckedBackup, name: TableName, gates: RestoreGates) {
  const listed = backup.tables[name];
  if (!listed) return;
  const table = TABLES[name] as PgTable;
  const richText: readonly string[] = name in RICH_TEXT ? RICH_TEXT[name as keyof typeof RICH_TEXT] : [];
  await walkZip(backup.archive, async (zip, entry) => {
    if (entry.fileName !== listed.path) return;
    await streamRows(zip, entry, listed, async (batch, first) => {
      const values = [];
      for (const [offset, row] of batch.entries()) {
        const typed = fromJson(table, row);
        for (const field of richText) {
          if (typeof typed[field] !== "string") continue;
          try {
            typed[field] = await gates.richText(name as keyof typeof RICH_TEXT, field, typed[field]);
          } catch (error) {
            if (!(error instanceof ServiceError)) throw error;
            refuseRow({
              table: name,
              row: first + offset + 1,
              id: String(row.id),
              field,
              issue: { message: error.key },
            });
          }
        }
        values.push(typed);
      }
      for (let start = 0; start < values.length; start += 200)
        await tx.insert(table).values(values.slice(start, start + 200));
    });
  });
}

/** The backup service: the whole site to one zip and back; a restore tells the site its content changed. */
export function createBackups(
  deps: BackupDeps & { gates: RestoreGates; contentChanged: () => void; variantsQueued: () => void },
) {
  return {
    async create() {
      const backup = await createBackup(deps);
      deps.logger.info("backup downloaded");
      return backup;
    },
    /** Checks an archive whole, then restores it all or nothing (409 over a site with content, unless `replace`). */
    async restore(archive: Buffer, options: { replace: boolean }) {
      const tables = await restoreBackup(deps, await checkBackup(archive, deps.gates), options, deps.gates);
      deps.contentChanged();
      deps.variantsQueued();
      return tables;
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;
