import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { SCRIPT_HASHES_HEADER } from "#server/ssr/page-cache.ts";
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from "./csp-report.ts";

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

/**
 * Whether the visitor reached the site over https. Behind a trusted proxy its X-Forwarded-Proto says so; otherwise
 * a SITE_URL that starts with https: says the site is only served that way (a proxy in front terminates TLS), as
 * does a request that came in over TLS itself.
 */
export function servedOverHttps(c: Context, options: { siteUrl: string; trustProxy: boolean }): boolean {
  const forwarded = options.trustProxy
    ? c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim().toLowerCase()
    : undefined;
  if (forwarded) return forwarded === "https";
  return options.siteUrl.startsWith("https:") || new URL(c.req.url).protocol === "https:";
}

/**
 * Security headers on every response, with a per-request nonce for the inline scripts React Router writes.
 * `formOrigins`: an external contact form service (decision 012), which the page's fetch and its plain form
 * post both reach. In development Vite injects inline scripts and styles, so the CSP is left out.
 */
export function securityHeaders(options: {
  siteUrl: string;
  formOrigins: string[];
  dev: boolean;
  trustProxy: boolean;
  /** SITE_URL's origin, when it is set. */
  publicOrigin: string | undefined;
  /** `'sha256-…'` of each `<style>` element the pages carry: the site's stylesheet, written inline (decision 030). */
  styleSources: readonly string[];
}): MiddlewareHandler {
  const { formOrigins } = options;
  const headers = secureHeaders({
    contentSecurityPolicy: options.dev
      ? undefined
      : {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", NONCE],
          // Style elements: the stylesheet by its hash (pages from the page cache carry no nonce), and with the
          // nonce those the admin's libraries write at run time (Radix's scroll lock, TipTap). Style attributes
          // (React's style prop, an article's alignment) stay allowed: they cannot load or run anything here.
          styleSrc: ["'self'", NONCE, ...options.styleSources],
          styleSrcAttr: ["'unsafe-inline'"],
          // blob: for the admin page's preview of a chosen image before it is uploaded (URL.createObjectURL).
          imgSrc: ["'self'", "data:", "blob:", "https:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...formOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...formOrigins],
          frameAncestors: ["'none'"],
          // Violations are reported to the log (server/http/csp-report.ts): `report-to` where the Reporting API
          // is, `report-uri` for the browsers without it.
          reportTo: CSP_REPORT_GROUP,
          reportUri: [CSP_REPORT_PATH],
        },
    // Cross-origin isolation headers would block project images hosted elsewhere.
    crossOriginEmbedderPolicy: false,
    // "no-referrer" makes browsers send `Origin: null` on plain form posts, which React Router's CSRF check
    // refuses; this policy still sends no path to other sites.
    referrerPolicy: "strict-origin-when-cross-origin",
    // Per request, below: only a visitor who came over https may be told to always come back that way.
    strictTransportSecurity: false,
    // A response that sets its own header keeps it: uploaded images carry a stricter CSP (sandbox).
    overwrite: false,
  });
  // A page from the page cache has no nonce: its inline scripts are allowed by their hashes (server/ssr/page-cache.ts),
  // its stylesheet by the hash above.
  return async (c, next) => {
    await headers(c, next);
    // The Reporting API's endpoint as an absolute address: the address the page was served at (or SITE_URL's).
    if (!options.dev && c.res.headers.has("Content-Security-Policy"))
      c.res.headers.set(
        "Reporting-Endpoints",
        `${CSP_REPORT_GROUP}="${options.publicOrigin ?? new URL(c.req.url).origin}${CSP_REPORT_PATH}"`,
      );
    if (!c.res.headers.has("Permissions-Policy")) c.res.headers.set("Permissions-Policy", PERMISSIONS_POLICY);
    if (servedOverHttps(c, options) && !c.res.headers.has("Strict-Transport-Security"))
      c.res.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    const hashes = c.res.headers.get(SCRIPT_HASHES_HEADER);
    if (hashes === null) return;
    c.res.headers.delete(SCRIPT_HASHES_HEADER);
    const policy = c.res.headers.get("Content-Security-Policy");
    if (policy) c.res.headers.set("Content-Security-Policy", withoutNonce(policy, hashes));
  };
}

/** The policy of a page stored without its nonce: the inline scripts' hashes in its place, and no nonce elsewhere. */
export function withoutNonce(policy: string, scriptHashes: string): string {
  return policy
    .split(";")
    .map((directive) => {
      const trimmed = directive.trim();
      return trimmed.startsWith("script-src ")
        ? trimmed.replace(/'nonce-[^']*'/, scriptHashes)
        : trimmed.replace(/\s*'nonce-[^']*'/g, "");
    })
    .join("; ");
}
