// The yardstick of `npm run bench`: a plain Node server holding one built file in memory with its brotli and gzip
// copies, answering in the encoding the client accepts, nothing per request but a lookup.
// `node tools/reference-server.ts PORT FILE`: FILE (and FILE.br, FILE.gz) served at /.
import { readFileSync } from "node:fs";
import http from "node:http";

const [port = "0", file = ""] = process.argv.slice(2);
const bodies = {
  br: readFileSync(`${file}.br`),
  gzip: readFileSync(`${file}.gz`),
  identity: readFileSync(file),
};

http
  .createServer((request, response) => {
    const accepted = request.headers["accept-encoding"] ?? "";
    const encoding = accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : "identity";
    response.writeHead(200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Content-Length": bodies[encoding].length,
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
    });
    response.end(bodies[encoding]);
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
