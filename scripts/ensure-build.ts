// `npm start` builds by itself when there is no build, or when anything the build reads differs from what the last
// build read: the files' contents, so a file copied in with an old date, a deleted file or a `git checkout` counts,
// and a file saved again unchanged does not. `npm run build` records what it read (`node scripts/ensure-build.ts
// --record`).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What the build reads: the app and everything it imports, the public files, the build's configuration. */
export const BUILD_INPUTS: readonly string[] = [
  "app",
  "config",
  "core",
  "db",
  "public",
  "server",
  "scripts/compress-assets.js",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "tsconfig.json",
  "vite.config.ts",
];

/** Where the last build's fingerprint is kept, beside what it built. */
const RECORD = path.join("build", "inputs.sha256");

/** Tests beside the code, which the build leaves out. */
const TEST_FILE = /\.test\.tsx?$/;

/** One hash of the names and contents of every file under BUILD_INPUTS. */
export function inputsFingerprint(root: string): string {
  const hash = createHash("sha256");
  const add = (relative: string) => {
    const file = path.join(root, relative);
    if (!existsSync(file)) return;
    if (statSync(file).isDirectory()) {
      for (const entry of readdirSync(file).sort()) add(path.join(relative, entry));
      return;
    }
    if (TEST_FILE.test(relative)) return;
    hash.update(`${relative.split(path.sep).join("/")}\0`);
    hash.update(readFileSync(file));
    hash.update("\0");
  };
  for (const input of BUILD_INPUTS) add(input);
  return hash.digest("hex");
}

/** Why `root` needs a build, or null when its build is of the sources it has. */
export function needsBuild(root: string): string | null {
  if (!existsSync(path.join(root, "build", "server", "index.js"))) return "No build yet: building Sira…";
  const recorded = existsSync(path.join(root, RECORD)) ? readFileSync(path.join(root, RECORD), "utf8") : "";
  return recorded.trim() === inputsFingerprint(root)
    ? null
    : "The sources changed since the last build: rebuilding…";
}

/** Records that the build in `root` is of the sources it has now. */
export function recordBuild(root: string): void {
  writeFileSync(path.join(root, RECORD), `${inputsFingerprint(root)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, "..");
  if (process.argv.includes("--record")) recordBuild(root);
  else {
    const reason = needsBuild(root);
    if (reason) {
      console.log(reason);
      // `npm run build` records what it read.
      const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  }
}
