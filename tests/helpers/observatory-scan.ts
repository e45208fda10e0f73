import { scan } from "@mdn/mdn-http-observatory";

// Runs Mozilla's HTTP Observatory scanner (npm @mdn/mdn-http-observatory) on one address and prints its result as
// JSON: `node tests/helpers/observatory-scan.ts localhost:8443/ar`. A process of its own, because the scanner
// trusts certificates through NODE_EXTRA_CA_CERTS, which Node reads only when it starts (tests/e2e/headers.spec.ts).
// The scanner puts the host into `http://{host}` and `https://{host}`, so a port and a path ride along with it.

const target = process.argv[2];
if (!target) throw new Error("usage: node tests/helpers/observatory-scan.ts HOST[:PORT][/PATH]");
const result = await scan(target);
const tests = Object.fromEntries(
  Object.entries(result.tests).map(([name, test]) => [
    name,
    {
      pass: test.pass,
      result: test.result,
      scoreModifier: test.scoreModifier,
      expectation: test.expectation,
    },
  ]),
);
process.stdout.write(JSON.stringify({ scan: { ...result.scan, responseHeaders: undefined }, tests }));
