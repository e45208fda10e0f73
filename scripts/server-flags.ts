// How `npm start` runs the server (package.json "start"; decisions 002 and 029). Node flags: PGlite's WebAssembly
// compiled by the baseline compiler only, which avoids a ~0.5 GB re-optimisation spike, and a 2 MB young
// generation, which keeps RSS after bursts of page renders down. They only work on the command line, so scripts
// that start the server themselves use this list; tests check that npm start and the Dockerfile match it.
export const SERVER_NODE_FLAGS: readonly string[] = ["--liftoff-only", "--max-semi-space-size=2"];

// The C library's allocator settings (glibc; other C libraries ignore them), read once before Node's first
// allocation, so they must be in the environment of the `node` command itself. Two arenas instead of one per
// thread, and a fixed trim threshold: without it glibc raises the threshold to twice the largest block freed
// so far (the 19 MiB of an argon2 password check at every start), after which up to ~40 MiB of freed memory
// stays in the process.
export const SERVER_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_TRIM_THRESHOLD_: "131072",
};

/** `NAME=value …` as a POSIX shell sets them before a command (package.json "start"). */
export const SERVER_ENV_PREFIX = Object.entries(SERVER_ENV)
  .map(([name, value]) => `${name}=${value}`)
  .join(" ");
