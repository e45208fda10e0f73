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
    expect(JSON.parse(readFileSync(lockFile(nested), "utf8"))).toMatchObject({ pid: process.pid });
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
    expect(JSON.parse(readFileSync(lockFile(), "utf8"))).toMatchObject({ pid: process.pid });
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
    expect(JSON.parse(readFileSync(lockFile(), "utf8"))).toMatchObject({ pid: process.pid });
  });

  it("refuses a folder held by another live Sira process, which keeps its lock", async () => {
    // A real second process takes the lock the way the server does, and holds it while it runs.
    const holder = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { lockDataDir } = await import(${JSON.stringify(path.join(import.meta.dirname, "data-lock.ts"))});` +
          `lockDataDir(${JSON.stringify(dataDir)}); console.log("locked"); setTimeout(() => {}, 30000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      const [chunk] = (await once(holder.stdout, "data")) as [Buffer];
      expect(chunk.toString()).toContain("locked");
      expect(() => lockDataDir(dataDir)).toThrow(
        expect.objectContaining({ name: "DataDirLockedError", pid: holder.pid }),
      );
      expect(JSON.parse(readFileSync(lockFile(), "utf8"))).toMatchObject({ pid: holder.pid });
    } finally {
      holder.kill();
    }
  });

  it.each([
    [
      "a lock of this version whose pid now belongs to another program",
      (pid: number) => JSON.stringify({ program: "sira", pid, started: "1" }),
    ],
    [
      "a lock of an older version (a bare pid) that now belongs to another program",
      (pid: number) => String(pid),
    ],
  ])("takes over %s", async (_case, content) => {
    // `sleep` runs under the recorded pid: the pid is alive, but it is not the server that wrote the lock.
    const other = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      await once(other, "spawn");
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(lockFile(), content(other.pid ?? 0));
      lock();
      expect(JSON.parse(readFileSync(lockFile(), "utf8"))).toMatchObject({ pid: process.pid });
    } finally {
      other.kill();
    }
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
