import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";

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

/**
 * The key every per-address limit counts under (docs/product.md §25): an IPv6 address stands for its /64
 * network, since one machine is usually given a whole /64 and can pick a new address in it for every request;
 * an IPv4 address (or an IPv4-mapped IPv6 one) stands for itself. Anything that is not an address stays as it
 * is.
 */
export function addressGroup(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // A zone (fe80::1%eth0) names the interface, not the network.
    parsed = ipaddr.parse(address.replace(/%.*$/, ""));
  } catch {
    return address;
  }
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/64`);
  return `${network.toString()}/64`;
}
