import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { scriptHashes } from "#server/ssr/page-cache.ts";
import { createSecurityHeaders, securityHeaders, type SecurityHeaderOptions } from "./headers.ts";

// The Content-Security-Policy of the inline stylesheet (decision 030): style elements by the stylesheet's hash, and
// on the admin page by its nonce too; style attributes inline. That the hash is the one of the text the built pages
// carry is checked against the built server (tests/e2e/inline-style.spec.ts).

const CSS = "body{color:red}.dark body{color:#fff}";
const CSS_SOURCE = `'sha256-${createHash("sha256").update(CSS, "utf8").digest("base64")}'`;
const PAGE = `<html><head><style>${CSS}</style><script>window.x=1</script></head><body style="color:blue"></body></html>`;

const OPTIONS: SecurityHeaderOptions = {
  siteUrl: "http://localhost",
  formOrigins: [],
  dev: false,
  trustProxy: false,
  publicOrigin: undefined,
  styleSources: [CSS_SOURCE],
};

/**
 * The security headers in front of two pages, each with the policy the page handler gives it
 * (server/ssr/page-handler.ts): the admin page with a nonce of its own, a public page with its scripts' hashes.
 */
function site() {
  const app = new Hono();
  app.use(securityHeaders(OPTIONS));
  const nonce = "bm9uY2Vub25jZW5vbmNlMQ==";
  const admin = createSecurityHeaders(OPTIONS).list(`'nonce-${nonce}'`, "http://localhost", nonce);
  app.get("/admin", (c) => c.html(PAGE, 200, Object.fromEntries(admin)));
  const page = createSecurityHeaders(OPTIONS).list(scriptHashes(PAGE), "http://localhost");
  app.get("/public", (c) => c.html(PAGE, 200, Object.fromEntries(page)));
  app.get("/api", (c) => c.json({}));
  return app;
}

function directives(response: Response): Record<string, string[]> {
  const policy = response.headers.get("content-security-policy") ?? "";
  return Object.fromEntries(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

describe("style-src", () => {
  it("allows style elements by the stylesheet's hash and the admin page's nonce, never by 'unsafe-inline'", async () => {
    const policy = directives(await site().request("/admin"));
    const nonce = policy["script-src"]?.find((source) => source.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}'$/);
    expect(policy["style-src"]).toEqual(["'self'", nonce, CSS_SOURCE]);
    // Attributes (React's style prop, an article's alignment) are not elements: they stay allowed.
    expect(policy["style-src-attr"]).toEqual(["'unsafe-inline'"]);
  });

  it("on a public page: the scripts' hashes and no nonce, the stylesheet's hash kept", async () => {
    const response = await site().request("/public");
    const policy = directives(response);
    expect(response.headers.get("content-security-policy")).not.toContain("'nonce-");
    expect(policy["script-src"]).toEqual(["'self'", ...scriptHashes(PAGE).split(" ")]);
    expect(policy["style-src"]).toEqual(["'self'", CSS_SOURCE]);
    expect(policy["style-src-attr"]).toEqual(["'unsafe-inline'"]);
  });

  it("on any other answer: no inline script at all, the stylesheet's hash kept", async () => {
    const policy = directives(await site().request("/api"));
    expect(policy["script-src"]).toEqual(["'self'"]);
    expect(policy["style-src"]).toEqual(["'self'", CSS_SOURCE]);
  });
});
