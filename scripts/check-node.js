// npm scripts must run on the Node 24 that the `node` package installs (STACK-NOTES "npm install scripts").
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(`Expected Node.js 24 from node_modules/.bin, got ${process.version}. Run \`npm ci\` again.`);
  process.exit(1);
}
