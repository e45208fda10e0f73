// `npm start` runs the built server; `npm run dev` runs Vite in middleware mode in front of the same Hono app.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `Sira needs Node.js 24 or newer, but this is ${process.version}. Run it through npm (npm start), ` +
      "which uses the Node 24 that `npm ci` installs, or install Node 24 LTS.",
  );
  process.exit(1);
}

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
