/**
 * An answer kept in memory whole (a hashed asset, a stored page): status, every header but the request's own
 * (X-Request-Id, Strict-Transport-Security), and body. Sent by the app (server/http/static-files.ts,
 * server/ssr/page-handler.ts) or before it (server/http/fast-path.ts, decision 028).
 */
export interface StoredAnswer {
  status: number;
  /** Never changed once stored: a request's own headers go on a copy. */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
}
