import type { Context, MiddlewareHandler } from "hono";
import type { ApiErrorKey } from "#core/api-errors.ts";
import { apiFail } from "./errors.ts";

// docs/product.md §20: malformed input gets a 4xx, never a 500. The checks every request and every JSON body
// pass before any route sees them: an address that cannot be decoded or holds control characters, text with
// control characters or broken UTF-16, field names that reach for an object's prototype, nesting that only
// a machine would send, and a body sent to a call that takes none.

/** Control characters: C0 and DEL. Tab, line feed and carriage return are allowed in text (not in addresses). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above, less tab, line feed and carriage return.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A `%` not followed by two hex digits. */
const BAD_PERCENT = /%(?![0-9a-fA-F]{2})/;

/** Field names that reach for an object's prototype: refused wherever JSON is taken. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** The deepest nesting of a JSON body: the deepest the site's own documents go is 4. */
export const MAX_JSON_DEPTH = 32;

/** One piece of an address, percent-decoded; null when it is no valid UTF-8 or holds control characters. */
function decodePiece(piece: string, plusIsSpace: boolean): string | null {
  if (BAD_PERCENT.test(piece)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(plusIsSpace ? piece.replaceAll("+", " ") : piece);
  } catch {
    return null;
  }
  return CONTROL.test(decoded) ? null : decoded;
}

/**
 * Whether a request's address (path and query) is one a person or our pages could send: valid percent-encoding
 * of valid UTF-8, and no control character once decoded.
 */
export function isWellFormedAddress(url: URL): boolean {
  for (const segment of url.pathname.split("/")) if (decodePiece(segment, false) === null) return false;
  const query = url.search.slice(1);
  if (query === "") return true;
  for (const pair of query.split("&"))
    for (const part of pair.split("=")) if (decodePiece(part, true) === null) return false;
  return true;
}

/** What is wrong with a JSON value: the first problem found, with the path of its field. */
export interface JsonProblem {
  key: Extract<ApiErrorKey, "controlCharacter" | "forbiddenKey" | "tooDeep" | "notText">;
  path: string;
}

/**
 * The first problem of a parsed JSON value, or null: a prototype-named field, nesting deeper than
 * MAX_JSON_DEPTH, and, when `text` is checked, a string (or field name) with control characters other than
 * tab and line breaks, or with half of a UTF-16 surrogate pair (text that is no valid Unicode). Walks without
 * recursion, so no nesting can overflow the stack.
 */
export function jsonProblem(value: unknown, options: { text: boolean } = { text: true }): JsonProblem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  const badText = (text: string) => options.text && (CONTROL_IN_TEXT.test(text) || !text.isWellFormed());
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (badText(current)) return { key: "controlCharacter", path: path.join(".") };
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= MAX_JSON_DEPTH) return { key: "tooDeep", path: path.join(".") };
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [name, item] of Object.entries(current)) {
      if (PROTOTYPE_KEYS.has(name)) return { key: "forbiddenKey", path: [...path, name].join(".") };
      if (badText(name)) return { key: "controlCharacter", path: [...path, name].join(".") };
      stack.push({ value: item, path: [...path, name] });
    }
  }
  return null;
}

/** The paths whose replies are JSON (the API's error shape); every other path is a page. */
const JSON_PATHS = /^\/(api|f|storage|healthz|readyz)(\/|$)/;

export function answersJson(path: string): boolean {
  return JSON_PATHS.test(path);
}

/**
 * What the server's listener (server/runtime.ts) hands the app, beside Node's request and response, for a request
 * the Node adapter could not turn into an address (a backslash in its path, a Host that is no host): the app sees
 * a readable stand-in and answers it as a malformed address.
 */
export interface UnreadableAddress {
  unreadableAddress: true;
}

function isUnreadable(env: unknown): boolean {
  return (
    typeof env === "object" && env !== null && (env as Partial<UnreadableAddress>).unreadableAddress === true
  );
}

/**
 * Refuses, before any route runs, a request whose address is malformed: 400 in the API's error shape for JSON
 * paths, with the security headers `headers` adds; for a page, `page` answers (the site's not-found page in the
 * address's language).
 */
export function refuseMalformedAddress(options: {
  page?: (c: Context) => Response | Promise<Response>;
  headers: MiddlewareHandler;
}): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (isWellFormedAddress(url) && !isUnreadable(c.env)) return next();
    if (answersJson(url.pathname) || !options.page) {
      await options.headers(c, () => {
        c.res = apiFail(c, 400, "invalidAddress");
        return Promise.resolve();
      });
      return c.res;
    }
    return options.page(c);
  };
}

/** The most a call that takes no body will read of one: enough for an empty JSON object, not for a flood. */
export const IGNORED_BODY_LIMIT = 1024;

/**
 * For calls that take no body (deletes, sign-out, …): 413 when one larger than IGNORED_BODY_LIMIT is sent, so
 * no flood or deep nesting is buffered or left unread. Only `methods` are checked (all when absent). Reads at
 * most that much of a body that states no length.
 */
export function limitIgnoredBody(methods?: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (methods && !methods.includes(c.req.method)) return next();
    const length = c.req.header("Content-Length");
    if (length !== undefined) {
      if (!/^\d+$/.test(length.trim()) || Number(length) > IGNORED_BODY_LIMIT)
        return apiFail(c, 413, "tooLarge");
      return next();
    }
    const body = c.req.raw.body;
    if (body === null || c.req.raw.bodyUsed) return next();
    const reader = body.getReader();
    let read = 0;
    try {
      while (read <= IGNORED_BODY_LIMIT) {
        const chunk = await reader.read();
        if (chunk.done) break;
        read += chunk.value.byteLength;
      }
    } catch {
      // A body that breaks off is no body this call needs.
    } finally {
      void reader.cancel().catch(() => {});
    }
    if (read > IGNORED_BODY_LIMIT) return apiFail(c, 413, "tooLarge");
    return next();
  };
}

/** The most of a body no route read that is read through before the answer, so the connection stays whole. */
export const UNREAD_BODY_DRAIN_LIMIT = 1024 * 1024;

/**
 * A body no route read (a page sent a POST, an OPTIONS with data) is read through before the answer goes out, up
 * to UNREAD_BODY_DRAIN_LIMIT: a server that closes a connection with unread data in it resets it, and the client
 * sees no answer at all. Larger unread bodies are left to the HTTP server, which drains or closes.
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  // A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3); asking for `raw.body`
  // would build a whole Request object for every page view to find that out.
  if (c.req.header("Content-Length") === undefined && c.req.header("Transfer-Encoding") === undefined) return;
  const raw = c.req.raw;
  if (raw.body === null || raw.bodyUsed) return;
  const length = Number(c.req.header("Content-Length") ?? "0");
  if (!(length <= UNREAD_BODY_DRAIN_LIMIT)) return;
  const reader = raw.body.getReader();
  try {
    for (let read = 0; read <= UNREAD_BODY_DRAIN_LIMIT;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      read += chunk.value.byteLength;
    }
  } catch {
    // The client stopped sending: nothing left to drain.
  } finally {
    void reader.cancel().catch(() => {});
  }
};
