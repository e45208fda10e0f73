import { chmodSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";

// Nothing under DATA_DIR is for other users of the machine (docs/product.md §23): it holds the database (the
// password's hash, the server's keys, every message) and the local key a running server leaves for its commands.
// The embedded database's files come out readable and writable by everyone (PGlite's file system sets their modes
// itself, whatever the umask), so the folder is closed at the top, as PostgreSQL requires of its own (0700), and
// everything in it is closed too, each time the database is opened.

/** DATA_DIR, or something in it, is open to other users and this process cannot close it. */
export class DataDirExposedError extends Error {
  constructor(dataDir: string, entry: string, cause: unknown) {
    super(
      `${entry} in the data folder ${dataDir} can be read or written by other users of this machine, and the ` +
        `server cannot change that (${String(cause)}). Make the folder its own: as its owner or root, run ` +
        `chmod -R go-rwx '${dataDir}' (and chown it to the user the server runs as), then start again.`,
      { cause },
    );
    this.name = "DataDirExposedError";
  }
}

/**
 * Takes every permission of the group and of others from DATA_DIR and everything under it (symbolic links are
 * not followed); throws DataDirExposedError when an entry cannot be changed. Answers how many were open.
 */
export function keepDataDirPrivate(dataDir: string): number {
  let opened = 0;
  const close = (entry: string, directory: boolean) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) {
      try {
        chmodSync(entry, stats.mode & 0o700);
      } catch (error) {
        throw new DataDirExposedError(dataDir, entry, error);
      }
      opened++;
    }
    if (directory)
      for (const child of readdirSync(entry, { withFileTypes: true }))
        close(path.join(entry, child.name), child.isDirectory());
  };
  close(dataDir, true);
  return opened;
}
