import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // The server bundle includes React: pin its production build, whoever imports the bundle (server.js or a test).
  define: command === "build" ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  // The server build's entry is our Hono app (docs/architecture.md "Platform notes": Vite 8 ignores the old isSsrBuild branch).
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: "./server/entry.ts" },
      },
    },
  },
  optimizeDeps: {
    exclude: ["@electric-sql/pglite", "drizzle-orm", "pg"],
  },
  // The server build bundles its dependencies: loading hundreds of small ES modules from node_modules
  // (drizzle-orm alone) cost ~130 MB of RSS at start, and a bundle keeps only the icons and code we use.
  // PGlite (WebAssembly files), pg (optional native parts), jsdom (loaded on demand) and sharp (a native
  // module with its own libvips binaries) stay outside. The development server loads dependencies from
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
            "@zxcvbn-ts/language-common",
          ],
        }
      : {},
}));
