import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found from this module whether it runs from source or from build/. */
export function findProjectRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "db", "migrations")))
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Could not find the project folder above ${from}`);
    dir = parent;
  }
}
