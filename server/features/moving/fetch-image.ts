import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { MAX_UPLOAD_BYTES } from "#core/images.ts";

// Images a source names by address (docs/product.md §31) are fetched with the upload path's size limit, a short
// timeout and no redirect, and never from a loopback, private, link-local or otherwise reserved address: the
// check runs on the address the name resolves to at connection time, so a name that resolves elsewhere later
// (DNS rebinding) still cannot reach the server's own network.

/** How long one image may take, connection to last byte. */
export const FETCH_TIMEOUT_MS = 10_000;

/** Whether an address is one of the public internet's. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
}

class BlockedAddress extends Error {}

const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses;
    const blocked = list.find((entry) => !isPublicAddress(entry.address));
    if (blocked || list.length === 0) return callback(new BlockedAddress(hostname), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export type FetchImage = (url: string) => Promise<Uint8Array | null>;

/**
 * Fetches an image's bytes, or null when it cannot be had within the limits. `allowPrivate` lets the tests reach
 * their own loopback server; the site never sets it.
 */
export function createImageFetcher(options: { allowPrivate?: boolean; timeoutMs?: number } = {}): FetchImage {
  const timeout = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  return (address) =>
    new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(address);
      } catch {
        return resolve(null);
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") return resolve(null);
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (!options.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) return resolve(null);
      const client = url.protocol === "https:" ? https : http;
      const request = client.get(
        url,
        { lookup: options.allowPrivate ? undefined : publicLookup, timeout, headers: { Accept: "image/*" } },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            return resolve(null);
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_UPLOAD_BYTES) {
              request.destroy();
              return resolve(null);
            }
            chunks.push(chunk);
          });
          response.on("end", () => resolve(size <= MAX_UPLOAD_BYTES ? Buffer.concat(chunks) : null));
          response.on("error", () => resolve(null));
        },
      );
      const timer = setTimeout(() => request.destroy(), timeout);
      request.on("close", () => clearTimeout(timer));
      request.on("timeout", () => request.destroy());
      request.on("error", () => resolve(null));
    });
}
