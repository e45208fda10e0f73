import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";

/** Where browsers send what the policy blocked (server/features/csp-report/router.ts). */
export const CSP_REPORT_PATH = "/csp-report";
/** The name of the endpoint in the Reporting-Endpoints header, which the policy's `report-to` names. */
export const CSP_REPORT_GROUP = "csp";

/** Two years, and every subdomain: what the HSTS preload list asks for (docs/product.md §24). */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * Powerful features the site never uses, denied to it and to anything it could embed (docs/product.md §24).
 * Passkeys (WebAuthn) stay allowed for the site itself. Only features Chromium knows: an unknown one is a console
 * error on every page.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-create=(self)",
  "publickey-credentials-get=(self)",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** What decides the security headers: the site's settings, fixed for the life of the app. */
export interface SecurityHeaderOptions {
  siteUrl: string;
  formOrigins: string[];
  dev: boolean;
  trustProxy: boolean;
  /** SITE_URL's origin, when it is set. */
  publicOrigin: string | undefined;
}

/**
 * Whether the visitor reached the site over https. Behind a trusted proxy its X-Forwarded-Proto says so; otherwise
 * a SITE_URL that starts with https: says the site is only served that way (a proxy in front terminates TLS), as
 * does a request that came in over TLS itself. `forwardedProto` is the request's X-Forwarded-Proto header and
 * `protocol` its own (`http:` or `https:`).
 */
export function isHttpsRequest(
  request: { forwardedProto: string | undefined; protocol: string },
  options: Pick<SecurityHeaderOptions, "siteUrl" | "trustProxy">,
): boolean {
  const forwarded = options.trustProxy
    ? request.forwardedProto?.split(",")[0]?.trim().toLowerCase()
    : undefined;
  if (forwarded) return forwarded === "https";
  return options.siteUrl.startsWith("https:") || request.protocol === "https:";
}

/** `isHttpsRequest` for a request in the app. */
export function servedOverHttps(c: Context, options: Pick<SecurityHeaderOptions, "siteUrl" | "trustProxy">) {
  return isHttpsRequest(
    { forwardedProto: c.req.header("X-Forwarded-Proto"), protocol: new URL(c.req.url).protocol },
    options,
  );
}

/**
 * The security headers of the site (docs/product.md §24), as one list of names and values: what every response
 * carries unless it set the header itself. `scriptSources` are the CSP's script sources beside 'self': a public
 * page's inline scripts by their hashes, or the admin page's nonce (decision 008); `origin` is the address the page
 * was served at (the Reporting API's endpoint names it, or SITE_URL's). `formOrigins`: an external contact form
 * service (decision 012), which the page's fetch and its plain form post both reach. In development Vite injects
 * inline scripts and styles, so the CSP is left out.
 */
export function createSecurityHeaders(options: SecurityHeaderOptions) {
  const { formOrigins } = options;
  // Cross-origin isolation (Cross-Origin-Embedder-Policy) would block project images hosted elsewhere.
  // "no-referrer" makes browsers send `Origin: null` on plain form posts, which React Router's CSRF check refuses;
  // this Referrer-Policy still sends no path to other sites. Strict-Transport-Security is per request, below.
  const fixed: [string, string][] = [
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "SAMEORIGIN"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
  ];
  // The policy around the script and style sources: everything before them, and everything after. Stylesheets:
  // the site's own files, and with the nonce the style elements the admin's libraries write at run time (Radix's
  // scroll lock, TipTap). Style attributes (React's style prop, an article's alignment) stay allowed: they cannot
  // load or run anything here (decision 006).
  const [before, after] = [
    "default-src 'self'; script-src 'self'",
    [
      "",
      "style-src-attr 'unsafe-inline'",
      // blob: for the admin page's preview of a chosen image before it is uploaded (URL.createObjectURL).
      "img-src 'self' data: blob: https:",
      "font-src 'self'",
      ["connect-src 'self'", ...formOrigins].join(" "),
      "object-src 'none'",
      "base-uri 'self'",
      ["form-action 'self'", ...formOrigins].join(" "),
      "frame-ancestors 'none'",
      // Violations are reported to the log (server/features/csp-report/router.ts): `report-to` where the Reporting API is,
      // `report-uri` for the browsers without it.
      `report-to ${CSP_REPORT_GROUP}`,
      `report-uri ${CSP_REPORT_PATH}`,
    ].join("; "),
  ];
  const csp = !options.dev;
  return {
    /** Whether pages carry a Content-Security-Policy (and so a nonce). */
    csp,
    /** Every security header but Strict-Transport-Security, which depends on the request (`isHttpsRequest`). */
    list(scriptSources: string, origin: string, nonce?: string): [string, string][] {
      if (!csp) return [...fixed, ["Permissions-Policy", PERMISSIONS_POLICY]];
      const sources = (...parts: string[]) => parts.filter(Boolean).join(" ");
      const style = nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'";
      return [
        ...fixed,
        ["Content-Security-Policy", `${sources(before, scriptSources)}; ${style}${after}`],
        // The Reporting API's endpoint as an absolute address: the address the page was served at (or SITE_URL's).
        ["Reporting-Endpoints", `${CSP_REPORT_GROUP}="${options.publicOrigin ?? origin}${CSP_REPORT_PATH}"`],
        ["Permissions-Policy", PERMISSIONS_POLICY],
      ];
    },
  };
}

export type SecurityHeaders = ReturnType<typeof createSecurityHeaders>;

/** A new CSP nonce: 16 random bytes in base64. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Security headers on every response. A response that set a header itself keeps it: uploaded images carry a
 * stricter CSP (sandbox), and pages carry the policy that allows their inline scripts (server/ssr/page-handler.ts).
 * Any other answer runs no inline script.
 */
export function securityHeaders(
  options: SecurityHeaderOptions,
  headers = createSecurityHeaders(options),
): MiddlewareHandler {
  // The same list for every answer from one origin: the site's, or each request's without SITE_URL.
  let last: { origin: string; list: [string, string][] } | undefined;
  const listFor = (origin: string) =>
    last?.origin === origin ? last.list : (last = { origin, list: headers.list("", origin) }).list;
  return async (c, next) => {
    await next();
    const response = c.res.headers;
    for (const [name, value] of listFor(options.publicOrigin ?? new URL(c.req.url).origin)) {
      // The endpoint goes with whichever policy the response has.
      if (name === "Reporting-Endpoints") {
        if (response.has("Content-Security-Policy") && !response.has(name)) response.set(name, value);
      } else if (!response.has(name)) response.set(name, value);
    }
    response.delete("X-Powered-By");
    // Only a visitor who came over https may be told to always come back that way.
    if (servedOverHttps(c, options) && !response.has("Strict-Transport-Security"))
      response.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  };
}
