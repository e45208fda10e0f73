import { describe, expect, it } from "vitest";
import { apiErrorText } from "#core/api-errors.ts";
import { siteConfig } from "#config/site.ts";
import { backends, useTestDatabase } from "#tests/helpers/databases.ts";
import { makeApp, ownerRequests, signIn } from "#tests/helpers/app.ts";
import { CSP_REPORT_BODY_LIMIT, CSP_REPORTS_PER_MINUTE } from "#server/features/csp-report/router.ts";
import { PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from "./headers.ts";

// Security headers, CSP violation reports and security.txt (docs/product.md §24).

const LEGACY_REPORT = {
  "csp-report": {
    "document-uri": "https://mona.dev/admin-mh2025?tab=articles#x",
    referrer: "",
    "violated-directive": "img-src",
    "effective-directive": "img-src",
    "original-policy": "default-src 'self'",
    disposition: "enforce",
    "blocked-uri": "https://tracker.example/pixel.png?user=42",
    "status-code": 200,
  },
};

const REPORTING_API_BATCH = [
  {
    type: "csp-violation",
    age: 10,
    url: "https://mona.dev/articles/hello",
    user_agent: "Chromium",
    body: {
      documentURL: "https://mona.dev/articles/hello",
      blockedURL: "eval",
      effectiveDirective: "script-src",
      disposition: "enforce",
      sourceFile: "https://mona.dev/assets/admin-x.js",
      lineNumber: 3,
      sample: "",
      statusCode: 200,
    },
  },
  { type: "deprecation", age: 1, url: "https://mona.dev/", body: { id: "x" } },
];

function report(body: string, type: string, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { "Content-Type": type, ...headers }, body };
}

describe.each(backends)("security headers on $name", (backend) => {
  const database = useTestDatabase(backend);

  describe("Strict-Transport-Security", () => {
    it.each([
      ["SITE_URL https", { SITE_URL: "https://mona.dev" }, {}, STRICT_TRANSPORT_SECURITY],
      ["SITE_URL http", { SITE_URL: "http://localhost:3000" }, {}, null],
      ["no SITE_URL", {}, {}, null],
      [
        "a trusted proxy that says https",
        { TRUST_PROXY: "1" },
        { "X-Forwarded-Proto": "https" },
        STRICT_TRANSPORT_SECURITY,
      ],
      [
        "a trusted proxy that says plain http, with SITE_URL https",
        { TRUST_PROXY: "1", SITE_URL: "https://mona.dev" },
        { "X-Forwarded-Proto": "http" },
        null,
      ],
      ["an untrusted X-Forwarded-Proto", {}, { "X-Forwarded-Proto": "https" }, null],
    ])("with %s: %o", async (_case, env, headers, expected) => {
      const { app } = makeApp(database(), env);
      for (const path of ["/api/projects", "/healthz", "/.well-known/security.txt"]) {
        const response = await app.request(path, { headers });
        expect(response.headers.get("strict-transport-security"), path).toBe(expected);
      }
    });
  });

  it("sends exactly the site's security headers, the external form service's origin in the policy", async () => {
    const { app } = makeApp(database(), {
      SITE_URL: "https://mona.dev",
      CONTACT_FORM_ENDPOINT: "https://forms.example/f/abc",
    });
    const response = await app.request("/api/projects", { headers: { Host: "mona.dev" } });
    // An answer that is no page runs no inline script: no nonce, no hash (pages name theirs, decision 008).
    const security = Object.fromEntries(
      [...response.headers].filter(([name]) => !["content-type", "x-request-id", "vary"].includes(name)),
    );
    expect(security).toEqual({
      "content-security-policy":
        "default-src 'self'; script-src 'self'; style-src 'self'; " +
        "style-src-attr 'unsafe-inline'; " +
        "img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self' https://forms.example; " +
        "object-src 'none'; base-uri 'self'; form-action 'self' https://forms.example; frame-ancestors 'none'; " +
        "report-to csp; report-uri /csp-report",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "permissions-policy": PERMISSIONS_POLICY,
      "referrer-policy": "strict-origin-when-cross-origin",
      "reporting-endpoints": 'csp="https://mona.dev/csp-report"',
      "strict-transport-security": STRICT_TRANSPORT_SECURITY,
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "SAMEORIGIN",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
  });

  it("denies the features the site never uses and keeps passkeys for itself", async () => {
    const response = await makeApp(database()).app.request("/api/projects");
    const policy = response.headers.get("permissions-policy") ?? "";
    const features: Record<string, string> = Object.fromEntries(
      policy.split(", ").map((entry) => entry.split("=") as [string, string]),
    );
    for (const denied of ["camera", "microphone", "geolocation", "payment", "usb", "serial"])
      expect(features[denied], denied).toBe("()");
    expect(features["publickey-credentials-get"]).toBe("(self)");
    expect(features["publickey-credentials-create"]).toBe("(self)");
  });

  it("names the report endpoint in the policy and in Reporting-Endpoints", async () => {
    const response = await makeApp(database()).app.request("/api/projects");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("report-to csp");
    expect(csp).toContain("report-uri /csp-report");
    expect(response.headers.get("reporting-endpoints")).toBe('csp="http://localhost/csp-report"');
    const behindSiteUrl = await makeApp(database(), { SITE_URL: "https://mona.dev" }).app.request("/");
    expect(behindSiteUrl.headers.get("reporting-endpoints")).toBe('csp="https://mona.dev/csp-report"');
  });

  describe("POST /csp-report", () => {
    it("logs a report-uri report at warn with the blocked address and directive, without queries", async () => {
      const { app, logger } = makeApp(database());
      const response = await app.request(
        "/csp-report",
        report(JSON.stringify(LEGACY_REPORT), "application/csp-report"),
      );
      expect(response.status).toBe(204);
      const lines = logger.lines.filter((line) => line.startsWith("warn CSP violation"));
      expect(lines).toHaveLength(1);
      const fields = JSON.parse(lines[0]!.slice("warn CSP violation ".length)) as Record<string, unknown>;
      expect(fields).toMatchObject({
        blockedUri: "https://tracker.example/pixel.png",
        directive: "img-src",
        documentUri: "https://mona.dev/admin-mh2025",
        disposition: "enforce",
      });
    });

    it("logs the violations of a Reporting API batch and skips its other reports", async () => {
      const { app, logger } = makeApp(database());
      const response = await app.request(
        "/csp-report",
        report(JSON.stringify(REPORTING_API_BATCH), "application/reports+json"),
      );
      expect(response.status).toBe(204);
      const lines = logger.lines.filter((line) => line.startsWith("warn CSP violation"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('"blockedUri":"eval"');
      expect(lines[0]).toContain('"directive":"script-src"');
      expect(lines[0]).toContain('"sourceFile":"https://mona.dev/assets/admin-x.js"');
    });

    it.each([
      ["text/plain", JSON.stringify(LEGACY_REPORT), 415, "cspReportType"],
      ["application/csp-report", "{not json", 400, "invalidJson"],
      ["application/csp-report", '{"csp-report": 1}', 400, "cspReportInvalid"],
      ["application/reports+json", '[{"type":"deprecation","body":{}}]', 400, "cspReportInvalid"],
      ["application/reports+json", '"\\u0000"', 400, "cspReportInvalid"],
      ["application/csp-report", '{"__proto__": {"csp-report": {}}}', 400, "cspReportInvalid"],
    ] as const)("refuses %s %j with %i in the visitor's language", async (type, body, status, key) => {
      const { app, logger } = makeApp(database());
      for (const language of ["en", "ar"] as const) {
        const response = await app.request(
          "/csp-report",
          report(body, type, { Cookie: `language=${language}` }),
        );
        expect(response.status).toBe(status);
        expect(await response.json()).toEqual({ error: apiErrorText(language, key) });
      }
      expect(logger.lines.filter((line) => line.startsWith("warn CSP violation"))).toEqual([]);
    });

    it("refuses a body over the limit with 413", async () => {
      const { app } = makeApp(database());
      const huge = JSON.stringify({ "csp-report": { "blocked-uri": "x".repeat(CSP_REPORT_BODY_LIMIT) } });
      const response = await app.request("/csp-report", report(huge, "application/csp-report"));
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: apiErrorText("en", "tooLarge") });
    });

    it("stops logging an address that floods it, while another address is still heard", async () => {
      const { app, logger } = makeApp(database(), { TRUST_PROXY: "1" });
      const from = (address: string) =>
        report(JSON.stringify(LEGACY_REPORT), "application/csp-report", { "X-Forwarded-For": address });
      const statuses: number[] = [];
      for (let i = 0; i < CSP_REPORTS_PER_MINUTE + 5; i++)
        statuses.push((await app.request("/csp-report", from("203.0.113.7"))).status);
      expect(statuses.filter((status) => status === 204)).toHaveLength(CSP_REPORTS_PER_MINUTE);
      expect(statuses.slice(CSP_REPORTS_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
      const limited = await app.request("/csp-report", from("203.0.113.7"));
      expect(limited.headers.get("retry-after")).toBe("60");
      expect(await limited.json()).toEqual({ error: apiErrorText("en", "cspReportLimited") });
      expect((await app.request("/csp-report", from("198.51.100.1"))).status).toBe(204);
      expect(logger.lines.filter((line) => line.startsWith("warn CSP violation"))).toHaveLength(
        CSP_REPORTS_PER_MINUTE + 1,
      );
    });

    it("takes a report posted without the page's Origin, as browsers send them", async () => {
      const { app } = makeApp(database());
      const response = await app.request(
        "/csp-report",
        report(JSON.stringify(LEGACY_REPORT), "application/csp-report", {
          Origin: "null",
          "Sec-Fetch-Site": "cross-site",
        }),
      );
      expect(response.status).toBe(204);
    });
  });

  describe("/.well-known/security.txt", () => {
    const now = new Date("2026-03-01T12:00:00Z");

    it("names the owner's e-mail, an expiry a year ahead, the languages and the canonical address", async () => {
      const { app } = makeApp(database(), { SITE_URL: "https://mona.dev" }, { now: () => now });
      const response = await app.request("/.well-known/security.txt");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toBe(
        [
          `Contact: mailto:${siteConfig.email}`,
          "Expires: 2027-03-01T12:00:00.000Z",
          "Preferred-Languages: en, ar",
          "Canonical: https://mona.dev/.well-known/security.txt",
          "",
        ].join("\n"),
      );
    });

    it("follows the owner's e-mail in the settings and has no Canonical without SITE_URL", async () => {
      const { app } = makeApp(database(), {}, { now: () => now });
      const cookie = await signIn(app, database());
      const owner = ownerRequests(app, () => cookie);
      const current = await owner("GET", "/api/settings");
      const saved = await owner("PUT", "/api/settings", { ...current.body, email: "security@mona.dev" });
      expect(saved.status).toBe(200);
      const text = await (await app.request("/.well-known/security.txt")).text();
      expect(text).toContain("Contact: mailto:security@mona.dev\n");
      expect(text).not.toContain("Canonical:");
    });
  });
});
