// The yardstick of `npm run bench`: a plain Node server holding files in memory (a hashed script with the build's
// brotli and gzip copies) and answering in the encoding the client accepts, nothing per request but a lookup.
// `node tools/reference-server.ts PORT FOLDER`: every file of FOLDER is served at /NAME.
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const [port = "0", folder = "."] = process.argv.slice(2);
const read = (name: string) => readFileSync(path.join(folder, name));
const files = new Map(
  readdirSync(folder)
    .filter((name) => !/\.(br|gz)$/.test(name))
    .map((name) => [`/${name}`, { identity: read(name), br: read(`${name}.br`), gzip: read(`${name}.gz`) }]),
);

http
  .createServer((request, response) => {
    const file = files.get(request.url ?? "/");
    if (!file) return void response.writeHead(404).end();
    const accepted = request.headers["accept-encoding"] ?? "";
    const encoding = accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : "identity";
    const body = file[encoding];
    response.writeHead(200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Content-Length": body.length,
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
    });
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
