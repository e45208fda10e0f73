import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import direction (ARCHITECTURE "Rooms", STYLE.md §2): core imports nothing with I/O, db only core,
// server only core and db, and browser code never reaches server or database code except from *.server.ts.
const noIo = [
  "node:*",
  "fs",
  "path",
  "pg",
  "@electric-sql/pglite",
  "drizzle-orm",
  "drizzle-orm/*",
  "hono",
  "hono/*",
];

function restrict(patterns, message) {
  return { "no-restricted-imports": ["error", { patterns: [{ group: patterns, message }] }] };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "db/migrations/",
      "test-results/",
      "playwright-report/",
      "*.tmp.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // React Router loaders throw data()/redirect() responses on purpose (STACK-NOTES).
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
    files: ["core/**/*.ts"],
    ignores: ["core/**/*.test.ts"],
    rules: restrict(
      [...noIo, "**/db/**", "**/server/**", "**/app/**", "react", "react-router"],
      "core/ holds pure rules: no I/O, no app, server or database code.",
    ),
  },
  {
    files: ["db/**/*.ts"],
    ignores: ["db/**/*.test.ts"],
    rules: restrict(["**/server/**", "**/app/**", "react", "react-router"], "db/ may import core/ only."),
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/**/*.test.ts", "server/entry.ts", "server/dev.ts"],
    rules: restrict(
      ["**/app/**"],
      "server/ may import core/ and db/ only; the app is wired in server/entry.ts.",
    ),
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.ts", "app/entry.server.tsx"],
    rules: restrict(
      [...noIo.filter((name) => name !== "hono" && name !== "hono/*"), "hono", "**/server/**", "**/db/**"],
      "Browser code never imports server or database code; use a *.server.ts module.",
    ),
  },
  {
    files: ["app/features/*/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(?!\\.\\./)[^/]+/",
              message: "Features do not reach into each other; share through components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
);
