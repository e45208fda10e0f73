import { Hono, type Context } from "hono";
import type { Logger } from "#server/kernel/logger.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { apiFail } from "#server/http/errors.ts";
import { limitBody } from "#server/http/guards.ts";
import { CSP_REPORT_PATH } from "#server/http/headers.ts";
import type { RateLimits } from "#server/kernel/rate-limits.ts";

// POST /csp-report: what browsers say our Content-Security-Policy blocked (docs/product.md §24), as a warning in the
// log. Browsers send the legacy `report-uri` form (application/csp-report) or the Reporting API's
// (application/reports+json, named by `report-to`); both end here.

/** A report is a few hundred bytes; a batch of the Reporting API a few of them. */
export const CSP_REPORT_BODY_LIMIT = 32 * 1024;
/** Reports logged per address and minute; a page that breaks sends one per blocked resource. */
export const CSP_REPORTS_PER_MINUTE = 30;
/** Violations logged from one request: a batch may hold many, the log needs a few. */
const VIOLATIONS_PER_REQUEST = 10;
const FIELD_MAX = 300;

const REPORT_TYPES = new Set(["application/csp-report", "application/reports+json", "application/json"]);

export interface CspViolation {
  blockedUri: string | undefined;
  directive: string | undefined;
  documentUri: string | undefined;
  disposition: string | undefined;
  sourceFile: string | undefined;
  line: number | undefined;
  sample: string | undefined;
}

/** A text field of a report, trimmed to a length a log line can carry; URLs lose their query and fragment. */
function field(value: unknown, url = false): string | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  let text = value;
  if (url && /^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      const parsed = new URL(text);
      text = `${parsed.origin}${parsed.pathname}`;
    } catch {
      // Not a URL after all: logged as written, trimmed.
    }
  }
  return text.length > FIELD_MAX ? `${text.slice(0, FIELD_MAX)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The violations of a report body in either form; an empty list when it holds none. */
export function readViolations(body: unknown): CspViolation[] {
  // report-uri: { "csp-report": { "blocked-uri", "violated-directive", "effective-directive", … } }
  if (isRecord(body) && isRecord(body["csp-report"])) {
    const report = body["csp-report"];
    return [
      {
        blockedUri: field(report["blocked-uri"], true),
        directive: field(report["effective-directive"]) ?? field(report["violated-directive"]),
        documentUri: field(report["document-uri"], true),
        disposition: field(report.disposition),
        sourceFile: field(report["source-file"], true),
        line: typeof report["line-number"] === "number" ? report["line-number"] : undefined,
        sample: field(report["script-sample"]),
      },
    ];
  }
  // report-to: [{ "type": "csp-violation", "url", "body": { "blockedURL", "effectiveDirective", … } }, …]
  if (Array.isArray(body)) {
    return body
      .filter((entry) => isRecord(entry) && entry.type === "csp-violation" && isRecord(entry.body))
      .slice(0, VIOLATIONS_PER_REQUEST)
      .map((entry) => {
        const report = (entry as { body: Record<string, unknown> }).body;
        return {
          blockedUri: field(report.blockedURL, true),
          directive: field(report.effectiveDirective),
          documentUri: field(report.documentURL, true) ?? field((entry as { url?: unknown }).url, true),
          disposition: field(report.disposition),
          sourceFile: field(report.sourceFile, true),
          line: typeof report.lineNumber === "number" ? report.lineNumber : undefined,
          sample: field(report.sample),
        };
      });
  }
  return [];
}

export function cspReportRouter(deps: { logger: Logger; rateLimits: RateLimits; trustProxy: boolean }) {
  const refuse = (c: Context, status: 400 | 415 | 429, key: Parameters<typeof apiFail>[2]) => {
    c.header("Cache-Control", "no-store");
    return apiFail(c, status, key);
  };
  return new Hono<{ Variables: { requestId: string } }>().post(
    CSP_REPORT_PATH,
    limitBody(CSP_REPORT_BODY_LIMIT),
    async (c) => {
      const type = c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase();
      if (type === undefined || !REPORT_TYPES.has(type)) return refuse(c, 415, "cspReportType");
      const address = clientAddress(c, deps.trustProxy);
      let hits: number;
      try {
        ({ hits } = await deps.rateLimits.hit("csp-report", address, 60_000));
      } catch {
        // The database is away (/healthz says so): a report is not worth an error, nor a log line per request.
        return c.body(null, 204);
      }
      if (hits > CSP_REPORTS_PER_MINUTE) {
        c.header("Retry-After", "60");
        return refuse(c, 429, "cspReportLimited");
      }
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return refuse(c, 400, "invalidJson");
      }
      const violations = readViolations(body);
      if (violations.length === 0) return refuse(c, 400, "cspReportInvalid");
      for (const violation of violations) {
        deps.logger.warn("CSP violation", { ...violation, address, requestId: c.get("requestId") });
      }
      return c.body(null, 204);
    },
  );
}
