import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

// Two processes on one PGlite folder corrupt it (docs/architecture.md "Platform notes"), so the server holds
// an exclusive lock file. A lock left by a process that no longer runs is taken over, and so is one whose
// process id now belongs to another program (docs/product.md §23): the file records when its process started.

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `Another Sira server (process ${pid}) is already using the data folder ${dataDir}. ` +
        `Stop it first, or give this server its own DATA_DIR.`,
    );
    this.name = "DataDirLockedError";
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** When a process started, in clock ticks since boot (Linux's /proc); undefined where that cannot be read. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The name in parentheses may hold spaces; the 22nd field, the start time, is the 20th after it.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return undefined;
  }
}

interface LockRecord {
  pid: number;
  started?: string;
}

function readLock(content: string): LockRecord | undefined {
  const text = content.trim();
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const record = JSON.parse(text) as Partial<LockRecord>;
    if (!Number.isInteger(record.pid)) return undefined;
    return { pid: record.pid!, started: typeof record.started === "string" ? record.started : undefined };
  } catch {
    return undefined;
  }
}

/**
 * Whether the process a lock names still holds it: it runs, and it is the process that wrote the lock (same
 * start time), or, for a lock of an older version without one, a Node process. Where /proc cannot be read, a
 * running process is taken to be the holder.
 */
function holdsLock(record: LockRecord): boolean {
  if (!(record.pid > 0) || !isRunning(record.pid)) return false;
  const started = startTimeOf(record.pid);
  if (started === undefined) return true;
  if (record.started !== undefined) return record.started === started;
  const command = commandOf(record.pid);
  return command === undefined || /\bnode\b|sira/i.test(command);
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "sira.lock");
  const record: LockRecord = { pid: process.pid, started: startTimeOf(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, JSON.stringify({ program: "sira", ...record }));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readLock(readFileSync(lockPath, "utf8"));
      if (holder && holdsLock(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
