import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { readPreferences } from "#core/preferences.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { pageCacheKey, pickEncoding, type PageCache } from "./page-cache.ts";
import { isHttpsRequest, STRICT_TRANSPORT_SECURITY } from "#server/http/headers.ts";
import { responseRequestId } from "#server/http/request-log.ts";
import type { BuiltAssets } from "#server/http/static-files.ts";
import type { StoredAnswer } from "#server/http/stored-answer.ts";

// Decision 028: what the server keeps whole in memory (hashed assets, stored pages) is answered in the Node
// request listener, before the request becomes a web Request and goes through the app's middleware. Only requests
// whose answer is known to be the app's are taken; every other one goes to the app, which answers the same
// requests the same way (server/ssr/fast-path.test.ts holds the two to the same status, headers and bytes).

/** Answers a request it can and says true; false leaves the request untouched, for the app. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * An address made only of characters that need no decoding, without query, fragment or dot segment: it is
 * well-formed (docs/product.md §20), and the app sees the same path in it whatever parses it.
 */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
/** A Host header the Node adapter takes as it is (@hono/node-server's test); any other is left to it. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
/** A plain target has no query. */
const NO_PARAMETERS = new URLSearchParams();

/** A header Node gives as one string (it joins repeated ones). */
const text = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

export function createFastPath(options: {
  /** The build's hashed assets; absent in development and API-only uses. */
  assets?: BuiltAssets;
  /** The page cache, when the app renders pages. */
  pages?: PageCache;
  siteUrl: string;
  publicOrigin: string | undefined;
  trustProxy: boolean;
  /** With LOG_REQUESTS: the line server/http/request-log.ts writes for each request. */
  requestLog?: Logger;
}): FastPath {
  const { assets, pages, requestLog } = options;
  if (!assets && !pages) return () => false;
  return (request, response) => {
    const started = requestLog ? performance.now() : 0;
    const { method, url = "" } = request;
    if (method !== "GET" && method !== "HEAD") return false;
    const headers = request.headers;
    const host = headers.host;
    if (host === undefined || !PLAIN_HOST.test(host)) return false;
    // A body, which the app would leave unread or drain, is the app's to handle.
    if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return false;
    const acceptEncoding = text(headers["accept-encoding"]);

    let answer: StoredAnswer | undefined;
    let extra: [string, string] | undefined;
    const asset = url.startsWith("/assets/");
    if (asset) {
      // Only a name the build made is answered, and those are plain: anything else in the address misses.
      answer = assets?.answer(url, acceptEncoding);
    } else if (!PLAIN_TARGET.test(url) || DOT_SEGMENT.test(url)) {
      return false;
    } else if (pages && method === "GET") {
      // An encoding the stored copies do not cover is compressed by the app's middleware.
      const encoding = pickEncoding(acceptEncoding);
      if (acceptEncoding !== undefined && encoding === null) return false;
      const preferences = readPreferences(headers.cookie);
      // The language cookie's redirect of `/` (server/ssr/page-handler.ts).
      if (url === "/" && preferences.language === "ar") return false;
      const https = (request.socket as Partial<TLSSocket>).encrypted === true;
      const origin = options.publicOrigin ? null : new URL(`${https ? "https" : "http"}://${host}`).origin;
      const key = pageCacheKey({ pathname: url, searchParams: NO_PARAMETERS }, preferences.theme, origin);
      answer = key === null ? undefined : pages.lookup(key, encoding);
      const served = {
        forwardedProto: text(headers["x-forwarded-proto"]),
        protocol: https ? "https:" : "http:",
      };
      if (answer && isHttpsRequest(served, options))
        extra = ["Strict-Transport-Security", STRICT_TRANSPORT_SECURITY];
    }
    if (!answer) return false;

    const requestId = responseRequestId(text(headers["x-request-id"]), {
      asset,
      logged: requestLog !== undefined,
    });
    let sent = answer.headers;
    if (requestId !== undefined || extra) {
      const own: Record<string, string> = { ...answer.headers };
      if (requestId !== undefined) own["X-Request-Id"] = requestId;
      if (extra) own[extra[0]] = extra[1];
      sent = own;
    }
    response.writeHead(answer.status, sent);
    response.end(method === "HEAD" ? undefined : answer.body);
    requestLog?.info("request", {
      requestId,
      method,
      path: url,
      status: answer.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return true;
  };
}
