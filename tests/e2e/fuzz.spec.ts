import { request as httpRequest } from "node:http";
import fc from "fast-check";
import {
  API_ROUTES,
  PAGE_ROUTES,
  describeRequest,
  fuzzRequests,
  type FuzzRequest,
} from "#tests/helpers/fuzz-requests.ts";
import { insertArticle, insertProject } from "#tests/helpers/seed.ts";
import { expect, test } from "./fixtures.ts";

// docs/product.md §20 against the built server over HTTP: the pages, the contact page's no-JavaScript form action
// (React Router) and the static files exist only there. A few hundred generated malformed requests: none may
// answer 5xx or drop the connection, the server logs no error, and it still serves its pages after.

const RUNS = 300;

/** One request as a raw HTTP client sends it: the path exactly as generated, the body as bytes. */
function send(base: URL, fuzz: FuzzRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: fuzz.method,
        // Spaces and the like escaped, as any client must; the `%` sequences stay as generated.
        path: fuzz.path.replace(/[^\x21-\x7e]/g, (character) => encodeURIComponent(character)),
        // The length stated, as every client does: without it Node sends an OPTIONS or DELETE body unframed.
        headers: {
          ...fuzz.headers,
          Connection: "close",
          ...(fuzz.body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(fuzz.body)) }),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(fuzz.body === undefined ? undefined : Buffer.from(fuzz.body));
  });
}

test("a few hundred malformed requests to the built server: no 5xx, no dropped connection", async ({
  server,
  db,
}) => {
  test.setTimeout(120_000);
  const project = await insertProject(db);
  const article = await insertArticle(db, { slug: "fuzz-article", date: new Date("2026-01-01") });
  const targets = {
    project: [project.id],
    article: [article.id],
    slug: [article.slug],
    message: ["00000000-0000-4000-8000-000000000000"],
    folder: ["projects", "site"],
    name: ["1700000000000_fuzz.png"],
    section: ["hero"],
    any: ["contact", "about", "ar", "root-abc.css"],
  };
  const contact = { name: "Mona", email: "mona@example.com", subject: "Hi", message: "Hello" };
  const origin = new URL(server.url).origin;
  const requests = fc.sample(
    fuzzRequests({
      routes: [...PAGE_ROUTES, ...API_ROUTES],
      targets,
      examples: { "/contact": [contact], "/ar/contact": [contact], "/f/contact": [contact] },
      origin,
    }),
    { numRuns: RUNS, seed: 14 },
  );
  // The contact page's plain form post, as odd as it gets: every one of these once answered a 500 page.
  const contactPosts: FuzzRequest[] = [
    ["text/plain", "name=Mona"],
    ["multipart/form-data", "--x\r\n"],
    ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data\r\n\r\n"],
    ["application/x-www-form-urlencoded", "__proto__=1&constructor=2&prototype=3&name=Mona"],
    ["application/x-www-form-urlencoded", "name=%ZZ&email=%C3%28&subject=%00&message=%ED%A0%80"],
    ["application/x-www-form-urlencoded; charset=utf-16", "\u00ff\u00fen\u0000a\u0000"],
    ["application/json", '{"__proto__": {"x": 1}}'],
  ].flatMap(([type, body]) =>
    ["/contact", "/ar/contact"].map((path) => ({
      method: "POST",
      path,
      headers: { "Content-Type": type!, Origin: origin },
      body: body!,
    })),
  );

  const base = new URL(server.url);
  const statuses = new Map<number, number>();
  // The server runs in this process: a warning it prints (a page rendered without its texts) is a finding too.
  const warnings: string[] = [];
  const { warn, error } = console;
  console.warn = console.error = (...args: unknown[]) => void warnings.push(args.map(String).join(" "));
  try {
    await sendAll();
  } finally {
    console.warn = warn;
    console.error = error;
  }
  expect(warnings).toEqual([]);

  async function sendAll() {
    for (const fuzz of [...contactPosts, ...requests]) {
      let status: number;
      try {
        status = await send(base, fuzz);
      } catch (error) {
        throw new Error(`${String(error)} for ${describeRequest(fuzz)}`, { cause: error });
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      expect(status, describeRequest(fuzz)).toBeLessThan(500);
    }
  }

  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([code, n]) => `${code}: ${n}`);
  console.info(`fuzz against the built server: ${total} requests; statuses ${histogram.join(", ")}`);
  expect(total).toBe(RUNS + contactPosts.length);
  expect(server.logLines.filter((line) => line.startsWith("error "))).toEqual([]);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const home = await fetch(`${server.url}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("<html");
});
