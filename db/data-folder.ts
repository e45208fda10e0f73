import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The embedded database's folder is checked before PGlite opens it and again before the migrations write to
// it (docs/product.md §23): PGlite initialises a new, empty database wherever PG_VERSION is missing, and
// PostgreSQL reads an all-zero page as an empty one, so damage would otherwise turn into an empty site.

const PAGE = 8192;
/** The files and folders every PostgreSQL data folder holds; any one of them means a database lives here. */
const MARKERS = ["PG_VERSION", "global", "base", "pg_wal", "pg_xact", "postgresql.conf"];
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
/** PostgreSQL's first object id for anything made after initdb. */
const FIRST_NORMAL_OID = 16384;

/** The embedded database's folder holds a database that is damaged: the server must not start on it. */
export class DamagedDatabaseError extends Error {
  readonly dataDir: string;
  readonly problem: string;
  constructor(dataDir: string, problem: string) {
    super(
      [
        `The database in ${dataDir} is damaged: ${problem}.`,
        "The server did not start, and did not create a new database over it.",
        "To bring the site back, move that folder aside (keep it: it still holds your data) and restore your " +
          'latest backup with `npm run restore -- FILE.zip --new`, then start again (README, "Your data").',
      ].join("\n"),
    );
    this.name = "DamagedDatabaseError";
    this.dataDir = dataDir;
    this.problem = problem;
  }
}

/**
 * The folder is marked as a database being made, yet holds the site's tables: the mark is stray (copied in, or left
 * by hand), and the folder is never made anew over the data.
 */
export class MarkedDatabaseError extends Error {
  readonly dataDir: string;
  constructor(dataDir: string, mark: string) {
    super(
      [
        `The database in ${dataDir} holds data, yet it is marked as a database being made (the file ${mark}).`,
        "The server did not start, and did not touch the folder.",
        `If this folder is your site's database, delete the file ${path.join(dataDir, mark)} and start again. ` +
          'If it is not, move the folder aside and start again, or restore a backup with `npm run restore -- FILE.zip --new` (README, "Your data").',
      ].join("\n"),
    );
    this.name = "MarkedDatabaseError";
    this.dataDir = dataDir;
  }
}

/**
 * Whether the folder holds tables made after the database itself: PostgreSQL numbers the files of every relation
 * created after initdb from 16384 (FirstNormalObjectId), so a database just made has none, and the site's
 * migrations make some at once.
 */
export function holdsTables(dataDir: string): boolean {
  const base = path.join(dataDir, "base");
  if (!existsSync(base)) return false;
  return readdirSync(base)
    .filter((name) => /^\d+$/.test(name))
    .some((oid) => {
      const folder = path.join(base, oid);
      return (
        statSync(folder).isDirectory() &&
        readdirSync(folder).some((name) => /^\d+$/.test(name) && Number(name) >= FIRST_NORMAL_OID)
      );
    });
}

/**
 * Before PGlite opens `dataDir`: "new" when no database lives there yet (PGlite may create one), "existing" when
 * one does and its files look whole; throws DamagedDatabaseError when one does and a file it needs is missing
 * or cut short.
 */
export function checkDataFolder(dataDir: string): "new" | "existing" {
  if (!existsSync(dataDir)) return "new";
  const entries = new Set(readdirSync(dataDir));
  if (!MARKERS.some((name) => entries.has(name))) return "new";
  const fail = (problem: string): never => {
    throw new DamagedDatabaseError(dataDir, problem);
  };
  const file = (name: string) => path.join(dataDir, name);

  if (!entries.has("PG_VERSION")) fail("the file PG_VERSION is missing");
  const version = readFileSync(file("PG_VERSION"), "utf8").trim();
  if (!/^\d+$/.test(version)) fail("the file PG_VERSION does not hold a PostgreSQL version");

  if (!existsSync(file("global/pg_control"))) fail("the control file global/pg_control is missing");
  if (statSync(file("global/pg_control")).size !== PAGE)
    fail("the control file global/pg_control is cut short");
  if (!existsSync(file("global/pg_filenode.map"))) fail("the file global/pg_filenode.map is missing");

  if (!existsSync(file("base"))) fail("the folder base, which holds the tables, is missing");
  const databases = readdirSync(file("base")).filter((name) => /^\d+$/.test(name));
  if (databases.length === 0) fail("the folder base holds no database");
  for (const oid of databases) {
    if (!existsSync(file(`base/${oid}/PG_VERSION`))) fail(`the file base/${oid}/PG_VERSION is missing`);
    if (!existsSync(file(`base/${oid}/pg_filenode.map`)))
      fail(`the file base/${oid}/pg_filenode.map is missing`);
  }

  // The write-ahead log: the last checkpoint is read from it at every start, so a missing or short segment
  // stops PostgreSQL (in PGlite, with a bare "Aborted()").
  if (!existsSync(file("pg_wal"))) fail("the write-ahead log folder pg_wal is missing");
  const segments = readdirSync(file("pg_wal")).filter((name) => WAL_SEGMENT.test(name));
  if (segments.length === 0) fail("the write-ahead log (pg_wal) holds no segment file");
  const sizes = segments.map((name) => statSync(file(`pg_wal/${name}`)).size);
  const segmentSize = Math.max(...sizes);
  // PostgreSQL's segments are a power of two from 1 MB to 1 GB, all of one size (IsValidWalSegSize).
  if (segmentSize < 1 << 20 || segmentSize > 1 << 30 || (segmentSize & (segmentSize - 1)) !== 0)
    fail(`the write-ahead log segment pg_wal/${segments[0]!} has an impossible size (${segmentSize} bytes)`);
  segments.forEach((name, index) => {
    if (sizes[index] !== segmentSize)
      fail(
        `the write-ahead log segment pg_wal/${name} is cut short (${sizes[index]} of ${segmentSize} bytes)`,
      );
  });
  if (!existsSync(file("pg_xact")))
    fail("the folder pg_xact, which records committed transactions, is missing");
  return "existing";
}

/** A relation of the opened database, as `inspectRelations` needs it (from pg_class). */
export interface RelationFile {
  name: string;
  /** pg_class.relkind: r table, i index, t TOAST table, m materialised view, S sequence. */
  kind: string;
  /** The access method of an index ("btree", …); null for tables. */
  method: string | null;
  /** The table an index belongs to, by name; null for tables. */
  table: string | null;
  /** pg_relation_filepath(): relative to the data folder. */
  file: string;
  /** Whether the heap pages this index points at are checked too (the site's own tables). */
  crossCheck: boolean;
}

/** The query that lists the relations to inspect, for PGlite's client. */
export const RELATIONS_QUERY = `
  select c.relname as name, c.relkind as kind, am.amname as method, t.relname as "table",
         pg_relation_filepath(c.oid) as file,
         n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') as "crossCheck"
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_am am on am.oid = c.relam and c.relkind = 'i'
  left join pg_index i on i.indexrelid = c.oid
  left join pg_class t on t.oid = i.indrelid
  where c.relkind in ('r', 'i', 't', 'm', 'S') and c.relpersistence = 'p'
    and pg_relation_filepath(c.oid) is not null`;

/**
 * After PGlite has opened the folder (its files then hold everything up to the last checkpoint) and before
 * anything writes: every relation's file exists, every page has a header PostgreSQL would accept, and no row an
 * index of the site's tables points at sits on a page that is all zeros (PostgreSQL would read it as empty and
 * the rows would be gone without a word). Throws DamagedDatabaseError naming the first problem.
 */
export function inspectRelations(dataDir: string, relations: RelationFile[]): void {
  const pagesOf = new Map<string, Buffer>();
  const read = (relation: RelationFile): Buffer => {
    let pages = pagesOf.get(relation.file);
    if (pages) return pages;
    const full = path.join(dataDir, relation.file);
    if (!existsSync(full))
      throw new DamagedDatabaseError(
        dataDir,
        `the file ${relation.file} of ${describe(relation)} is missing`,
      );
    const parts = [readFileSync(full)];
    // Relations above 1 GB continue in FILE.1, FILE.2, …
    for (let segment = 1; existsSync(`${full}.${segment}`); segment++)
      parts.push(readFileSync(`${full}.${segment}`));
    pages = Buffer.concat(parts);
    pagesOf.set(relation.file, pages);
    return pages;
  };

  for (const relation of relations) {
    const pages = read(relation);
    for (let block = 0; block * PAGE < pages.length; block++) {
      const page = pages.subarray(block * PAGE, (block + 1) * PAGE);
      if (!pageIsValid(page))
        throw new DamagedDatabaseError(
          dataDir,
          `page ${block} of ${describe(relation)} (${relation.file}) is not a valid page`,
        );
    }
    if (
      relation.kind === "i" &&
      relation.method === "btree" &&
      pages.length >= PAGE &&
      isZero(pages.subarray(0, PAGE))
    )
      throw new DamagedDatabaseError(
        dataDir,
        `the first page of ${describe(relation)} (${relation.file}) is all zeros`,
      );
  }

  const tables = new Map(relations.filter((r) => r.kind !== "i").map((r) => [r.name, r]));
  for (const index of relations) {
    if (index.kind !== "i" || index.method !== "btree" || !index.crossCheck || !index.table) continue;
    const table = tables.get(index.table);
    if (!table) continue;
    const heap = read(table);
    for (const block of heapBlocksOfBtree(read(index))) {
      const start = block * PAGE;
      if (start + PAGE > heap.length || readUInt16(heap, start + 14) === 0)
        throw new DamagedDatabaseError(
          dataDir,
          `rows of ${describe(table)} on page ${block} of ${table.file} are gone (the page is ${
            start + PAGE > heap.length ? "missing" : "all zeros"
          }, while its index ${index.name} still points at them)`,
        );
    }
  }
}

function describe(relation: RelationFile): string {
  return relation.kind === "i" ? `the index ${relation.name}` : `the table ${relation.name}`;
}

function readUInt16(buffer: Buffer, offset: number): number {
  return buffer.readUInt16LE(offset);
}

function isZero(page: Buffer): boolean {
  for (let i = 0; i < page.length; i++) if (page[i] !== 0) return false;
  return true;
}

/** PostgreSQL's own test of a page read from disk (PageIsVerified, bufpage.c), without checksums (off in PGlite). */
function pageIsValid(page: Buffer): boolean {
  if (page.length < PAGE) return false;
  const flags = page.readUInt16LE(10);
  const lower = page.readUInt16LE(12);
  const upper = page.readUInt16LE(14);
  const special = page.readUInt16LE(16);
  // A new page (pd_upper 0) must be all zeros.
  if (upper === 0) return isZero(page);
  return (
    (flags & ~0x0007) === 0 && lower <= upper && upper <= special && special <= PAGE && special % 8 === 0
  );
}

/** The heap blocks the leaf pages of a B-tree index point at (nbtree's page and tuple layout). */
function heapBlocksOfBtree(index: Buffer): Set<number> {
  const blocks = new Set<number>();
  const BTP_LEAF = 1;
  const BTP_IGNORED = 4 | 8 | 16; // deleted, meta, half-dead
  const INDEX_ALT_TID_MASK = 0x2000;
  const BT_IS_POSTING = 0x2000;
  for (let start = PAGE; start + PAGE <= index.length; start += PAGE) {
    const page = index.subarray(start, start + PAGE);
    if (page.readUInt16LE(14) === 0) continue;
    const special = page.readUInt16LE(16);
    if (special + 16 > PAGE) continue;
    const next = page.readUInt32LE(special + 4);
    const flags = page.readUInt16LE(special + 12);
    if ((flags & BTP_LEAF) === 0 || (flags & BTP_IGNORED) !== 0) continue;
    const count = (page.readUInt16LE(12) - 24) / 4;
    // On every page but the rightmost of its level, the first item is the high key, not a row.
    for (let item = next === 0 ? 0 : 1; item < count; item++) {
      const lp = page.readUInt32LE(24 + item * 4);
      const offset = lp & 0x7fff;
      const state = (lp >>> 15) & 3;
      if (state !== 1 || offset + 8 > PAGE) continue;
      const block = (page.readUInt16LE(offset) << 16) | page.readUInt16LE(offset + 2);
      const position = page.readUInt16LE(offset + 4);
      const info = page.readUInt16LE(offset + 6);
      if ((info & INDEX_ALT_TID_MASK) === 0) {
        blocks.add(block >>> 0);
      } else if ((position & BT_IS_POSTING) !== 0) {
        // A posting list: `block` is where its row pointers start, `position` how many there are.
        const n = position & 0x0fff;
        for (let i = 0; i < n; i++) {
          const at = offset + block + i * 6;
          if (at + 6 > PAGE) break;
          blocks.add(((page.readUInt16LE(at) << 16) | page.readUInt16LE(at + 2)) >>> 0);
        }
      }
    }
  }
  return blocks;
}
