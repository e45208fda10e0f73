import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { serverNodeFlags, startCommand } from "./machine.ts";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function checkoutWithStart(start: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "sira-start-"));
  folders.push(root);
  await writeFile(path.join(root, "package.json"), JSON.stringify({ scripts: { start } }));
  return root;
}

test("reads this checkout's `npm start`: the allocator's variable and Node flags", () => {
  expect(startCommand()).toEqual({ env: { MALLOC_ARENA_MAX: "2" }, flags: serverNodeFlags() });
});

test("reads an earlier checkout's `npm start`, variables set before `node` apart from its flags", async () => {
  const root = await checkoutWithStart(
    "node scripts/ensure-build.js && MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072 node --env-file-if-exists=.env --liftoff-only server.js",
  );
  expect(startCommand(root)).toEqual({
    env: { MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "131072" },
    flags: ["--env-file-if-exists=.env", "--liftoff-only"],
  });
  expect(startCommand(await checkoutWithStart("node server.js"))).toEqual({ env: {}, flags: [] });
});
