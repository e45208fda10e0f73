import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { scriptHashes } from "#server/ssr/page-cache.ts";
import { createSecurityHeaders, securityHeaders, type SecurityHeaderOptions } from "./headers.ts";

// The Content-Security-Policy of the inline stylesheet (decision 030): style elements by the stylesheet's hash and
// the request's nonce, style attributes inline, and on a page from the page cache the hash alone. That the hash is
// the one of the text the built pages carry is checked against the built server (tests/e2e/inline-style.spec.ts).

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
 * The security headers in front of two pages: one rendered now, and one as the page cache keeps it, with the
 * headers it is stored with (server/ssr/page-handler.ts).
 */
function site() {
  const app = new Hono();
  app.use(securityHeaders(OPTIONS));
  app.get("/rendered", (c) => c.html(PAGE));
  const stored = Object.fromEntries(
    createSecurityHeaders(OPTIONS).list(scriptHashes(PAGE), "http://localhost"),
  );
  app.get("/stored", (c) => c.html(PAGE, 200, stored));
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
  it("allows style elements by the stylesheet's hash and the request's nonce, never by 'unsafe-inline'", async () => {
    const policy = directives(await site().request("/rendered"));
    const nonce = policy["script-src"]?.find((source) => source.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}'$/);
    expect(policy["style-src"]).toEqual(["'self'", nonce, CSS_SOURCE]);
    // Attributes (React's style prop, an article's alignment) are not elements: they stay allowed.
    expect(policy["style-src-attr"]).toEqual(["'unsafe-inline'"]);
  });

  it("on a page from the page cache: the scripts' hashes instead of the nonce, the stylesheet's hash kept", async () => {
    const response = await site().request("/stored");
    const policy = directives(response);
    expect(response.headers.get("content-security-policy")).not.toContain("'nonce-");
    expect(policy["script-src"]).toEqual(["'self'", ...scriptHashes(PAGE).split(" ")]);
    expect(policy["style-src"]).toEqual(["'self'", CSS_SOURCE]);
    expect(policy["style-src-attr"]).toEqual(["'unsafe-inline'"]);
  });
});
