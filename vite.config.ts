import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// How the browser's code is split (decision 037). Each route keeps its own chunk, and what only some pages share is
// split as Rolldown decides; two groups gather what every page loads anyway, which otherwise came as ~25 small files:
// React, react-dom and React Router in one file, and our own modules that the entry, the root and the site layout
// import (the top bar, footer, translator, head tags) in another: fewer requests and less gzip than many small files.

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The modules every page runs: what the browser's entry, the root route and the site layout import, at any depth. */
const everyPage = new Set<string>();
function isOnEveryPage(id: string, ctx: ChunkingContext): boolean {
  if (everyPage.size === 0) {
    const queue = ["app/entry.client.tsx", "app/root.tsx", "app/routes/site-layout.tsx"].map((file) =>
      path.join(import.meta.dirname, file),
    );
    for (const next of queue) {
      if (everyPage.has(next)) continue;
      everyPage.add(next);
      queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  return everyPage.has(id);
}

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // The server bundle includes React: pin its production build, whoever imports the bundle (server.js or a test).
  define: command === "build" ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  // The server build's entry is our Hono app (docs/architecture.md "Platform notes": Vite 8 ignores the old isSsrBuild branch).
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // Our own code only (a package's index would pull in every icon any page uses), without the
                  // stylesheet (it stays the root's) and the route modules (each route's own chunk).
                  name: (id, ctx) => (isOnEveryPage(id, ctx) ? "shell" : null),
                  test: (id) =>
                    !/node_modules|\.css$|app[\\/](entry\.client|root)\.tsx$|app[\\/]routes[\\/]/.test(id),
                  priority: 1,
                },
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 2,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        rollupOptions: { input: "./server/entry.ts" },
      },
    },
  },
  optimizeDeps: {
    // Every module the browser may load, lazy ones included, so the development server bundles their
    // dependencies once at start instead of finding one later and reloading the page.
    entries: ["app/**/*.{ts,tsx}", "!app/**/*.server.ts", "!app/**/*.test.ts", "!app/entry.server.tsx"],
    // Server-only packages the scan meets through route modules; the CV's PDF compiler is a native Node module.
    exclude: ["@electric-sql/pglite", "drizzle-orm", "pg", "@myriaddreamin/typst-ts-node-compiler"],
  },
  // The server build bundles its dependencies: loading hundreds of small ES modules from node_modules
  // (drizzle-orm alone) cost ~130 MB of RSS at start, and a bundle keeps only the icons and code we use.
  // PGlite (WebAssembly files), pg (optional native parts), jsdom (loaded on demand) and sharp (a native
  // module with its own libvips binaries) and the Typst compiler (a native module) stay outside. The development server loads dependencies from
  // node_modules as Node does (bundling CommonJS React there fails with "module is not defined").
  ssr:
    command === "build"
      ? {
          noExternal: true,
          external: [
            "@electric-sql/pglite",
            "pg",
            "jsdom",
            "dompurify",
            "sharp",
            "@myriaddreamin/typst-ts-node-compiler",
            "@zxcvbn-ts/language-common",
          ],
        }
      : {},
}));
