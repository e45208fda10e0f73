import fc from "fast-check";

// Generated malformed requests (docs/product.md §20), for the in-process fuzz test (server/fuzz.test.ts) and the
// one against the built server (tests/e2e/fuzz.spec.ts). Kept free of Vitest imports so both can use it.

export interface FuzzRequest {
  method: string;
  /** Path and query, as sent (percent-encodings kept, malformed ones included). */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

/**
 * What exists under test, by the name of the route part it fits (`project`, `article`, `message`, `slug`,
 * `folder`, `name`, `section`, `any`), so that some requests name real rows.
 */
export type FuzzTargets = Readonly<Record<string, readonly string[]>>;

/**
 * Every route of the API, the contact endpoint, stored images and the health checks, each with the methods it
 * answers (`:x` is generated). Most requests use one of those methods, the rest any.
 */
export const API_ROUTES: readonly (readonly [string, string])[] = [
  ["/api/projects", "GET POST"],
  ["/api/projects/:project", "PUT DELETE"],
  ["/api/projects/:project/move", "POST"],
  ["/api/articles", "GET POST"],
  ["/api/articles/:slug", "GET"],
  ["/api/articles/:article", "PUT DELETE"],
  ["/api/admin/projects", "GET"],
  ["/api/admin/projects/:project", "GET"],
  ["/api/admin/articles", "GET"],
  ["/api/admin/articles/:article", "GET"],
  ["/api/uploads", "POST"],
  ["/api/uploads/:folder/:name", "DELETE"],
  ["/api/messages", "GET"],
  ["/api/messages/:message", "PATCH DELETE"],
  ["/api/auth/login", "POST"],
  ["/api/auth/logout", "POST"],
  ["/api/auth/session", "GET"],
  ["/api/auth/password", "POST"],
  ["/api/auth/sessions/end-others", "POST"],
  ["/api/settings", "GET PUT"],
  ["/api/settings/:section", "DELETE"],
  ["/api/backup", "GET"],
  ["/api/backup/restore", "POST"],
  ["/api/:any", "GET POST"],
  ["/f/contact", "POST"],
  ["/f/:any", "POST"],
  ["/storage/portfolio_images/:folder/:name", "GET HEAD"],
  ["/healthz", "GET HEAD"],
  ["/readyz", "GET"],
];

/** The pages and files only the built server has. */
export const PAGE_ROUTES: readonly (readonly [string, string])[] = [
  ["/", "GET HEAD"],
  ["/ar", "GET"],
  ["/about", "GET"],
  ["/ar/about", "GET"],
  ["/projects", "GET"],
  ["/articles", "GET"],
  ["/ar/articles", "GET"],
  ["/articles/:slug", "GET"],
  ["/ar/articles/:slug", "GET"],
  ["/articles/tag/:any", "GET"],
  ["/preview/:article", "GET"],
  ["/services", "GET"],
  ["/contact", "GET POST"],
  ["/ar/contact", "GET POST"],
  ["/contact.data", "GET POST"],
  ["/ar/contact.data", "POST"],
  ["/dashboard", "GET"],
  ["/admin-mh2025", "GET"],
  ["/admin-mh2025/:any", "GET"],
  ["/admin-mh2025/settings/:any", "GET"],
  ["/:any", "GET POST"],
  ["/ar/:any", "GET"],
  ["/feed.xml", "GET"],
  ["/sitemap.xml", "GET"],
  ["/robots.txt", "GET"],
  ["/share/:any/:any.png", "GET"],
  ["/assets/:any", "GET"],
  ["/__manifest", "GET"],
];

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** Path segments and query values no real link has. */
const HOSTILE_SEGMENTS = [
  "%00",
  "a%00b",
  "%ZZ",
  "%",
  "%%",
  "%C3%28",
  "%E0%80%80",
  "%ED%A0%80",
  "%FF%FE",
  "%C0%AF",
  "%0A",
  "%0D%0A",
  "%1B",
  "%7F",
  "%09",
  "__proto__",
  "constructor",
  "prototype",
  "%2e%2e",
  "..",
  "%2F",
  "-1",
  "0",
  "1e309",
  "99999999999999999999999",
  "NaN",
  "null",
  "undefined",
  "true",
  "projects",
  "articles",
  "site",
  "hero",
  "contact",
  "%F0%9F%98%80",
  "%D9%85%D9%82%D8%A7%D9%84%D8%A9",
  "00000000-0000-4000-8000-000000000000",
  "00000000-0000-4000-8000-00000000000g",
  "x".repeat(1200),
  "a.png",
  "..%2F..%2Fetc%2Fpasswd",
];

/** Any code points, lone surrogates included, percent-encoded as a browser would (or as raw bytes if it cannot). */
const encodedText = fc.string({ unit: "binary", maxLength: 24 }).map((text) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
});

/** Printable ASCII as it stands, `/?#` aside: raw `%` and friends reach the server unencoded. */
const rawAscii = fc
  .string({ unit: "grapheme-ascii", maxLength: 24 })
  .map((text) => text.replace(/[/?#\\]/g, "_"));

/** A real id, slug or name with a NUL or another control character somewhere in it. */
function spoiled(targets: FuzzTargets) {
  return fc
    .tuple(
      fc.constantFrom(...Object.values(targets).flat()),
      fc.constantFrom("%00", "%01", "%0A", "%1F", "%7F", "%C0%80", "%ZZ", "%E2%80%AE"),
      fc.nat(),
    )
    .map(([real, bad, at]) => {
      const cut = at % (real.length + 1);
      return `${real.slice(0, cut)}${bad}${real.slice(cut)}`;
    });
}

function segment(targets: FuzzTargets, aimed = false, part = "any") {
  const real = targets[part] ?? Object.values(targets).flat();
  return fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS), weight: 3 },
    { arbitrary: spoiled(targets), weight: 2 },
    { arbitrary: fc.constantFrom(...real), weight: aimed ? 24 : 3 },
    { arbitrary: encodedText, weight: 2 },
    { arbitrary: rawAscii, weight: 1 },
  );
}

function query(targets: FuzzTargets) {
  const key = fc.oneof(
    fc.constantFrom("page", "sent", "tag", "q", "__proto__", "constructor[prototype]", "a[]", "%00"),
    segment(targets),
  );
  const pair = fc.tuple(key, fc.option(segment(targets), { nil: undefined }));
  return fc
    .array(pair, { maxLength: 4 })
    .map((pairs) =>
      pairs.length === 0
        ? ""
        : `?${pairs.map(([name, value]) => (value === undefined ? name : `${name}=${value}`)).join("&")}`,
    );
}

/** A route of `routes` with its `:x` parts generated (and its methods), or a path of generated segments. */
function path(routes: readonly (readonly [string, string])[], targets: FuzzTargets, aimed: boolean) {
  const routed = fc.constantFrom(...routes).chain(([route, methods]) => {
    const parts = [...route.matchAll(/:([a-z]+)/g)].map((match) => segment(targets, aimed, match[1]));
    return fc.tuple(...parts).map((values) => {
      let index = 0;
      return {
        template: route,
        where: route.replace(/:[a-z]+/g, () => values[index++]!),
        methods: methods.split(" "),
      };
    });
  });
  const madeUp = fc
    .array(segment(targets), { minLength: 1, maxLength: 5 })
    .map((parts): { template: string; where: string; methods: string[] } => ({
      template: "",
      where: `/${parts.join("/")}`,
      methods: ["GET", "POST"],
    }));
  return fc
    .tuple(
      fc.oneof({ arbitrary: routed, weight: aimed ? 20 : 6 }, { arbitrary: madeUp, weight: 1 }),
      fc.oneof(
        { arbitrary: fc.constant(""), weight: aimed ? 9 : 3 },
        { arbitrary: query(targets), weight: 1 },
      ),
    )
    .map(([{ template, where, methods }, search]) => ({ template, path: `${where}${search}`, methods }));
}

/** Header values: printable ASCII only (anything else is refused by HTTP clients before it leaves). */
const headerText = fc.string({ unit: "grapheme-ascii", maxLength: 40 });

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=iso-8859-1",
  "multipart/form-data; boundary=fuzzboundary",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "text/plain",
  "text/plain; charset=utf-7",
  "image/png",
  "application/zip",
  "garbage",
  ";;;",
];

const COOKIES = [
  "language=ar",
  "language=en",
  "language=ar; theme=dark",
  "language=xx; theme=%ZZ",
  "language=%00",
  "language=ar; language=en",
  "sira_session=forged-token",
  "sira_session=",
  "sira_session=%00%ZZ",
  "__Host-sira_session=forged",
  "theme=dark; sira_session=00000000-0000-4000-8000-000000000000",
  "=; ;=; a==b",
];

function headers(session: string | undefined) {
  const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
  return fc
    .record({
      contentType: optional(fc.oneof(fc.constantFrom(...CONTENT_TYPES), headerText)),
      cookie: optional(fc.oneof(fc.constantFrom(...COOKIES), headerText)),
      language: optional(fc.constantFrom("ar", "en", "ar-EG,ar;q=0.9", "*", "%00", "xx")),
      origin: optional(fc.constantFrom("http://localhost", "https://evil.example", "null", "garbage")),
      fetchSite: optional(fc.constantFrom("same-origin", "same-site", "cross-site", "none", "garbage")),
      requestId: optional(headerText),
      encoding: optional(fc.constantFrom("gzip", "br", "deflate", "identity", "*;q=0", "garbage")),
    })
    .map((generated) => {
      const result: Record<string, string> = {};
      if (generated.contentType !== undefined) result["Content-Type"] = generated.contentType;
      const cookies = [session, generated.cookie].filter((part) => part !== undefined);
      if (cookies.length > 0) result.Cookie = cookies.join("; ");
      if (generated.language !== undefined) result["Accept-Language"] = generated.language;
      if (generated.origin !== undefined) result.Origin = generated.origin;
      if (generated.fetchSite !== undefined) result["Sec-Fetch-Site"] = generated.fetchSite;
      if (generated.requestId !== undefined) result["X-Request-Id"] = generated.requestId;
      if (generated.encoding !== undefined) result["Accept-Encoding"] = generated.encoding;
      return result;
    });
}

/** The field names the routes read, and the ones that reach for a prototype. */
const FIELD_NAMES = [
  "title",
  "title_en",
  "title_ar",
  "content_en",
  "content_ar",
  "description",
  "image_url",
  "image_alt_en",
  "image_alt_ar",
  "featured",
  "github_link",
  "tags",
  "status",
  "publish_at",
  "read",
  "direction",
  "password",
  "current",
  "next",
  "name",
  "email",
  "subject",
  "message",
  "_gotcha",
  "form_origin",
  "file",
  "folder",
  "replace",
  "timeZone",
  "__proto__",
  "constructor",
  "prototype",
];

/** Values no form sends: control characters, broken UTF-16, numbers out of any range, impossible dates. */
const HOSTILE_VALUES: unknown[] = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfff",
  "bell\u0007",
  "\u001b[31m",
  "line\nbreak\ttab",
  "\u202e\u200f",
  "",
  " ",
  "x".repeat(5000),
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "http://\u0000",
  "/storage/portfolio_images/projects/%00.png",
  "../../etc/passwd",
  "2026-02-31T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59+14:00",
  "2026-01-01T00:00:00.123456789Z",
  "275760-09-13T00:00:00Z",
  "up",
  "down",
  "published",
  "scheduled",
  "a@b.c",
  "Africa/Cairo",
  1e308,
  -1e308,
  2 ** 53 + 2,
  -0,
  5e-324,
  2147483648,
  -2147483649,
  0,
  true,
  false,
  null,
  [],
  {},
  [null],
  { en: "\u0000", ar: "x" },
  { en: "a", ar: "\ud800" },
  [{ en: "\u0000" }],
];

/** Text of the right type that no form sends: a control character or half a surrogate pair inside. */
const hostileText = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.constantFrom("\u0000", "\u0001", "\u0007", "\u001b", "\u007f", "\ud800", "\udc00", "\u000b", "\u000c"),
    fc.string({ maxLength: 20 }),
  )
  .map(([start, bad, end]) => `${start}${bad}${end}`);

const hostileValue = fc.oneof(
  { arbitrary: hostileText, weight: 3 },
  { arbitrary: fc.constantFrom(...HOSTILE_VALUES), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 30 }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.double(), weight: 1 },
);

/** An object of known and prototype-named fields, with hostile values, nested a little. */
const hostileObject = fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 8 });

/** JSON.parse makes "__proto__" an own field; so does this, where plain assignment would set the prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

/** A valid body with one field replaced, added or nested: reaches past the schema into the services. */
function mutated(examples: readonly Record<string, unknown>[]) {
  if (examples.length === 0) return hostileObject;
  return fc
    .tuple(fc.constantFrom(...examples), fc.constantFrom(...FIELD_NAMES), hostileValue, hostileText, fc.nat())
    .map(([example, extra, anyValue, text, pick]) => {
      const copy = structuredClone<Record<string, unknown>>(example);
      // Now and then the body as it is: the write goes through, and later requests meet its row.
      if (pick % 7 === 0) return copy;
      const keys = Object.keys(copy);
      const key = pick % 3 === 0 || keys.length === 0 ? extra : keys[pick % keys.length]!;
      const inner = Object.hasOwn(copy, key) ? copy[key] : undefined;
      // Text of the right type mostly, so the request passes the schema's type checks and meets the rest.
      const value = typeof inner === "string" && pick % 5 !== 4 ? text : anyValue;
      if (pick % 5 === 1 && inner && typeof inner === "object" && !Array.isArray(inner)) {
        const innerKeys = Object.keys(inner);
        const innerKey = innerKeys[pick % Math.max(1, innerKeys.length)] ?? extra;
        setOwn(inner as Record<string, unknown>, innerKey, value);
      } else setOwn(copy, key, value);
      return copy;
    });
}

/** JSON text no encoder writes: nesting beyond any limit, numbers beyond any range, broken syntax. */
const RAW_JSON = [
  "[".repeat(40) + "]".repeat(40),
  "[".repeat(5000) + "]".repeat(5000),
  '{"a":'.repeat(2000) + "1" + "}".repeat(2000),
  "[".repeat(50000),
  '{"read": 1e400}',
  '{"read": -1e400, "direction": 123456789012345678901234567890}',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"title": "\\u0000"}',
  '{"title": "\\ud800"}',
  '{"password": "\\u0000"}',
  '{"a":',
  "",
  "null",
  "true",
  '"text"',
  "[]",
  "{}}",
  "\u0000",
  '{"title": "a", "title": "b"}',
];

function jsonBody(examples: readonly Record<string, unknown>[], aimed: boolean) {
  return fc.oneof(
    { arbitrary: mutated(examples).map((value) => JSON.stringify(value)), weight: aimed ? 16 : 4 },
    { arbitrary: hostileObject.map((value) => JSON.stringify(value)), weight: 2 },
    { arbitrary: fc.constantFrom(...RAW_JSON), weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)), weight: 1 },
  );
}

const formBody = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...FIELD_NAMES), encodedText, rawAscii),
      fc.oneof(encodedText, rawAscii),
    ),
    {
      maxLength: 8,
    },
  )
  .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join("&"));

const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const multipartBody = fc
  .array(
    fc.record({
      name: fc.oneof(fc.constantFrom(...FIELD_NAMES), rawAscii),
      filename: fc.option(
        fc.oneof(fc.constantFrom("a.png", "../x.png", "x\u0000.png", "%00.zip"), rawAscii),
        {
          nil: undefined,
        },
      ),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 200 }).map((rest) => Uint8Array.from([...PNG_START, ...rest])),
        fc.constant(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])),
        fc
          .constantFrom("projects", "articles", "site", "1", "\u0000")
          .map((text) => new TextEncoder().encode(text)),
      ),
    }),
    { maxLength: 4 },
  )
  .chain((parts) =>
    fc.boolean().map((closed) => {
      const chunks: Uint8Array[] = [];
      const text = (value: string) => chunks.push(new TextEncoder().encode(value));
      for (const part of parts) {
        const file = part.filename === undefined ? "" : `; filename="${part.filename}"`;
        text(`--fuzzboundary\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n`);
        if (part.filename !== undefined) text("Content-Type: image/png\r\n");
        text("\r\n");
        chunks.push(part.bytes);
        text("\r\n");
      }
      if (closed) text("--fuzzboundary--\r\n");
      return concat(chunks);
    }),
  );

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const result = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    result.set(chunk, at);
    at += chunk.byteLength;
  }
  return result;
}

/** Bytes that are no UTF-8, and bodies far larger than any route takes. */
const rawBody = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Uint8Array.from(bytes)),
  fc.constant(Uint8Array.from([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28, 0xed, 0xa0, 0x80])),
  fc.constantFrom(2 * 1024, 70 * 1024, 300 * 1024).map((size) => "x".repeat(size)),
  fc.constantFrom(70 * 1024, 300 * 1024).map((size) => `{"title":"${"a".repeat(size)}"}`),
);

export interface FuzzOptions {
  routes: readonly (readonly [string, string])[];
  targets: FuzzTargets;
  /** Valid JSON bodies by route (as in `routes`), for one field at a time to be spoiled. */
  examples?: Readonly<Record<string, readonly Record<string, unknown>[]>>;
  /** The owner's session cookie ("sira_session=…"): sent with every request, and same-origin headers mostly. */
  session?: string;
  /** Methods to use (all by default). */
  methods?: readonly string[];
  /** Mostly real ids and plain addresses: requests that reach the services rather than the guards. */
  aimed?: boolean;
  /** The site's origin, for same-origin requests (http://localhost, as app.request uses). */
  origin?: string;
}

/** Generated requests: any method on any of `routes` (or a made-up path), with generated headers and body. */
export function fuzzRequests(options: FuzzOptions): fc.Arbitrary<FuzzRequest> {
  const kind = <K extends string, T>(name: K, arbitrary: fc.Arbitrary<T>) =>
    arbitrary.map((payload) => ({ kind: name, payload }));
  const bodies = new Map<string, ReturnType<typeof bodyFor>>();
  const bodyFor = (examples: readonly Record<string, unknown>[]) =>
    fc.oneof(
      { arbitrary: kind("none", fc.constant(undefined)), weight: 2 },
      { arbitrary: kind("json", jsonBody(examples, options.aimed ?? false)), weight: options.aimed ? 20 : 5 },
      { arbitrary: kind("form", formBody), weight: 1 },
      { arbitrary: kind("multipart", multipartBody), weight: 1 },
      { arbitrary: kind("raw", rawBody), weight: 1 },
    );
  const body = (template: string) => {
    const examples = options.examples?.[template] ?? Object.values(options.examples ?? {}).flat();
    if (!bodies.has(template)) bodies.set(template, bodyFor(examples));
    return bodies.get(template)!;
  };
  const route = path(options.routes, options.targets, options.aimed ?? false);
  return route
    .chain((chosen) =>
      fc.record({
        route: fc.constant(chosen),
        anyMethod: fc.constantFrom(...(options.methods ?? METHODS)),
        ownMethod: fc.nat(options.aimed ? 9 : 3).map((n) => n > 0),
        headers: headers(options.session),
        body: body(chosen.template),
        // With a session, most requests are the admin page's own: same-origin, typed as what they carry.
        ownPage: fc.nat(options.aimed ? 9 : 3).map((n) => n > 0),
        pick: fc.nat(),
      }),
    )
    .map(
      ({
        anyMethod,
        ownMethod,
        route: chosen,
        headers: generated,
        body: { kind: sent, payload },
        ownPage,
        pick,
      }) => {
        const method = ownMethod ? chosen.methods[pick % chosen.methods.length]! : anyMethod;
        const result: Record<string, string> = { ...generated };
        if (options.session && ownPage) {
          result.Cookie = options.session;
          result.Origin = options.origin ?? "http://localhost";
          result["Sec-Fetch-Site"] = "same-origin";
          if (sent === "json") result["Content-Type"] = "application/json";
          if (sent === "multipart") result["Content-Type"] = "multipart/form-data; boundary=fuzzboundary";
        }
        // Request bodies on GET and HEAD cannot be sent at all.
        const withBody = method !== "GET" && method !== "HEAD" ? payload : undefined;
        return { method, path: chosen.path, headers: result, body: withBody };
      },
    );
}

/** A short description of a request for failure messages. */
export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ""
      : typeof request.body === "string"
        ? ` ${JSON.stringify(request.body.slice(0, 200))}${request.body.length > 200 ? "…" : ""}`
        : ` <${request.body.byteLength} bytes>`;
  return `${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers)}${body}`;
}
