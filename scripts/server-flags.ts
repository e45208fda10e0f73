// The Node flags `npm start` runs the server with (package.json "start"; decision 002): PGlite's WebAssembly
// compiled by the baseline compiler only, which avoids a ~0.5 GB re-optimisation spike, and a 2 MB young
// generation, which keeps RSS after bursts of page renders near 250 MB instead of ~400 MB. They only work on
// the command line, so scripts that start the server themselves use this list; a test checks it matches.
export const SERVER_NODE_FLAGS: readonly string[] = ["--liftoff-only", "--max-semi-space-size=2"];
