// `npm start` runs the built server; `npm run dev` runs Vite in middleware mode in front of the same Hono app.
import "./scripts/env-file.js";
import { requireNode24 } from "./scripts/check-node.js";

requireNode24();

const dev = process.argv.includes("--dev");
// React and other libraries pick their production builds from NODE_ENV when first loaded; without this the
// server would render with React's development build (several times slower).
process.env.NODE_ENV ??= dev ? "development" : "production";

if (dev) {
  const { startDevServer } = await import("./scripts/dev-server.js");
  await startDevServer();
} else {
  const { main } = await import("./build/server/index.js");
  await main();
}
