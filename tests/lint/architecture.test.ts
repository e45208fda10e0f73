import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "#server/kernel/env.ts";
import { makeApp } from "#tests/helpers/app.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";

// docs/architecture.md is the house as it is: its environment list is the variables `server/kernel/env.ts` reads,
// and its API table the routes the app's routers answer.

const root = path.resolve(import.meta.dirname, "../..");
const architecture = readFileSync(path.join(root, "docs/architecture.md"), "utf8");

/** The text of one `## ` section of docs/architecture.md. */
function section(title: string): string {
  const start = architecture.indexOf(`\n## ${title}\n`);
  expect(start, `docs/architecture.md has a section "${title}"`).toBeGreaterThan(-1);
  const end = architecture.indexOf("\n## ", start + 1);
  return architecture.slice(start, end === -1 ? undefined : end);
}

describe("docs/architecture.md", () => {
  it("lists every environment variable the server reads, and no other", () => {
    const listed = new Set(
      [...section("Environment").matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!),
    );
    const read = new Set(ENV_VARIABLES.filter((name) => name !== "NODE_ENV"));
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !read.has(name))).toEqual([]);
  });

  const database = useTestDatabase(backends[0]!);

  it("lists every route of the JSON API the routers answer, and no other", () => {
    const { app } = makeApp(database());
    const answered = new Set(
      app.routes
        .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/"))
        .map((route) => `${route.method} ${route.path}`),
    );
    const listed = new Set(
      [...section("API").matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^`?\s]*)/g)].map(
        (match) => match[1]!,
      ),
    );
    expect([...answered].filter((route) => !listed.has(route)).sort()).toEqual([]);
    expect([...listed].filter((route) => !answered.has(route)).sort()).toEqual([]);
  });
});
