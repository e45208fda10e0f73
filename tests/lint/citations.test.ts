import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// The reasons live in the repository: every rule, architecture section and decision the code cites exists, and
// nothing in the code or the Markdown documents points at a file or a tracker number outside it.

const root = path.resolve(import.meta.dirname, "../..");
const sources = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.js", "*.css"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter(
    (file) => file !== "" && !file.startsWith("db/migrations/") && file !== "tests/lint/citations.test.ts",
  )
  .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));

/** The Markdown documents (README.md, docs/…), which must not point outside the repository either. */
const documents = execFileSync("git", ["ls-files", "*.md"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file !== "" && !file.startsWith("node_modules/"))
  .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));

const product = readFileSync(path.join(root, "docs/product.md"), "utf8");
const architecture = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
const decisions = readdirSync(path.join(root, "docs/decisions"));

/** Sections ("## §5 …") and numbered rules ("5.6. …") of docs/product.md. */
const productRules = new Set([
  ...[...product.matchAll(/^## §(\d+) /gm)].map((match) => match[1]!),
  ...[...product.matchAll(/^(\d+\.\d+)\. /gm)].map((match) => match[1]!),
]);
const architectureSections = new Set(
  [...architecture.matchAll(/^##+ (.+)$/gm)].map((match) => match[1]!.trim()),
);

function citations(pattern: RegExp): { file: string; cited: string }[] {
  return sources.flatMap(({ file, text }) =>
    [...text.matchAll(pattern)].map((match) => ({ file, cited: match[1]! })),
  );
}

describe("citations in the code", () => {
  it("name rules that docs/product.md has", () => {
    const cited = citations(/docs\/product\.md (?:"[^"]*" )?§(\d+(?:\.\d+)?)/g);
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter(({ cited: rule }) => !productRules.has(rule))).toEqual([]);
  });

  it("name sections that docs/architecture.md has", () => {
    const cited = citations(/docs\/architecture\.md "([^"]+)"/g);
    expect(cited.length).toBeGreaterThan(5);
    expect(cited.filter(({ cited: section }) => !architectureSections.has(section))).toEqual([]);
  });

  it("name decisions that exist", () => {
    const cited = citations(/\bdecisions? (\d{3})\b/g);
    expect(cited.length).toBeGreaterThan(5);
    expect(
      cited.filter(({ cited: number }) => !decisions.some((name) => name.startsWith(`${number}-`))),
    ).toEqual([]);
  });

  it("point at nothing outside the repository", () => {
    // Tracker numbers too (an issue, stop or task and its number): they mean nothing here; say what was asked.
    const patterns = [
      /\b(?:[Ss]pec §\d+|STACK-NOTES|ARCHITECTURE\b|STYLE\.md|issue #\d+)/g,
      /\b(?:issue|stop|task)s? ?#?\d+\b/gi,
    ];
    const outside = [...sources, ...documents].flatMap(({ file, text }) =>
      patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => `${file}: ${match[0]}`)),
    );
    expect(documents.map(({ file }) => file)).toContain("README.md");
    expect(documents.some(({ file }) => file.startsWith("docs/decisions/"))).toBe(true);
    expect(outside).toEqual([]);
  });

  it("name files that exist", () => {
    // A path in a comment or a document (`server/features/…/router.ts`) names a file of the repository as it is.
    const room = String.raw`(?<![\w./-])(?:core|db|config|server|app|scripts|tools|tests|docs|public)/[\w./-]+\.(?:ts|tsx|js|json|md|css|yaml|png|webp)\b`;
    const comment = /^\s*(?:\/\/|\*|\/\*)/;
    const named = [
      ...sources.flatMap(({ file, text }) =>
        text
          .split("\n")
          .filter((line) => comment.test(line))
          .flatMap((line) =>
            [...line.matchAll(new RegExp(room, "g"))].map((match) => ({ file, cited: match[0] })),
          ),
      ),
      ...documents.flatMap(({ file, text }) =>
        [...text.matchAll(new RegExp(room, "g"))].map((match) => ({ file, cited: match[0] })),
      ),
    ];
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter(({ cited }) => !existsSync(path.join(root, cited)))).toEqual([]);
  });
});
