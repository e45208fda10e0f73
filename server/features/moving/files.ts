import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import yauzl from "yauzl";
import { MAX_IMPORT_BYTES, MAX_IMPORT_FILES, MAX_IMPORT_INFLATED_BYTES } from "#core/moving-limits.ts";
import { ServiceError } from "#server/http/errors.ts";

// The files of an imported folder or zip (docs/product.md §31), bounded before and while they are read, never by
// what a zip says of itself: how many entries, the size of each and of all together. A name that leaves the root
// (`../`, an absolute path, a drive letter, a backslash) refuses the whole import: nothing is changed.

export { MAX_IMPORT_BYTES, MAX_IMPORT_FILES, MAX_IMPORT_INFLATED_BYTES };

const MIB = 1024 * 1024;
/** Files an import reads: texts, data and pictures; anything else is not read at all. */
const WANTED = /\.(md|markdown|mdx|ya?ml|json|xml|png|jpe?g|gif|webp)$/i;

const refuse = (
  key: "importUnsafePath" | "importTooLarge" | "importUnreadable",
  vars?: Record<string, string | number>,
) => new ServiceError(422, key, { path: "file", vars });

/** A path inside the root, with forward slashes; refuses one that would leave it. */
export function safeEntryPath(name: string): string {
  if (name.includes("\\") || name.includes("\0") || /^[a-z]:/i.test(name) || name.startsWith("/"))
    throw refuse("importUnsafePath");
  const parts = name.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.some((part) => part === "..")) throw refuse("importUnsafePath");
  return parts.join("/");
}

const tooLarge = () => refuse("importTooLarge", { max: MAX_IMPORT_INFLATED_BYTES / MIB });

/** Every wanted file of a zip held in memory, checked entry by entry. */
export function readZip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      archive,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => {
        if (error || !zip) return reject(refuse("importUnreadable"));
        if (zip.entryCount > MAX_IMPORT_FILES) return reject(tooLarge());
        const files = new Map<string, Buffer>();
        let total = 0;
        let failed = false;
        const fail = (cause: unknown) => {
          if (failed) return;
          failed = true;
          zip.close();
          // yauzl refuses an entry whose name leaves the root before it is handed over.
          const unsafe =
            cause instanceof Error &&
            /invalid relative path|absolute path|invalid characters/i.test(cause.message);
          reject(
            cause instanceof ServiceError ? cause : refuse(unsafe ? "importUnsafePath" : "importUnreadable"),
          );
        };
        zip.on("error", fail);
        zip.on("end", () => !failed && resolve(files));
        zip.on("entry", (entry: yauzl.Entry) => {
          let name: string;
          try {
            name = safeEntryPath(entry.fileName);
          } catch (cause) {
            return fail(cause);
          }
          if (entry.fileName.endsWith("/") || !WANTED.test(name) || name.startsWith("__MACOSX/"))
            return zip.readEntry();
          if (total + entry.uncompressedSize > MAX_IMPORT_INFLATED_BYTES) return fail(tooLarge());
          zip.openReadStream(entry, (opened, stream) => {
            if (opened || !stream) return fail(opened);
            const chunks: Buffer[] = [];
            stream.on("data", (chunk: Buffer) => {
              total += chunk.length;
              // A zip bomb stops here, whatever its header declared.
              if (total > MAX_IMPORT_INFLATED_BYTES) {
                stream.destroy();
                return fail(tooLarge());
              }
              chunks.push(chunk);
            });
            stream.on("error", fail);
            stream.on("end", () => {
              files.set(name, Buffer.concat(chunks));
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      },
    );
  });
}

/** Every wanted file of a folder on this machine (`npm run import -- DIR`), with the same bounds; links are not followed. */
export async function readFolder(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  let total = 0;
  const visit = async (relative: string) => {
    for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await visit(name);
      else if (entry.isFile() && WANTED.test(name)) {
        if (files.size >= MAX_IMPORT_FILES) throw tooLarge();
        const { size } = await lstat(path.join(root, name));
        total += size;
        if (total > MAX_IMPORT_INFLATED_BYTES) throw tooLarge();
        files.set(name, await readFile(path.join(root, name)));
      }
    }
  };
  await visit("");
  return files;
}

/** Whether bytes are a zip (its local header's signature). */
export const isZip = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
