import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "./logger.ts";

// What the server has learnt about its data while running (docs/product.md §23): a damaged database stays
// damaged until it is restored (health 503, logged once), a full disk lasts until space returns (writes 507,
// /readyz degraded, logged once per episode).

export type DataProblem = "damaged" | "diskFull";

/** How long a PostgreSQL server's "disk full" counts after the last write it refused (its disk is not ours). */
const REMOTE_DISK_FULL_MS = 30_000;
/** Free space a write must find again before the disk counts as usable. */
const PROBE_BYTES = 1024 * 1024;

/**
 * Whether an error says the data is damaged (PostgreSQL's XX001 data_corrupted, XX002 index_corrupted, a
 * relation's file gone) or the disk is full (53100 disk_full, ENOSPC or EDQUOT from the file system). Looks
 * through the error's causes (Drizzle wraps the driver's error).
 */
export function classifyDataError(error: unknown): DataProblem | undefined {
  return findDataError(error)?.problem;
}

function findDataError(error: unknown): { problem: DataProblem; fromFiles: boolean } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    const text = typeof message === "string" ? message : "";
    if (code === "XX001" || code === "XX002") return { problem: "damaged", fromFiles: false };
    if (code === "58P01" && /could not open file "(base|global)\//.test(text))
      return { problem: "damaged", fromFiles: false };
    if (code === "ENOSPC" || code === "EDQUOT") return { problem: "diskFull", fromFiles: true };
    if (code === "53100" || /No space left on device|disk quota exceeded/i.test(text))
      return { problem: "diskFull", fromFiles: false };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface DataHealth {
  /** Records what an error says about the data (logging it once); undefined when it says nothing. */
  note(error: unknown): DataProblem | undefined;
  /** The state now; a full disk is probed again (a small file written and removed) and clears when it has space. */
  check(): Promise<{ database: "ok" | "damaged"; disk: "ok" | "full" }>;
}

export function createDataHealth(options: {
  logger: Logger;
  /** Where the embedded database and uploads on disk live: probed while the disk is full. */
  dataDir: string;
  /** Whether the database's files are in dataDir (PGlite), or on a PostgreSQL server's own disk. */
  localDatabase: boolean;
  now?: () => number;
}): DataHealth {
  const { logger, dataDir, localDatabase } = options;
  const now = options.now ?? Date.now;
  let damaged: string | undefined;
  let diskFull: { local: boolean; last: number } | undefined;

  const detail = (error: unknown) => {
    let current: unknown = error;
    // The driver's own message ("invalid page in block 1 of relation base/5/16385"), never the query.
    while (current instanceof Error && current.cause instanceof Error) current = current.cause;
    return (current instanceof Error ? current.message : String(current)).split("\n")[0]!.slice(0, 300);
  };

  return {
    note(error) {
      const found = findDataError(error);
      const problem = found?.problem;
      if (problem === "damaged" && !damaged) {
        damaged = detail(error);
        logger.error(
          "The database is damaged: pages the site needs cannot be read. /healthz and /readyz now answer 503. " +
            "Stop the server, keep the data folder aside and restore the latest backup with " +
            '`npm run restore -- FILE.zip --new` (README, "Your data").',
          { problem: damaged, dataDir: localDatabase ? dataDir : undefined },
        );
      }
      if (problem === "diskFull") {
        // The embedded database and uploads on disk write to dataDir; a PostgreSQL server to its own disk.
        const local = localDatabase || found!.fromFiles;
        if (!diskFull)
          logger.error(
            "The disk is full: writes are refused (507) until there is space again. /readyz answers 503 (degraded).",
            { problem: detail(error), where: local ? dataDir : "the PostgreSQL server" },
          );
        diskFull = { local: diskFull?.local || local, last: now() };
      }
      return problem;
    },
    async check() {
      if (diskFull) {
        let clear: boolean;
        if (diskFull.local) {
          const probe = path.join(dataDir, `.space-probe-${process.pid}`);
          clear = await writeFile(probe, Buffer.alloc(PROBE_BYTES)).then(
            () => true,
            () => false,
          );
          await rm(probe, { force: true });
        } else {
          clear = now() - diskFull.last > REMOTE_DISK_FULL_MS;
        }
        if (clear) {
          diskFull = undefined;
          logger.info("The disk has space again: writes are accepted.");
        }
      }
      return { database: damaged ? "damaged" : "ok", disk: diskFull ? "full" : "ok" };
    },
  };
}
