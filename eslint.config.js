import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The import direction of docs/architecture.md "Rooms", enforced here; tests/lint/lint-rules.test.ts proves
// that each rule below fails on a file that breaks it.
//   core/    pure rules: imports nothing with I/O and no other room
//   db/      imports only core/        config/  imports only core/
//   server/  never imports app/        app/     browser code never imports server/, db/ or node:* (types aside)
//   app/features/X never imports another feature; app/components and app/lib never import features
// Inside server/, no import runs upward: kernel/ < http/ < features/<name>/ and ssr/ < the composition root
// (server/*.ts: app.ts, services.ts, runtime.ts, entry.ts, dev.ts); server/features/X imports another feature's
// types only (its services come from the composition root).
// And nowhere may two files import each other, however long the loop.

const rooms = ["core", "db", "config", "server", "app", "tools", "scripts", "tests"];
const others = (...allowed) => rooms.filter((room) => !allowed.includes(room)).map((room) => `./${room}`);
const foldersOf = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = foldersOf("./app/features");
const serverFeatures = foldersOf("./server/features");

const zones = [
  { target: "./core", from: others("core"), message: "core/ holds pure rules and imports no other room." },
  { target: "./db", from: others("db", "core"), message: "db/ may import core/ only." },
  { target: "./config", from: others("config", "core"), message: "config/ may import core/ only." },
  {
    target: "./server",
    from: others("server", "core", "db", "config"),
    message: "server/ may import core/, db/ and config/; never the app.",
  },
  {
    target: "./app",
    from: ["./tools", "./scripts", "./tests"],
    message: "The app does not import tools, scripts or tests.",
  },
  ...features.map((feature) => ({
    target: `./app/features/${feature}`,
    from: "./app/features",
    except: [`./${feature}`],
    message: "Features do not reach into each other; share through app/components or app/lib.",
  })),
  {
    target: ["./app/components", "./app/lib"],
    from: "./app/features",
    message: "Shared components and lib code never import a feature.",
  },
  {
    target: "./server/kernel",
    from: "./server",
    except: ["./kernel"],
    message: "server/kernel/ is the server's ground floor: it imports no other part of the server.",
  },
  {
    target: "./server/http",
    from: "./server",
    except: ["./kernel", "./http"],
    message: "server/http/ holds middleware: it imports server/kernel/ only.",
  },
  {
    target: "./server/features",
    from: "./server",
    except: ["./kernel", "./http", "./features"],
    message:
      "A feature imports server/kernel/ and server/http/; the composition root (server/*.ts) hands it the rest.",
  },
  {
    target: "./server/ssr",
    from: "./server",
    except: ["./kernel", "./http", "./ssr"],
    message:
      "server/ssr/ imports server/kernel/ and server/http/; the services reach pages through the load context.",
  },
];

const IO_PACKAGES = [
  "pg",
  "@electric-sql/pglite",
  "drizzle-orm",
  "drizzle-orm/*",
  "drizzle-zod",
  "hono",
  "hono/*",
  "@hono/*",
  "nodemailer",
  "sharp",
  "jsdom",
  "react",
  "react-dom",
  "react-router",
];

/** Browser code: everything under app/ that is not a *.server.ts module, the server entry or a test. */
const browserFiles = ["app/**/*.ts", "app/**/*.tsx"];
const notBrowser = ["app/**/*.server.ts", "app/entry.server.tsx", "app/**/*.test.ts"];
const sources = ["**/*.ts", "**/*.tsx", "**/*.js"];
const tests = ["**/*.test.ts", "tests/**"];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "db/migrations/",
      "test-results/",
      "playwright-report/",
      "tests/lint/fixtures/",
      "*.tmp.mjs",
      "*.tmp.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { "import-x": importX },
    settings: {
      // no-cycle follows imports into .ts and .tsx files, which it must parse as TypeScript.
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      // React Router loaders throw data()/redirect() responses on purpose.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            {
              from: "package",
              package: "react-router",
              name: ["DataWithResponseInit", "UNSAFE_DataWithResponseInit"],
            },
          ],
        },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Plain JavaScript entry scripts are small and untyped: lint them without type information.
    files: ["**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: sources,
    ignores: tests,
    rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones }] },
  },
  ...serverFeatures.map((feature) => ({
    files: [`server/features/${feature}/**/*.ts`],
    ignores: tests,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^(#server/features/(?!${feature}/)|\\.\\./)`,
              allowTypeImports: true,
              message:
                "A feature imports another feature's types only; its services come from the composition root (server/services.ts).",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["core/**/*.ts"],
    ignores: tests,
    rules: {
      "import-x/no-nodejs-modules": "error",
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: IO_PACKAGES, message: "core/ holds pure rules: no I/O, no framework." }] },
      ],
    },
  },
  {
    files: browserFiles,
    ignores: notBrowser,
    rules: {
      "import-x/no-nodejs-modules": "error",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "\\#server/*",
                "\\#db/*",
                "**/server/**",
                "**/db/**",
                "pg",
                "@electric-sql/pglite",
                "drizzle-orm",
                // The input schemas, which the admin's forms check with before sending (decision 009).
                "!\\#db/inputs.ts",
              ],
              allowTypeImports: true,
              message:
                "Browser code never imports server or database code (types aside, and db/inputs.ts); use a *.server.ts module.",
            },
          ],
        },
      ],
    },
  },
);
