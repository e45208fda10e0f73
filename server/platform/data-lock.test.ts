import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-lock.ts";

let root: string;
let dataDir: string;
const releases: (() => void)[] = [];

function lock(dir = dataDir) {
  const release = lockDataDir(dir);
  releases.push(release);
  return release;
}

const lockFile = (dir = dataDir) => path.join(dir, "sira.lock");

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  if (!child.pid) throw new Error("could not start a child process");
  return child.pid;
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "sira-lock-"));
  dataDir = path.join(root, "data");
});

afterEach(() => {
  for (const release of releases.splice(0)) release();
  rmSync(root, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  it("creates missing folders and records this process in the lock file", () => {
    const nested = path.join(root, "a", "b", "data");
    lock(nested);
    expect(readFileSync(lockFile(nested), "utf8")).toBe(String(process.pid));
  });

  it("refuses a second server on the same folder with a message that says what to do", () => {
    lock();
    let thrown: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirLockedError);
    const error = thrown as DataDirLockedError;
    expect(error.pid).toBe(process.pid);
    expect(error.message).toContain(dataDir);
    expect(error.message).toContain(`process ${process.pid}`);
    expect(error.message).toContain("DATA_DIR");
    // The first server keeps its lock.
    expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
  });

  it("refuses a folder locked by another running process", async () => {
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      await once(other, "spawn");
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(lockFile(), String(other.pid));
      expect(() => lockDataDir(dataDir)).toThrow(
        expect.objectContaining({ name: "DataDirLockedError", pid: other.pid }),
      );
      expect(readFileSync(lockFile(), "utf8")).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it.each([
    ["a process that has exited", () => String(deadPid())],
    ["an empty lock file", () => ""],
    ["garbage", () => "not a pid"],
    ["a negative pid", () => "-5"],
  ])("takes over a lock left by %s", (_case, content) => {
    lock();
    writeFileSync(lockFile(), content());
    lock();
    expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
  });

  it("removes the lock file on release, so the folder can be locked again", () => {
    const release = lock();
    release();
    expect(existsSync(lockFile())).toBe(false);
    expect(() => lock()).not.toThrow();
  });

  it("does not remove a later holder's lock when released twice", () => {
    const release = lock();
    release();
    lock();
    release();
    expect(existsSync(lockFile())).toBe(true);
  });

  it("keeps locks of different folders apart", () => {
    lock(path.join(root, "one"));
    expect(() => lock(path.join(root, "two"))).not.toThrow();
  });
});
