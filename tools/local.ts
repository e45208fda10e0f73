import { createServer } from "node:net";

// What the tests, the benchmarks and Lighthouse share about this machine: Debian's Chromium and how to start
// it here, and a free loopback port.

export const CHROMIUM = "/usr/bin/chromium";

/**
 * Headless Chromium as root on a machine without internet: no sandbox and no GPU, and none of the background
 * connections (updates, sync, field trials) that a closed network refuses many at a time.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
