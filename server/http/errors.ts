import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { apiErrorText, issueText, type ApiErrorKey, type SchemaIssue } from "#core/api-errors.ts";
import type { TranslateVars } from "#core/i18n.ts";
import { readPreferences, type Language } from "#core/preferences.ts";
import type { DataHealth } from "#server/kernel/data-health.ts";
import { unreachableDatabaseError } from "#server/kernel/database.ts";
import type { Logger } from "#server/kernel/logger.ts";
import { StorageUnavailableError } from "#server/kernel/storage/image-store.ts";

/** The one API error shape (docs/architecture.md "API"). */
export interface ApiError {
  error: string;
  issues?: { path: string; message: string }[];
}

/** A refusal a service decides (not found, too large, …): the app turns it into the API's error shape. */
export class ServiceError extends Error {
  readonly status: ContentfulStatusCode;
  readonly key: ApiErrorKey;
  readonly vars?: TranslateVars;
  readonly path?: string;
  /** A schema issue the message names as {{detail}}, told in the same language. */
  readonly detail?: SchemaIssue;
  constructor(
    status: ContentfulStatusCode,
    key: ApiErrorKey,
    options: { vars?: TranslateVars; path?: string; detail?: SchemaIssue } = {},
  ) {
    super(key);
    this.name = "ServiceError";
    this.status = status;
    this.key = key;
    this.vars = options.vars;
    this.path = options.path;
    this.detail = options.detail;
  }

  /** The message in `language`. */
  text(language: Language): string {
    const vars: TranslateVars = { ...this.vars };
    if (this.detail) vars.detail = issueText(language, this.detail);
    return apiErrorText(language, this.key, vars);
  }
}

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  issues?: ApiError["issues"],
) {
  return c.json<ApiError>(issues ? { error, issues } : { error }, status);
}

/** The visitor's language, from the preference cookie the site sets (docs/product.md §3): API errors speak it. */
export function preferredLanguage(c: Context): Language {
  return readPreferences(c.req.header("Cookie")).language;
}

/**
 * The language of the page a form was sent from. Our pages state it as a bare `Accept-Language: ar` (or `en`), a
 * header any page may set, even across origins; a browser's own value ("en-US,en;q=0.9") is not a statement, and
 * the preference cookie decides then. The contact endpoint answers in it, so a form sent from /ar speaks Arabic.
 */
export function formLanguage(c: Context): Language {
  const stated = c.req.header("Accept-Language")?.trim().toLowerCase();
  return stated === "ar" || stated === "en" ? stated : preferredLanguage(c);
}

/** An API error whose message comes from the catalogue, in the visitor's language. */
export function apiFail(
  c: Context,
  status: ContentfulStatusCode,
  key: ApiErrorKey,
  vars?: TranslateVars,
  issues?: ApiError["issues"],
) {
  return apiError(c, status, apiErrorText(preferredLanguage(c), key, vars), issues);
}

/**
 * The app's last word on an error: a ServiceError becomes its API error; a database out of reach a 503, damaged
 * data a 503 and a full disk a 507, in the visitor's language (docs/product.md §23, damage and a full disk logged
 * once by `health`); anything else is logged, then 500.
 */
export function handleAppError(logger: Logger, health?: DataHealth): ErrorHandler {
  return (error, c) => {
    if (error instanceof ServiceError) {
      const message = error.text(preferredLanguage(c));
      return apiError(c, error.status, message, error.path ? [{ path: error.path, message }] : undefined);
    }
    // Hono's body parsers refuse a body that is not what its Content-Type says (JSON that does not parse).
    if (error instanceof HTTPException && error.status === 400 && c.req.path.startsWith("/api/"))
      return apiFail(c, 400, "invalidJson");
    if (error instanceof HTTPException) return error.getResponse();
    // The client went away while its body was being read (an upload cancelled, a closed tab): nothing failed
    // here, and nobody waits for the answer.
    if (requestAborted(error, c)) {
      logger.info("request aborted by the client", {
        requestId: c.get("requestId") as string | undefined,
        method: c.req.method,
        path: c.req.path,
      });
      return c.body(null, 400);
    }
    // Images or the database out of reach: nothing was done, and the request may be sent again.
    const unavailable =
      error instanceof StorageUnavailableError
        ? { key: "storageUnavailable" as const, log: "image storage unavailable", cause: error.cause }
        : unreachableDatabaseError(error)
          ? { key: "databaseUnavailable" as const, log: "database out of reach", cause: error }
          : undefined;
    if (unavailable) {
      logger.error(unavailable.log, {
        requestId: c.get("requestId") as string | undefined,
        method: c.req.method,
        path: c.req.path,
        error: String(unavailable.cause),
      });
      c.header("Retry-After", "30");
      if (c.req.path.startsWith("/api/")) return apiFail(c, 503, unavailable.key);
      return c.text(apiErrorText(preferredLanguage(c), unavailable.key), 503);
    }
    const problem = health?.note(error);
    if (problem) {
      const [status, key] =
        problem === "damaged" ? ([503, "dataDamaged"] as const) : ([507, "diskFull"] as const);
      c.header("Retry-After", problem === "damaged" ? "300" : "60");
      if (c.req.path.startsWith("/api/")) return apiFail(c, status, key);
      return c.text(apiErrorText(preferredLanguage(c), key), status);
    }
    // A reference to an item that is not there (deleted meanwhile, or never was): the services check the ones they
    // know of; this answers any other the same way rather than as a failure of the server.
    if (databaseErrorCode(error, /^23503$/)) {
      if (c.req.path.startsWith("/api/")) return apiFail(c, 422, "referenceMissing");
      return c.text(apiErrorText(preferredLanguage(c), "referenceMissing"), 422);
    }
    // A value the database refuses (docs/product.md §20): the request's fault, told without the SQL.
    const code = inputDatabaseError(error);
    if (code) {
      logger.warn("request refused by the database", {
        requestId: c.get("requestId") as string | undefined,
        method: c.req.method,
        path: c.req.path,
        code,
      });
      if (c.req.path.startsWith("/api/")) return apiFail(c, 400, "invalidInput");
      return c.text(apiErrorText(preferredLanguage(c), "invalidInput"), 400);
    }
    logger.error("request failed", {
      requestId: c.get("requestId") as string | undefined,
      method: c.req.method,
      path: c.req.path,
      error: String(error),
    });
    if (c.req.path.startsWith("/api/")) return apiFail(c, 500, "internal");
    return c.text("Internal server error", 500);
  };
}

/**
 * Whether `error` is Node's "aborted" of this request's own stream: the client closed the connection before its
 * body arrived whole. Its code, ECONNRESET, is also a database's dropped connection; the request's stream tells
 * them apart.
 */
function requestAborted(error: unknown, c: Context): boolean {
  const incoming = (c.env as { incoming?: { errored?: unknown; readableAborted?: boolean } } | undefined)
    ?.incoming;
  if (!incoming || !(incoming.readableAborted || incoming.errored)) return false;
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    if (current === incoming.errored || (current as { message?: unknown }).message === "aborted") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The SQLSTATE of a database error that a request's values caused (class 22, data exception: text the database
 * cannot store, a number or date out of range; 54000, a value too large to index), found along the error's
 * causes (Drizzle wraps the driver's error); undefined for any other error.
 */
export function inputDatabaseError(error: unknown): string | undefined {
  return databaseErrorCode(error, /^(22[0-9A-Z]{3}|54000)$/);
}

/** The SQLSTATE of a database error matching `codes`, found along the error's causes; undefined for any other. */
function databaseErrorCode(error: unknown, codes: RegExp): string | undefined {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && codes.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
