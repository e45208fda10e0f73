// The benchmark's yardstick: a minimal Node static file server that holds the same prebuilt files in
// memory (the HTML of `/` as the site served it, a hashed script with the build's brotli and gzip copies) and
// answers with the encoding the client accepts. Nothing per request but a lookup and a write.
// `node tools/reference-server.ts PORT FOLDER`: every file in FOLDER is served at /NAME (index.html at /).
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const [port = "0", folder = "."] = process.argv.slice(2);
const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
};
const files = new Map<string, { type: string; identity: Buffer; br?: Buffer; gzip?: Buffer }>();
for (const name of readdirSync(folder)) {
  if (name.endsWith(".br") || name.endsWith(".gz")) continue;
  const read = (suffix: string) => {
    try {
      return readFileSync(path.join(folder, name + suffix));
    } catch {
      return undefined;
    }
  };
  files.set(name === "index.html" ? "/" : `/${name}`, {
    type: types[path.extname(name)] ?? "application/octet-stream",
    identity: readFileSync(path.join(folder, name)),
    br: read(".br"),
    gzip: read(".gz"),
  });
}

http
  .createServer((request, response) => {
    const file = files.get(request.url ?? "/");
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const accepted = request.headers["accept-encoding"] ?? "";
    const [encoding, body] =
      file.br && accepted.includes("br")
        ? ["br", file.br]
        : file.gzip && accepted.includes("gzip")
          ? ["gzip", file.gzip]
          : [undefined, file.identity];
    response.writeHead(200, {
      "Content-Type": file.type,
      "Content-Length": body.length,
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
