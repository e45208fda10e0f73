// After `react-router build`: a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible
// hashed asset in build/client/assets, so the server never compresses an asset per request
// (docs/architecture.md "Request paths"). Kept only when smaller than the file itself.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = path.resolve(import.meta.dirname, "..", "build", "client", "assets");
const compressible = /\.(js|mjs|css|svg|json|txt|map|html|xml)$/i;
let files = 0;
let before = 0;
let afterBrotli = 0;
for (const name of readdirSync(assets)) {
  if (!compressible.test(name)) continue;
  const file = path.join(assets, name);
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
  files++;
  before += bytes.length;
  afterBrotli += Math.min(brotli.length, bytes.length);
}
console.log(
  `Compressed ${files} assets: ${(before / 1024).toFixed(0)} kB, ${(afterBrotli / 1024).toFixed(0)} kB with brotli.`,
);
