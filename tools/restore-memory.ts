// Peak memory of a restore of the largest table data the limits allow (MAX_BACKUP_DATA_BYTES of valid message rows,
// compressed to a small zip), on an in-memory PGlite: `node tools/restore-memory.ts make FILE [MiB of rows]` writes
// the archive, `node tools/restore-memory.ts FILE` restores it in a process of its own and prints its peak RSS.
import { createHash, randomUUID } from "node:crypto";
import yazl from "yazl";
import { createDb } from "#db/client.ts";
import { checkBackup, restoreBackup, MAX_BACKUP_DATA_BYTES } from "#server/features/backup/archive.ts";
import { createMemoryLogger } from "#server/kernel/logger.ts";
import { createDiskImageStore } from "#server/kernel/storage/disk-store.ts";
import { restoreGates } from "#server/restore-gates.ts";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const MIB = 1024 * 1024;
const [command = "", file = command] = process.argv.slice(2);
if (command === "make") await make(file, Number(process.argv[4] ?? MAX_BACKUP_DATA_BYTES / MIB) * MIB);
else await measure(file);

async function make(file: string, target: number) {
  const message = "Hello, I would like a new site. ".repeat(300);
  const parts: string[] = [];
  let bytes = 2;
  let rows = 0;
  while (bytes < target - 20_000) {
    const row = JSON.stringify({
      id: randomUUID(),
      name: "Sam",
      email: "sam@example.com",
      subject: "A new site",
      message,
      form_origin: "",
      created_at: new Date().toISOString(),
    });
    parts.push(row);
    bytes += row.length + 1;
    rows++;
  }
  const data = Buffer.from(`[${parts.join(",")}]`);
  parts.length = 0;
  const empty = Buffer.from("[]");
  const entries = { "data/messages.json": data } as Record<string, Buffer>;
  for (const name of ["projects", "testimonials", "articles", "site_settings"])
    entries[`data/${name}.json`] = empty;
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(content, name);
  const manifest = {
    format: "sira-backup",
    version: 1,
    created_at: new Date().toISOString(),
    tables: { projects: 0, testimonials: 0, articles: 0, site_settings: 0, messages: rows },
    entries: Object.entries(entries).map(([name, content]) => ({
      path: name,
      sha256: createHash("sha256").update(content).digest("hex"),
      bytes: content.length,
    })),
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest)), "manifest.json");
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  writeFileSync(file, Buffer.concat(chunks));
  console.log(`${file}: ${(data.length / MIB).toFixed(0)} MiB of rows (${rows} messages)`);
}

async function measure(file: string) {
  const archive = readFileSync(file);
  const handle = await createDb({ migrationsFolder: "db/migrations" });
  const { db } = handle;
  const rssMiB = () => Math.round(process.memoryUsage().rss / MIB);
  const peakMiB = () => Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(`archive ${(archive.length / MIB).toFixed(1)} MiB`);
  console.log(`before restore: rss ${rssMiB()} MiB, peak so far ${peakMiB()} MiB`);
  const started = Date.now();
  const deps = {
    db,
    images: createDiskImageStore(mkdtempSync(path.join(tmpdir(), "sira-restore-memory-"))),
    logger: createMemoryLogger(),
  };
  const checked = await checkBackup(archive, restoreGates);
  const tables = await restoreBackup(deps, checked, { replace: true }, restoreGates);
  console.log(
    `restored ${tables.messages} messages in ${((Date.now() - started) / 1000).toFixed(0)} s: rss ${rssMiB()} MiB, peak ${peakMiB()} MiB`,
  );
  await handle.close();
}
