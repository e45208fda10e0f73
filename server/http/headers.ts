import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { SCRIPT_HASHES_HEADER } from "#server/ssr/page-cache.ts";

/**
 * Security headers on every response, with a per-request nonce for the inline scripts React Router writes.
 * `formOrigins`: an external contact form service (decision 012), which the page's fetch and its plain form
 * post both reach. In development Vite injects inline scripts and styles, so the CSP is left out.
 */
export function securityHeaders(options: {
  siteUrl: string;
  formOrigins: string[];
  dev: boolean;
}): MiddlewareHandler {
  const { formOrigins } = options;
  const headers = secureHeaders({
    contentSecurityPolicy: options.dev
      ? undefined
      : {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", NONCE],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // blob: for the admin page's preview of a chosen image before it is uploaded (URL.createObjectURL).
          imgSrc: ["'self'", "data:", "blob:", "https:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...formOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...formOrigins],
          frameAncestors: ["'none'"],
        },
    // Cross-origin isolation headers would block project images hosted elsewhere.
    crossOriginEmbedderPolicy: false,
    // "no-referrer" makes browsers send `Origin: null` on plain form posts, which React Router's CSRF check
    // refuses; this policy still sends no path to other sites.
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: options.siteUrl.startsWith("https:")
      ? "max-age=63072000; includeSubDomains"
      : false,
    // A response that sets its own header keeps it: uploaded images carry a stricter CSP (sandbox).
    overwrite: false,
  });
  // A page from the page cache has no nonce: its inline scripts are allowed by their hashes (server/ssr/page-cache.ts).
  return async (c, next) => {
    await headers(c, next);
    const hashes = c.res.headers.get(SCRIPT_HASHES_HEADER);
    if (hashes === null) return;
    c.res.headers.delete(SCRIPT_HASHES_HEADER);
    const policy = c.res.headers.get("Content-Security-Policy");
    if (policy) c.res.headers.set("Content-Security-Policy", policy.replace(/'nonce-[^']*'/, hashes));
  };
}
