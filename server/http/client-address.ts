import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The visitor's address, for rate limits. Behind a reverse proxy every request comes from the proxy, so with
 * TRUST_PROXY the address the proxy appended to X-Forwarded-For (the last one) is used instead; without it the
 * header is ignored, since any client can write it.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",").at(-1)?.trim();
    if (forwarded) return normalise(forwarded);
  }
  try {
    return normalise(getConnInfo(c).remote.address ?? "unknown");
  } catch {
    // Requests made in-process (app.request in tests) have no socket.
    return "unknown";
  }
}

function normalise(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1").toLowerCase();
}
