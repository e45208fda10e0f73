import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

/**
 * A stand-in for build/client: one hashed script with the build's brotli and gzip copies (Arabic text, so the
 * encodings differ in size) and one font without copies. Remove `clientDir` after the tests.
 */
export function makeBuiltClient(prefix: string) {
  const clientDir = mkdtempSync(path.join(tmpdir(), prefix));
  const script = Buffer.from(`export const hello = ${JSON.stringify("سلام ".repeat(500))};\n`);
  const font = Buffer.from("wOF2 not really a font");
  const assets = path.join(clientDir, "assets");
  mkdirSync(assets, { recursive: true });
  writeFileSync(path.join(assets, "entry-Ab12Cd.js"), script);
  writeFileSync(path.join(assets, "entry-Ab12Cd.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(assets, "entry-Ab12Cd.js.gz"), gzipSync(script));
  writeFileSync(path.join(assets, "cairo-Zz99.woff2"), font);
  return { clientDir, script, font, remove: () => rmSync(clientDir, { recursive: true, force: true }) };
}
