import { cpSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILD_INPUTS, needsBuild, recordBuild } from "./ensure-build.ts";

// `npm start` builds when anything the build reads differs from what the last build read (scripts/ensure-build.ts),
// here on a small project of real files.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A project with one file in each input, built: its build recorded. */
function builtProject(): string {
  const root = mkdtempSync(path.join(tmpdir(), "sira-ensure-build-"));
  folders.push(root);
  for (const input of BUILD_INPUTS) {
    const file = path.extname(input) ? path.join(root, input) : path.join(root, input, "index.ts");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `// ${input}\n`);
  }
  mkdirSync(path.join(root, "build", "server"), { recursive: true });
  writeFileSync(path.join(root, "build", "server", "index.js"), "");
  recordBuild(root);
  return root;
}

describe("whether `npm start` builds first", () => {
  it("builds when there is no build, and not when the build is of the sources there are", () => {
    const root = builtProject();
    expect(needsBuild(root)).toBeNull();
    unlinkSync(path.join(root, "build", "server", "index.js"));
    expect(needsBuild(root)).toMatch(/No build yet/);
  });

  it.each([
    "config/site.ts",
    "server/http/app.ts",
    "app/routes/home.tsx",
    "public/favicon.svg",
    "package-lock.json",
  ])("rebuilds when %s changes, is added or is removed", (file) => {
    const root = builtProject();
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, "first\n");
    expect(needsBuild(root)).toMatch(/changed/);
    recordBuild(root);
    writeFileSync(target, "second\n");
    expect(needsBuild(root)).toMatch(/changed/);
    recordBuild(root);
    unlinkSync(target);
    expect(needsBuild(root)).toMatch(/changed/);
  });

  it("rebuilds for a file copied in with an old date, and not for one saved again unchanged", () => {
    const root = builtProject();
    const other = builtProject();
    const file = path.join(root, "core", "index.ts");
    writeFileSync(path.join(other, "core", "index.ts"), "// from elsewhere\n");
    utimesSync(path.join(other, "core", "index.ts"), new Date(2001, 0, 1), new Date(2001, 0, 1));
    cpSync(path.join(other, "core", "index.ts"), file, { preserveTimestamps: true });
    expect(needsBuild(root)).toMatch(/changed/);
    recordBuild(root);
    writeFileSync(file, "// from elsewhere\n");
    expect(needsBuild(root)).toBeNull();
  });

  it("does not rebuild for tests beside the code, the build's own output or data", () => {
    const root = builtProject();
    writeFileSync(path.join(root, "server", "index.test.ts"), "// a test\n");
    writeFileSync(path.join(root, "build", "server", "other.js"), "");
    mkdirSync(path.join(root, "data"));
    writeFileSync(path.join(root, "data", "x"), "");
    expect(needsBuild(root)).toBeNull();
  });
});
