/**
 * An answer kept in memory whole (a hashed asset, a stored page): status, every header but the request's own
 * (X-Request-Id, Strict-Transport-Security), and body. Sent by the app (server/http/static-files.ts,
 * server/ssr/page-handler.ts) or before it (server/ssr/fast-path.ts, decision 028).
 */
export interface StoredAnswer {
  status: number;
  /** Never changed once stored: a request's own headers go on a copy. */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
}

/**
 * `parse` of a request header, remembered for the values last seen: browsers send a handful of Accept-Encoding
 * values, and a flood of made-up ones only empties the memory every `limit` values.
 */
export function byHeaderValue<T>(parse: (header: string | undefined) => T, limit = 64) {
  const seen = new Map<string, T>();
  const absent = parse(undefined);
  return (header: string | undefined): T => {
    if (header === undefined) return absent;
    let value = seen.get(header);
    if (value === undefined && !seen.has(header)) {
      value = parse(header);
      if (seen.size >= limit) seen.clear();
      seen.set(header, value);
    }
    return value as T;
  };
}
