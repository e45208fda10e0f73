// Sira runs on the Node 24 that the `node` package installs into node_modules/.bin (decision 003): npm puts it
// first on the PATH of every npm script. `npm test` runs this file first; server.js calls it before loading
// anything else, so a start on an older Node stops with this message instead of a syntax error.
import { fileURLToPath } from "node:url";

export function requireNode24() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= 24) return;
  console.error(
    `Sira needs Node.js 24 or newer, but this is ${process.version}. Run it through npm (npm start, npm test), ` +
      "which uses the Node 24 that `npm ci` installs (run `npm ci` again if it is missing), or install Node 24 LTS.",
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) requireNode24();
