import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ownScripts } from "#server/ssr/page-cache.ts";
import { createSecurityHeaders, securityHeaders, type SecurityHeaderOptions } from "./headers.ts";

// The Content-Security-Policy of styles (decisions 006 and 037): the site's own stylesheet files, style elements by
// the request's nonce only (the admin's libraries write some), style attributes inline; on a public page no nonce. The built pages are checked against it in tests/e2e/stylesheet.spec.ts.

const MARKER = "0123456789abcdef0123456789abcdef";
const PAGE = `<html><head><link rel="stylesheet" href="/assets/root-1.css"><script nonce="${MARKER}">window.x=1</script></head><body style="color:blue"></body></html>`;
const { sources } = ownScripts(PAGE, MARKER);

const OPTIONS: SecurityHeaderOptions = {
  siteUrl: "http://localhost",
  formOrigins: [],
  dev: false,
  trustProxy: false,
  publicOrigin: undefined,
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
  const page = createSecurityHeaders(OPTIONS).list(sources, "http://localhost");
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
  it("allows the site's stylesheets and style elements by the admin page's nonce, never by 'unsafe-inline'", async () => {
    const policy = directives(await site().request("/admin"));
    const nonce = policy["script-src"]?.find((source) => source.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}'$/);
    expect(policy["style-src"]).toEqual(["'self'", nonce]);
    // Attributes (React's style prop, an article's alignment) are not elements: they stay allowed.
    expect(policy["style-src-attr"]).toEqual(["'unsafe-inline'"]);
  });

  it("on a public page: the scripts' hashes instead of a nonce, and no style element allowed", async () => {
    const response = await site().request("/public");
    const policy = directives(response);
    expect(response.headers.get("content-security-policy")).not.toContain("'nonce-");
    expect(policy["script-src"]).toEqual(["'self'", ...sources.split(" ")]);
    expect(policy["style-src"]).toEqual(["'self'"]);
    expect(policy["style-src-attr"]).toEqual(["'unsafe-inline'"]);
  });

  it("on any other answer: no inline script or style element at all", async () => {
    const policy = directives(await site().request("/api"));
    expect(policy["script-src"]).toEqual(["'self'"]);
    expect(policy["style-src"]).toEqual(["'self'"]);
  });
});
