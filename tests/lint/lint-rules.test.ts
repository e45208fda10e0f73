import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";

// Each import rule of eslint.config.js fails on a file that breaks it (and a file that keeps it passes). The
// files are linted as if they stood at the given path, with the project's own configuration; type-aware rules
// are switched off here because the files do not exist on disk.

const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });
});

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const IMPORT_RULES = new Set([
  "import-x/no-restricted-paths",
  "import-x/no-nodejs-modules",
  "no-restricted-imports",
  "@typescript-eslint/no-restricted-imports",
  "import-x/no-cycle",
]);

const violations: [rule: string, file: string, code: string, expected: string][] = [
  [
    "core/ imports nothing with I/O (node:)",
    "core/bad.ts",
    'import { readFileSync } from "node:fs";\nexport const read = readFileSync;',
    "import-x/no-nodejs-modules",
  ],
  [
    "core/ imports no bare built-in (crypto)",
    "core/bad.ts",
    'import { createHash } from "crypto";\nexport const hash = createHash;',
    "import-x/no-nodejs-modules",
  ],
  [
    "core/ imports no bare built-in (child_process)",
    "core/bad.ts",
    'import { spawn } from "child_process";\nexport const run = spawn;',
    "import-x/no-nodejs-modules",
  ],
  [
    "core/ imports no database library",
    "core/bad.ts",
    'import { sql } from "drizzle-orm";\nexport const q = sql;',
    "no-restricted-imports",
  ],
  [
    "core/ imports no other room",
    "core/bad.ts",
    'import { projects } from "#db/schema.ts";\nexport const p = projects;',
    "import-x/no-restricted-paths",
  ],
  [
    "db/ imports only core/",
    "db/bad.ts",
    'import { loadEnv } from "#server/kernel/env.ts";\nexport const l = loadEnv;',
    "import-x/no-restricted-paths",
  ],
  [
    "config/ imports only core/",
    "config/bad.ts",
    'import { loadEnv } from "#server/kernel/env.ts";\nexport const l = loadEnv;',
    "import-x/no-restricted-paths",
  ],
  [
    "server/ never imports the app",
    "server/bad.ts",
    'import { useI18n } from "#app/lib/i18n.ts";\nexport const u = useI18n;',
    "import-x/no-restricted-paths",
  ],
  [
    "server/ never imports the app (relative path)",
    "server/http/bad.ts",
    'import { useI18n } from "../../app/lib/i18n.ts";\nexport const u = useI18n;',
    "import-x/no-restricted-paths",
  ],
  [
    "server/kernel/ imports no other part of the server",
    "server/kernel/bad.ts",
    'import { apiFail } from "#server/http/errors.ts";\nexport const f = apiFail;',
    "import-x/no-restricted-paths",
  ],
  [
    "server/kernel/ never imports the composition root",
    "server/kernel/storage/bad.ts",
    'import { createApp } from "#server/app.ts";\nexport const c = createApp;',
    "import-x/no-restricted-paths",
  ],
  [
    "server/http/ imports no feature",
    "server/http/bad.ts",
    'import { requireOwner } from "#server/features/auth/guards.ts";\nexport const r = requireOwner;',
    "import-x/no-restricted-paths",
  ],
  [
    "server/http/ imports no page code",
    "server/http/bad.ts",
    'import { pageAddress } from "#server/ssr/page-cache.ts";\nexport const k = pageAddress;',
    "import-x/no-restricted-paths",
  ],
  [
    "a server feature never imports the composition root",
    "server/features/projects/bad.ts",
    'import { createServices } from "#server/services.ts";\nexport const c = createServices;',
    "import-x/no-restricted-paths",
  ],
  [
    "a server feature never imports page code",
    "server/features/articles/bad.ts",
    'import { pageAddress } from "#server/ssr/page-cache.ts";\nexport const k = pageAddress;',
    "import-x/no-restricted-paths",
  ],
  [
    "server/ssr/ imports no feature",
    "server/ssr/bad.ts",
    'import { createArticles } from "#server/features/articles/service.ts";\nexport const c = createArticles;',
    "import-x/no-restricted-paths",
  ],
  [
    "a server feature takes another feature's service from the composition root",
    "server/features/articles/bad.ts",
    'import { createUploads } from "#server/features/uploads/service.ts";\nexport const c = createUploads;',
    "@typescript-eslint/no-restricted-imports",
  ],
  [
    "a server feature reaches no other feature by relative path",
    "server/features/articles/bad.ts",
    'import { createUploads } from "../uploads/service.ts";\nexport const c = createUploads;',
    "@typescript-eslint/no-restricted-imports",
  ],
  [
    "a feature never imports the database",
    "app/features/admin/forms/bad.tsx",
    'import { createDb } from "#db/client.ts";\nexport const c = createDb;',
    "@typescript-eslint/no-restricted-imports",
  ],
  [
    "a feature imports no database module but the input schemas (the tables)",
    "app/features/admin/forms/bad.tsx",
    'import { projects } from "#db/schema.ts";\nexport const p = projects;',
    "@typescript-eslint/no-restricted-imports",
  ],
  [
    "a feature never imports server code",
    "app/features/admin/api/bad.ts",
    'import { apiFail } from "#server/http/errors.ts";\nexport const f = apiFail;',
    "@typescript-eslint/no-restricted-imports",
  ],
  [
    "a feature never imports node:",
    "app/features/admin/bad.ts",
    'import { readFileSync } from "node:fs";\nexport const r = readFileSync;',
    "import-x/no-nodejs-modules",
  ],
  [
    "a route never imports node: outside *.server.ts",
    "app/routes/bad.tsx",
    'import { readFileSync } from "fs";\nexport const r = readFileSync;',
    "import-x/no-nodejs-modules",
  ],
  [
    "features stay apart at any depth",
    "app/features/admin/panels/bad.tsx",
    'import { Hero } from "#app/features/home/hero.tsx";\nexport const h = Hero;',
    "import-x/no-restricted-paths",
  ],
  [
    "features stay apart by relative path too",
    "app/features/admin/panels/bad.tsx",
    'import { Hero } from "../../home/hero.tsx";\nexport const h = Hero;',
    "import-x/no-restricted-paths",
  ],
  [
    "components never import features",
    "app/components/bad.tsx",
    'import { Hero } from "#app/features/home/hero.tsx";\nexport const h = Hero;',
    "import-x/no-restricted-paths",
  ],
];

describe("each import rule fails on a file that breaks it", () => {
  it.each(violations)("%s", async (_name, file, code, expected) => {
    expect(await ruleIds(file, code)).toContain(expected);
  });

  it("no file may be part of an import loop", async () => {
    // The fixtures are left out of the project's lint run (eslint.config.js ignores them); linted on purpose here.
    const forced = new ESLint({
      cwd: root,
      ignore: false,
      overrideConfig: [tseslint.configs.disableTypeChecked],
    });
    const results = await forced.lintFiles(["tests/lint/fixtures/cycle-a.ts"]);
    expect(results[0]?.messages.map((message) => message.ruleId)).toContain("import-x/no-cycle");
  });
});

describe("what the rules allow", () => {
  it.each([
    [
      "a feature imports its own folders and shared code",
      "app/features/admin/panels/ok.tsx",
      'import { adminRequest } from "#app/features/admin/api/request.ts";\nimport { Spinner } from "#app/components/ui/spinner.tsx";\nexport const x = [adminRequest, Spinner];',
    ],
    [
      "browser code imports the API's types",
      "app/features/admin/api/ok.ts",
      'import type { Project } from "#db/records.ts";\nexport type P = Project;',
    ],
    [
      "browser code checks a form with the API's input schemas",
      "app/features/admin/content/ok.tsx",
      'import { ProjectInputSchema } from "#db/inputs.ts";\nexport const s = ProjectInputSchema;',
    ],
    [
      "a *.server.ts module reads server services",
      "app/lib/ok.server.ts",
      'import { servicesContext } from "#server/services.ts";\nexport const s = servicesContext;',
    ],
    [
      "a server feature imports the kernel, http and its own folder",
      "server/features/articles/ok.ts",
      'import { loadEnv } from "#server/kernel/env.ts";\nimport { apiFail } from "#server/http/errors.ts";\nimport { createArticles } from "./service.ts";\nexport const x = [loadEnv, apiFail, createArticles];',
    ],
    [
      "a server feature imports another feature's types",
      "server/features/articles/ok.ts",
      'import type { Uploads } from "#server/features/uploads/service.ts";\nexport type U = Uploads;',
    ],
    [
      "the composition root imports every room of the server",
      "server/ok.ts",
      'import { createServices } from "./services.ts";\nimport { pageHandler } from "./ssr/page-handler.ts";\nimport { loadEnv } from "./kernel/env.ts";\nexport const x = [createServices, pageHandler, loadEnv];',
    ],
    [
      "the server imports the owner's config",
      "server/ok.ts",
      'import { siteConfig } from "#config/site.ts";\nexport const s = siteConfig;',
    ],
  ])("%s", async (_name, file, code) => {
    expect((await ruleIds(file, code)).filter((rule) => IMPORT_RULES.has(rule))).toEqual([]);
  });
});
