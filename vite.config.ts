import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The server build's entry is our Hono app (STACK-NOTES: Vite 8 ignores the old isSsrBuild branch).
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
  ssr: {
    external: ["@electric-sql/pglite", "jsdom", "dompurify"],
  },
});
